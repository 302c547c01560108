// Lint figures on a 2,000-line tracer: warm median of analyzeTracer, and its ratio to a bare acorn parse of
// the same text (measured in the same run), then the LSP round trip didChange → pushed diagnostics (p95)
// against dist/server.js.
import { parse } from 'acorn';
import { performance } from 'node:perf_hooks';
import { analyzeTracer } from '../core/tracer/analyze';
import { parseTracer } from '../core/tracer/parse';
import { rules } from '../core/tracer/rules';
import { startServer } from '../test/support/lsp-client';

const WARMUP = 20;
const RUNS = 100;
const ROUND_TRIPS = 100;

/** A realistic tracer: state, helpers and hooks, about 2,000 lines, a few warnings (comments, quotes). */
function bigTracer(lines = 2000): string {
  const parts = ['// generated for the benchmark', '{', '  calls: [],', '  counts: {},'];
  for (let i = 0; parts.length < lines - 12; i++) {
    parts.push(
      `  helper${i}: function (log, db) {`,
      `    var op = log.op.toString();`,
      // Every 25th helper carries what an unfinished tracer has: a double-quoted string and a comment.
      i % 25 === 0 ? `    if (op === 'CALL' || op === "STATICCALL") {` : `    if (op === 'CALL' || op === 'STATICCALL') {`,
      `      this.calls.push({ pc: log.getPC(), depth: log.getDepth(), gas: log.getGas() });`,
      `    }`,
      `    this.counts[op] = (this.counts[op] || 0) + ${i};${i % 25 === 0 ? ' /* tally */' : ''}`,
      `    return this.counts[op] / 2;`,
      `  },`,
    );
  }
  parts.push(
    '  step: function (log, db) {',
    '    this.helper0(log, db);',
    '  },',
    '  fault: function (log, db) {},',
    '  result: function (ctx, db) {',
    '    return { calls: this.calls, counts: this.counts };',
    '  }',
    '}',
    '',
  );
  return parts.join('\n');
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function timeEach(runs: number, work: () => void): number[] {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    work();
    samples.push(performance.now() - start);
  }
  return samples;
}

export default async function lintBench(): Promise<void> {
  const text = bigTracer();
  const lineCount = text.split('\n').length;
  const lint = () => analyzeTracer(text, { ecmaVersion: 5 });
  const bare = () => parse(`(${text})`, { ecmaVersion: 5 });
  timeEach(WARMUP, lint);
  timeEach(WARMUP, bare);
  // Interleave the two so machine noise hits both alike.
  const lintSamples: number[] = [];
  const parseSamples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    lintSamples.push(...timeEach(1, lint));
    parseSamples.push(...timeEach(1, bare));
  }
  const lintMedian = median(lintSamples);
  const parseMedian = median(parseSamples);
  console.log(
    `lint of a ${lineCount}-line tracer (${lint().length} diagnostics): median ${lintMedian.toFixed(2)} ms warm (target < 10 ms)`,
  );
  console.log(
    `bare acorn parse of the same text: median ${parseMedian.toFixed(2)} ms; ratio lint/parse ${(lintMedian / parseMedian).toFixed(2)}x (target <= 2x)`,
  );
  // Where the time goes: parseTracer, then each rule on the parsed tracer (fresh parse per sample so no
  // rule profits from another's cached work).
  const tracerSamples = timeEach(RUNS / 2, () => parseTracer(text, { ecmaVersion: 5 }));
  const perRule = rules.map((rule) => {
    const samples: number[] = [];
    for (let i = 0; i < RUNS / 4; i++) {
      const parsed = parseTracer(text, { ecmaVersion: 5 });
      samples.push(...timeEach(1, () => rule.check(parsed, () => {}, 'geth')));
    }
    return `${rule.code} ${median(samples).toFixed(2)}`;
  });
  console.log(`  breakdown (median ms): parseTracer ${median(tracerSamples).toFixed(2)}; rules: ${perRule.join(', ')}`);
  // Mid-edit: with a syntax error the API rules also read the error-tolerant parse of the whole text.
  const broken = text.replace('    this.helper0(log, db);', '    this.helper0(log, db;\n    var x = log.');
  const brokenSamples = timeEach(RUNS / 2, () => analyzeTracer(broken, { ecmaVersion: 5 }));
  console.log(
    `lint of the same tracer with two unfinished lines (strict parse, then the tolerant one): median ${median(brokenSamples).toFixed(2)} ms`,
  );

  const all = await roundTrips(text, {});
  console.log(
    `LSP didChange → publishDiagnostics on that file: p50 ${median(all).toFixed(2)} ms, p95 ${percentile(all, 95).toFixed(2)} ms over ${ROUND_TRIPS} edits (target p95 < 30 ms)`,
  );
  const off = Object.fromEntries(rules.map((rule) => [rule.code, 'off']));
  const floor = await roundTrips(text, { evmTracer: { rules: off } });
  console.log(
    `  the same with every rule off (parse + LSP only): p50 ${median(floor).toFixed(2)} ms, p95 ${percentile(floor, 95).toFixed(2)} ms`,
  );
}

/** Times didChange → pushed diagnostics for ROUND_TRIPS one-character edits, against dist/server.js. */
async function roundTrips(text: string, settings: Record<string, unknown>): Promise<number[]> {
  const client = await startServer({ workspace: { configuration: true } }, settings);
  try {
    const name = 'bench.tracer.js';
    const uri = `file:///tmp/${name}`;
    const opened = client.nextDiagnostics(uri);
    await client.open(name, text);
    await opened;
    const samples: number[] = [];
    for (let version = 2; version < ROUND_TRIPS + 2; version++) {
      // Type or delete one space at the end of line 3 (a state member), then wait for that version's diagnostics.
      const pushed = client.nextDiagnostics(uri);
      const start = performance.now();
      const typing = version % 2 === 0;
      await client.change(uri, version, [
        { range: { start: { line: 2, character: 12 }, end: { line: 2, character: typing ? 12 : 13 } }, text: typing ? ' ' : '' },
      ]);
      const diagnostics = await pushed;
      samples.push(performance.now() - start);
      if (diagnostics.version !== version) throw new Error(`diagnostics for version ${diagnostics.version}, expected ${version}`);
    }
    return samples;
  } finally {
    await client.close();
  }
}
