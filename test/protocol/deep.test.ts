// Deep documents over LSP, against dist/server.js: a 15,000-member chain and a 30,000-term sum get folding,
// selection ranges, hover, completion, signature help and flatten like any code (these overflowed the
// stack before); nesting deeper than the parser can follow is one clear diagnostic; the server stays up.
// Each text is within the size the server analyses (core/analysis-limit.ts).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type {
  CompletionItem,
  Diagnostic,
  DocumentDiagnosticReport,
  FoldingRange,
  Hover,
  SelectionRange,
  SignatureHelp,
} from 'vscode-languageserver-protocol';
import { MAX_ANALYSED_BYTES } from '../../core/analysis-limit';
import { FlattenRequest, type FlattenResult } from '../../core/protocol';
import { MAX_SELECTION_STEPS } from '../../server/features/selection-ranges';
import { startServer, type TestClient } from '../support/lsp-client';

let client: TestClient;
before(async () => {
  client = await startServer({ textDocument: { diagnostic: {} } });
});
after(() => client.close());

/** Line 3 (0-based 2) of the step hook holds `code`; a multi-line object follows on lines 5-7. */
function inStep(code: string): string {
  const text = `{\n  step: function (log, db) {\n    ${code}\n  },\n  seen: {\n    a: 1\n  },\n  fault: function (log, db) {},\n  result: function (ctx, db) { return 1; }\n}\n`;
  assert.ok(Buffer.byteLength(text) <= MAX_ANALYSED_BYTES, `${Buffer.byteLength(text)} bytes: over the size the server analyses`);
  return text;
}

const ask = <T>(method: string, params: object) => client.connection.sendRequest<T>(method, params);

async function diagnostics(uri: string): Promise<Diagnostic[]> {
  const report = await ask<DocumentDiagnosticReport>('textDocument/diagnostic', { textDocument: { uri } });
  assert.equal(report.kind, 'full');
  return report.kind === 'full' ? report.items : [];
}

function depth(range: SelectionRange): number {
  let steps = 0;
  for (let at: SelectionRange | undefined = range; at; at = at.parent) steps++;
  return steps;
}

test('a 15,000-member chain and a 30,000-term sum: folding, selection ranges, hover, completion, signature help, flatten', async () => {
  const chain = `var x = log.stack.peek(0)${'.add(1)'.repeat(15_000)}`;
  const text = inStep(`${chain};`);
  const uri = await client.open('deep-chain.tracer.js', text);
  const textDocument = { uri };
  assert.deepEqual(await diagnostics(uri), []);

  const folds = await ask<FoldingRange[]>('textDocument/foldingRange', { textDocument });
  assert.deepEqual(
    folds.map((f) => [f.startLine, f.endLine]),
    [
      [0, 8],
      [1, 2],
      [4, 5],
    ],
  );

  const middle = { line: 2, character: 4 + Math.floor(chain.length / 2) };
  const [selection] = await ask<SelectionRange[]>('textDocument/selectionRange', { textDocument, positions: [middle] });
  assert.equal(depth(selection), MAX_SELECTION_STEPS);
  assert.deepEqual([selection.range.start.line, selection.range.end.line], [2, 2]);
  let outermost = selection;
  while (outermost.parent) outermost = outermost.parent;
  assert.deepEqual(outermost.range, { start: { line: 0, character: 0 }, end: { line: 9, character: 1 } });

  const at = (prefix: string) => ({ line: 2, character: 4 + prefix.length });
  const hover = await ask<Hover | null>('textDocument/hover', { textDocument, position: at('var x = log.st') });
  assert.match(JSON.stringify(hover?.contents), /log\.stack/);
  const items = await ask<CompletionItem[]>('textDocument/completion', { textDocument, position: at('var x = log.') });
  assert.ok(items.some((item) => item.label === 'stack'));
  const help = await ask<SignatureHelp | null>('textDocument/signatureHelp', { textDocument, position: at('var x = log.stack.peek(') });
  assert.equal(help?.signatures[0].label, 'log.stack.peek(i: number): bigInt');

  const sum = await client.open('deep-sum.tracer.js', inStep(`var n = 1${' + 1'.repeat(30_000)};`));
  const flatSum = await ask<FlattenResult>(FlattenRequest.method, { uri: sum });
  assert.ok('code' in flatSum && flatSum.code.includes(`var n = 1${' + 1'.repeat(30_000)};`));
});

test('nesting too deep for the parser: one too-deep error where it happens, features still answer', async () => {
  const uri = await client.open('deep-nesting.tracer.js', inStep(`var a = ${'['.repeat(60_000)}${']'.repeat(60_000)};`));
  const textDocument = { uri };
  const found = await diagnostics(uri);
  assert.deepEqual(
    found.map((d) => [d.code, d.severity, d.range.start.line]),
    [['too-deep', 1, 2]],
  );
  const { message } = found[0];
  assert.ok(typeof message === 'string');
  assert.match(message, /Nested too deeply for the checker \(\d+ levels of brackets are open here\)/);
  assert.deepEqual(await ask('textDocument/foldingRange', { textDocument }), []);
  const [selection] = await ask<SelectionRange[]>('textDocument/selectionRange', { textDocument, positions: [{ line: 2, character: 50 }] });
  assert.equal(depth(selection), 1);
  const flat = await ask<FlattenResult>(FlattenRequest.method, { uri });
  assert.ok('error' in flat && /:3:\d+: Nested too deeply for the checker/.test(flat.error));
  const completion = await ask<CompletionItem[]>('textDocument/completion', { textDocument, position: { line: 2, character: 50 } });
  assert.ok(Array.isArray(completion));
});
