// A tracer wrapped as projects ship it, over LSP against dist/server.js: one not-object error on the wrapper
// (the checks inside still run), a quick fix and "fix all" that leave exactly the object literal, and
// evmTracer/flatten refusing with the same message until the wrapper is gone.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-protocol';
import { FlattenRequest, type FlattenResult } from '../../core/protocol';
import { applyTextEdits } from '../../core/tracer/edits';
import { startServer, type TestClient } from '../support/lsp-client';

const OBJECT = `{
  calls: 0,
  step: function (log, db) {
    if (log.op.toString() === 'CALL') this.calls++;
    var err = log.getCallError();
  },
  fault: function (log, db) {},
  result: function (ctx, db) { return { calls: this.calls }; }
}`;

let client: TestClient;
before(async () => {
  client = await startServer({ workspace: { configuration: true } }, { evmTracer: { ecmaVersion: 2017 } });
});
after(() => client.close());

let counter = 0;
async function open(text: string): Promise<{ uri: string; diagnostics: Diagnostic[] }> {
  const name = `wrapped-${++counter}.tracer.js`;
  const uri = `file:///tmp/${name}`;
  const pushed = client.nextDiagnostics(uri);
  await client.open(name, text);
  return { uri, diagnostics: (await pushed).diagnostics };
}

async function actions(uri: string, diagnostics: Diagnostic[], only: string[]): Promise<CodeAction[]> {
  const range = diagnostics[0]?.range ?? { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  return client.connection.sendRequest('textDocument/codeAction', { textDocument: { uri }, range, context: { diagnostics, only } });
}

const editsOf = (action: CodeAction, uri: string): TextEdit[] => action.edit?.changes?.[uri] ?? [];
const messageOf = (d: Diagnostic) => (typeof d.message === 'string' ? d.message : d.message.value);

test('each wrapper shape: one error on its words, the checks inside at their places, a quick fix to the bare object', async () => {
  const shapes: Array<[string, string]> = [
    [`var tracer = ${OBJECT};\n`, 'var tracer ='],
    [`let tracer = ${OBJECT}\n`, 'let tracer ='],
    [`module.exports = ${OBJECT};\n`, 'module.exports ='],
    [`export default ${OBJECT}\n`, 'export default'],
    [`const t = ${OBJECT};\n\nmodule.exports = t;\n`, 'const t ='],
  ];
  for (const [text, words] of shapes) {
    const { uri, diagnostics } = await open(text);
    assert.deepEqual(
      diagnostics.map((d) => `${d.code}:${d.severity}@${d.range.start.line}`),
      ['not-object:1@0', 'unknown-method:1@4'],
      text,
    );
    const [wrapper] = diagnostics;
    assert.deepEqual(wrapper.range, { start: { line: 0, character: 0 }, end: { line: 0, character: words.length } });
    assert.match(messageOf(wrapper), /^Keep only the object literal: geth evaluates the file as one expression/);
    const [fix] = await actions(uri, [wrapper], ['quickfix']);
    assert.equal(fix.title, 'Remove the wrapper, keeping only the object literal');
    assert.equal(fix.isPreferred, true);
    assert.equal(applyTextEdits(text, editsOf(fix, uri)), `${OBJECT}\n`, text);
  }
});

test('fix all removes the wrapper; flatten refuses with the same message, then works on the fixed text', async () => {
  const text = `// from the project's repository\nvar tracer = ${OBJECT};\n`;
  const { uri, diagnostics } = await open(text);
  const refused = (await client.connection.sendRequest(FlattenRequest.method, { uri })) as FlattenResult;
  assert.ok('error' in refused);
  assert.ok(refused.error.includes(messageOf(diagnostics.find((d) => d.code === 'not-object')!)), refused.error);

  const [fixAll] = await actions(uri, [], ['source.fixAll.evm-tracer']);
  const fixed = applyTextEdits(text, editsOf(fixAll, uri));
  // The wrapper goes, the object stays; at ES2017 the provider rules are off, so the comment stays too.
  assert.equal(fixed, `// from the project's repository\n${OBJECT}\n`);
  const pushed = client.nextDiagnostics(uri);
  await client.change(uri, 2, [{ text: fixed }]);
  assert.deepEqual(
    (await pushed).diagnostics.map((d) => d.code),
    ['unknown-method'],
  );
  const flat = (await client.connection.sendRequest(FlattenRequest.method, { uri })) as FlattenResult;
  assert.ok('code' in flat && flat.code.startsWith('{calls: 0,'), JSON.stringify(flat));
});

test('an object that names itself through the wrapper: the fix is offered but not preferred (not in fix all)', async () => {
  const text = `var tracer = {\n  n: 0,\n  step: function (log) { tracer.n++; },\n  fault: function (log, db) {},\n  result: function (ctx, db) { return tracer.n; }\n};\n`;
  const { uri, diagnostics } = await open(text);
  assert.deepEqual(
    diagnostics.map((d) => d.code),
    ['not-object'],
  );
  assert.match(messageOf(diagnostics[0]), /refers to itself as 'tracer'/);
  const [fix] = await actions(uri, diagnostics, ['quickfix']);
  assert.equal(fix.isPreferred, false);
  assert.deepEqual(await actions(uri, [], ['source.fixAll.evm-tracer']), []);
});
