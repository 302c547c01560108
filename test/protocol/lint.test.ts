// The lint features over LSP, against dist/server.js: pushed diagnostics (client without pull) and pulled
// ones (client with pull), incremental changes, settings, code actions applied to the text, flatten.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeAction, Diagnostic, DocumentDiagnosticReport, TextEdit } from 'vscode-languageserver-protocol';
import { FlattenRequest, type FlattenResult } from '../../core/protocol';
import { applyTextEdits } from '../../core/tracer/edits';
import { flattenTracer } from '../../core/tracer/flatten';
import { startServer, type TestClient } from '../support/lsp-client';

const TRACER = `// collects CALLs
{
  data: [],
  step: function (log, db) {
    if (log.op.toString() === "CALL") this.data.push(log.stack.peek(0));
  },
  result: function (ctx, db) { return this.data; }
}
`;

const codesOf = (diagnostics: Diagnostic[]) => diagnostics.map((d) => d.code);

async function codeActions(client: TestClient, uri: string, diagnostics: Diagnostic[], only?: string[]): Promise<CodeAction[]> {
  const range = diagnostics[0]?.range ?? { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  return client.connection.sendRequest('textDocument/codeAction', { textDocument: { uri }, range, context: { diagnostics, only } });
}

function editsOf(action: CodeAction, uri: string): TextEdit[] {
  return action.edit?.changes?.[uri] ?? [];
}

test('push diagnostics: open, incremental change, settings change; fixes applied give the fixed text', async (t) => {
  const settings: Record<string, unknown> = {};
  const client = await startServer({ workspace: { configuration: true } }, settings);
  t.after(() => client.close());

  const uri = 'file:///tmp/push.tracer.js';
  const first = client.nextDiagnostics(uri);
  await client.open('push.tracer.js', TRACER);
  const opened = (await first).diagnostics;
  assert.deepEqual(codesOf(opened), ['comment', 'missing-fault', 'double-quote']);
  assert.ok(opened.every((d) => d.source === 'evm-tracer'));
  const quote = opened.find((d) => d.code === 'double-quote')!;
  assert.deepEqual(quote.range, { start: { line: 4, character: 30 }, end: { line: 4, character: 36 } });
  assert.equal(quote.severity, 2);
  assert.equal(opened.find((d) => d.code === 'missing-fault')!.severity, 1);

  // Quick fix for the double quote, applied as an incremental change.
  const [fix] = await codeActions(client, uri, [quote]);
  assert.equal(fix.title, 'Use single quotes');
  assert.equal(fix.kind, 'quickfix');
  const edits = editsOf(fix, uri);
  let text = applyTextEdits(TRACER, edits);
  assert.ok(text.includes("=== 'CALL'"));
  const second = client.nextDiagnostics(uri);
  await client.change(
    uri,
    2,
    edits.map((edit) => ({ range: edit.range, text: edit.newText })),
  );
  assert.deepEqual(codesOf((await second).diagnostics), ['comment', 'missing-fault']);

  // Settings change: comments off → the server asks again and re-pushes.
  settings.evmTracer = { rules: { comment: 'off', 'missing-fault': 'warning' } };
  const third = client.nextDiagnostics(uri);
  await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: {} });
  const after = (await third).diagnostics;
  assert.deepEqual(codesOf(after), ['missing-fault']);
  assert.equal(after[0].severity, 2);

  // The source action fixes everything; the result lints clean.
  const [fixAll] = await codeActions(client, uri, [], ['source.fixAll.evm-tracer']);
  assert.equal(fixAll.kind, 'source.fixAll.evm-tracer');
  text = applyTextEdits(text, editsOf(fixAll, uri));
  assert.ok(text.includes('fault: function (log, db) {}'));
  const fourth = client.nextDiagnostics(uri);
  await client.change(uri, 3, [{ text }]);
  assert.deepEqual((await fourth).diagnostics, []);
});

test('pull diagnostics: announced, full then unchanged, then full again after a change', async (t) => {
  const client = await startServer({ textDocument: { diagnostic: { dynamicRegistration: false } } });
  t.after(() => client.close());
  const uri = await client.open('pull.tracer.js', TRACER);
  const pull = (previousResultId?: string) =>
    client.connection.sendRequest('textDocument/diagnostic', {
      textDocument: { uri },
      previousResultId,
    }) as Promise<DocumentDiagnosticReport>;

  const full = await pull();
  assert.equal(full.kind, 'full');
  assert.ok(full.kind === 'full' && full.resultId);
  assert.deepEqual(full.kind === 'full' && codesOf(full.items), ['comment', 'missing-fault', 'double-quote']);
  const same = await pull(full.resultId);
  assert.equal(same.kind, 'unchanged');

  // Incremental change: delete the comment line.
  await client.change(uri, 2, [{ range: { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } }, text: '' }]);
  const changed = await pull(full.resultId);
  assert.equal(changed.kind, 'full');
  assert.deepEqual(changed.kind === 'full' && codesOf(changed.items), ['missing-fault', 'double-quote']);
});

test('pull diagnostics: quick fixes for each problem kind, fix-all-of-a-kind', async (t) => {
  const client = await startServer({ textDocument: { diagnostic: {} } });
  t.after(() => client.close());
  const text = '{\n  a: "x", b: "y", // note\n  stpe: function (log) {},\n  result: function () {}, fault: function () {}\n};\n';
  const uri = await client.open('fixes.tracer.js', text);
  const report = (await client.connection.sendRequest('textDocument/diagnostic', { textDocument: { uri } })) as DocumentDiagnosticReport;
  assert.ok(report.kind === 'full');
  const items = report.items;
  assert.deepEqual(codesOf(items), ['double-quote', 'double-quote', 'comment', 'near-miss-hook', 'not-object']);

  const quoteActions = await codeActions(client, uri, [items[0]], ['quickfix']);
  assert.deepEqual(
    quoteActions.map((a) => a.title),
    ['Use single quotes', 'Convert all double quotes to single quotes / \\x22'],
  );
  assert.equal(applyTextEdits(text, editsOf(quoteActions[1], uri)), text.replace('"x"', "'x'").replace('"y"', "'y'"));

  const [rename] = await codeActions(client, uri, [items[3]]);
  assert.equal(rename.title, "Rename to 'step'");
  assert.equal(applyTextEdits(text, editsOf(rename, uri)), text.replace('stpe', 'step'));

  const [semicolon] = await codeActions(client, uri, [items[4]]);
  assert.equal(applyTextEdits(text, editsOf(semicolon, uri)), text.replace('};', '}'));

  const [comment] = await codeActions(client, uri, [items[2]]);
  assert.equal(applyTextEdits(text, editsOf(comment, uri)), text.replace(' // note', ''));
});

test('settings: ecmaVersion 2017 accepts ES2015 syntax; flatten uses it too', async (t) => {
  const modern = '{ step: function (log) { let n = 1; }, result: function () { return `x`; }, fault: function () {} }';
  const es5 = await startServer({ workspace: { configuration: true } }, { evmTracer: { ecmaVersion: 5 } });
  const es2017 = await startServer({ workspace: { configuration: true } }, { evmTracer: { ecmaVersion: 2017 } });
  t.after(async () => {
    await es5.close();
    await es2017.close();
  });
  for (const [client, expected] of [
    [es5, ['syntax', 'syntax']],
    [es2017, []],
  ] as const) {
    const pushed = client.nextDiagnostics('file:///tmp/modern.tracer.js');
    const uri = await client.open('modern.tracer.js', modern);
    assert.deepEqual(codesOf((await pushed).diagnostics), expected);
    const flat = (await client.connection.sendRequest(FlattenRequest.method, { uri })) as FlattenResult;
    assert.equal('code' in flat, expected.length === 0);
  }
});

test('settings sent with didChangeConfiguration apply when the client cannot be asked', async (t) => {
  const client = await startServer();
  t.after(() => client.close());
  const uri = 'file:///tmp/sent.tracer.js';
  const first = client.nextDiagnostics(uri);
  await client.open('sent.tracer.js', TRACER);
  assert.deepEqual(codesOf((await first).diagnostics), ['comment', 'missing-fault', 'double-quote']);
  const second = client.nextDiagnostics(uri);
  await client.connection.sendNotification('workspace/didChangeConfiguration', {
    settings: { evmTracer: { rules: { comment: 'off', 'double-quote': 'bogus' } } },
  });
  // 'bogus' is not a severity: that entry is ignored (and logged), the rest applies.
  assert.deepEqual(codesOf((await second).diagnostics), ['missing-fault', 'double-quote']);
});

test('evmTracer/flatten: the flattened line, or the reasons it cannot be flattened', async (t) => {
  const client = await startServer();
  t.after(() => client.close());
  const uri = await client.open('flat.tracer.js', TRACER);
  const flat = (await client.connection.sendRequest(FlattenRequest.method, { uri })) as FlattenResult;
  const expected = flattenTracer(TRACER);
  assert.ok(expected.ok);
  assert.deepEqual(flat, { code: expected.code });

  const broken = await client.open('broken.tracer.js', '{\n  result: function () { ,\n}');
  const failed = (await client.connection.sendRequest(FlattenRequest.method, { uri: broken })) as FlattenResult;
  assert.ok('error' in failed);
  assert.match(failed.error, /^The tracer cannot be flattened:\n\/tmp\/broken\.tracer\.js:2:25: Unexpected token ','/);

  const missing = (await client.connection.sendRequest(FlattenRequest.method, { uri: 'file:///tmp/none.tracer.js' })) as FlattenResult;
  assert.deepEqual(missing, { error: 'file:///tmp/none.tracer.js is not open in the language server' });
});
