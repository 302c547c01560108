// Editor intelligence on a 2,000-line tracer over LSP (dist/server.js over stdio): completion and hover
// latency, p50/p95 over many requests, measured at the client (so including JSON-RPC and the pipe).
import { performance } from 'node:perf_hooks';
import type { Position } from 'vscode-languageserver-protocol';
import { startServer } from '../test/support/lsp-client';

const REQUESTS = 200;

/** A tracer of about `lines` lines: state, many helper methods using the API, and all hooks. */
function bigTracer(lines: number): { text: string; typing: Position; ctxDot: Position; hover: Position } {
  const out = ['{', '  counts: {},', '  depth: 0,'];
  for (let i = 0; out.length < lines - 9; i++) {
    out.push(
      `  helper${i}: function (log, db) {`,
      `    var top = log.stack.peek(0);`,
      `    var addr = toAddress(top.toString(16));`,
      `    if (log.op.toString() === 'SLOAD' && db.exists(addr)) {`,
      `      this.counts['h${i}'] = (this.counts['h${i}'] || 0) + db.getBalance(addr).toJSNumber();`,
      `    }`,
      `    return toHex(log.memory.slice(0, 32));`,
      `  },`,
    );
  }
  out.push(
    '  step: function (log, db) {',
    '    this.depth = log.getDepth();',
    '    log.',
    '  },',
    '  fault: function (log, db) {},',
    '  result: function (ctx, db) {',
    '    return { used: ctx.gasUsed, counts: this.counts };',
    '  }',
    '}',
  );
  const at = (needle: string, into: number): Position => {
    const line = out.findIndex((l) => l.includes(needle));
    return { line, character: out[line].indexOf(needle) + into };
  };
  return { text: out.join('\n') + '\n', typing: at('    log.', 8), ctxDot: at('ctx.gasUsed', 4), hover: at('peek(0)', 1) };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function time(label: string, run: (i: number) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 20; i++) await run(i); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    await run(i);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(46)} p50 ${percentile(samples, 50).toFixed(2)} ms   p95 ${percentile(samples, 95).toFixed(2)} ms   (${REQUESTS} requests)`,
  );
}

export default async function intelBench(): Promise<void> {
  const { text, typing, ctxDot, hover } = bigTracer(2000);
  console.log(`tracer: ${text.split('\n').length - 1} lines, ${text.length} characters`);
  const client = await startServer();
  try {
    const incomplete = await client.open('bench-typing.tracer.js', text);
    const complete = await client.open('bench-complete.tracer.js', text.replace('    log.\n', '    log.getPC();\n'));
    const completion = (uri: string, position: Position) => async () => {
      const items = await client.connection.sendRequest<Array<{ label: string }> | null>('textDocument/completion', {
        textDocument: { uri },
        position,
      });
      if (!items || items.length < 10)
        throw new Error(`completion at ${JSON.stringify(position)} gave ${items?.length ?? 0} items: the bench measures nothing`);
    };
    // Two more unfinished lines in the hook: the member at the cursor does not parse even with a placeholder.
    const unfinished = await client.open(
      'bench-unfinished.tracer.js',
      text.replace('    this.depth = log.getDepth();\n', '    this.depth = log.getDepth(\n    var x = db.\n'),
    );
    await time('completion after `log.` (line does not parse)', completion(incomplete, typing));
    await time(
      'completion after `log.`, 2 more lines unfinished',
      completion(unfinished, { line: typing.line + 1, character: typing.character }),
    );
    await time('completion after `ctx.` (file parses)', completion(complete, ctxDot));
    await time('hover on log.stack.peek', () =>
      client.connection.sendRequest('textDocument/hover', { textDocument: { uri: complete }, position: hover }),
    );
    let version = 1;
    // The edit makes the server re-analyse the whole file for diagnostics first; the hover waits behind it.
    await time('edit, then hover (after the parse of the new version)', async () => {
      version++;
      await client.change(complete, version, [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: ' ' }]);
      return client.connection.sendRequest('textDocument/hover', { textDocument: { uri: complete }, position: hover });
    });
  } finally {
    await client.close();
  }
}
