// Issue 23 §7 and the empty file, over LSP against dist/server.js: a hook completed before, between or after
// members leaves an object that compiles (the ',' the member before lacks comes with it), a missing ','
// between members is named and has a quick fix, and an empty file gets no error but the skeleton.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeAction, CompletionItem, Diagnostic, TextEdit } from 'vscode-languageserver-protocol';
import { applyTextEdits } from '../../core/tracer/edits';
import { startServer, type TestClient } from '../support/lsp-client';
import { complete } from '../support/intel-cursor';

let client: TestClient;
before(async () => {
  client = await startServer({ textDocument: { completion: { completionItem: { snippetSupport: true } } } });
});
after(() => client.close());

let counter = 0;
async function diagnosticsOf(text: string): Promise<{ uri: string; diagnostics: Diagnostic[] }> {
  const name = `newcomer-${++counter}.tracer.js`;
  const pushed = client.nextDiagnostics(`file:///tmp/${name}`);
  const uri = await client.open(name, text);
  return { uri, diagnostics: (await pushed).diagnostics };
}

/** The quick fixes VS Code's light bulb would list at the first diagnostic (or the file's start). */
function codeActions(uri: string, diagnostics: Diagnostic[]): Promise<CodeAction[]> {
  const range = diagnostics[0]?.range ?? { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  return client.connection.sendRequest<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri },
    range,
    context: { diagnostics, only: ['quickfix'] },
  });
}

/** The text once the editor has applied the item: its edit with the snippet's tab stop dropped, and its extra edits. */
function accepted(text: string, item: CompletionItem): string {
  const main = item.textEdit as TextEdit;
  return applyTextEdits(text, [{ range: main.range, newText: main.newText.replace('$0', '') }, ...(item.additionalTextEdits ?? [])]);
}

const FAULT = 'fault: function (log, db) {}';
const RESULT = 'result: function (ctx, db) { return 1; }';

test('a hook completed before, between or after members (with or without their commas) leaves a tracer with no problems', async () => {
  const places = [
    `{\n  st|\n  ${FAULT},\n  ${RESULT}\n}\n`,
    `{\n  ${FAULT},\n  st|\n  ${RESULT}\n}\n`,
    `{\n  ${FAULT},\n  ${RESULT}\n  st|\n}\n`,
    `{\n  ${FAULT},\n  ${RESULT},\n  st|\n}\n`,
    `{ ${FAULT}, ${RESULT} st| }\n`,
  ];
  for (const marked of places) {
    const items = await complete(client, `complete-${++counter}.tracer.js`, marked);
    const step = items.find((item) => item.label === 'step');
    assert.ok(step, `no step hook offered in ${JSON.stringify(marked)}: ${items.map((i) => i.label).join(', ')}`);
    const text = accepted(marked.replace('|', ''), step);
    assert.deepEqual(
      (await diagnosticsOf(text)).diagnostics.map((d) => d.message),
      [],
      text,
    );
  }
});

test('a missing comma between members: named, and the quick fix leaves a tracer with no problems', async () => {
  // What inserting a hook without its comma after the last member gave: "Unexpected token 'step'" and no fix.
  const text = `{\n  ${FAULT},\n  ${RESULT}\n  step: function (log, db) {}\n}\n`;
  const { uri, diagnostics } = await diagnosticsOf(text);
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.range.start.line, d.message]),
    [['syntax', 3, "Unexpected token 'step': a ',' is probably missing before it (between two members, or two items of a list)."]],
  );
  const fixes = await codeActions(uri, diagnostics);
  assert.deepEqual(
    fixes.map((f) => [f.title, f.isPreferred]),
    [["Insert the missing ','", true]],
  );
  const fixed = applyTextEdits(text, fixes[0].edit!.changes![uri] as TextEdit[]);
  assert.equal(fixed, `{\n  ${FAULT},\n  ${RESULT},\n  step: function (log, db) {}\n}\n`);
  assert.deepEqual((await diagnosticsOf(fixed)).diagnostics, []);
});

test("an unexpected token that is no missing comma ('return 1 2') gets no comma fix", async () => {
  const text = `{ ${FAULT}, result: function (ctx, db) { return 1 2; } }\n`;
  const { uri, diagnostics } = await diagnosticsOf(text);
  assert.deepEqual(
    diagnostics.map((d) => d.message),
    ["Unexpected token '2'."],
  );
  assert.deepEqual(await codeActions(uri, diagnostics), []);
});

test('an empty file: no error, and a code action that inserts the skeleton tracer, which has no problems', async () => {
  for (const empty of ['', '\n\n  \n']) {
    const { uri, diagnostics } = await diagnosticsOf(empty);
    assert.deepEqual(diagnostics, []);
    const actions = await codeActions(uri, []);
    assert.deepEqual(
      actions.map((a) => [a.title, a.kind]),
      [['Insert a tracer skeleton (step, fault, result)', 'quickfix']],
    );
    const filled = applyTextEdits(empty, actions[0].edit!.changes![uri] as TextEdit[]);
    assert.match(filled, /^\{\n {2}data: \[\],\n {2}step: function \(log, db\) \{/);
    assert.deepEqual((await diagnosticsOf(filled)).diagnostics, []);
  }
  // Once there is anything to check, it is checked, and the skeleton is no longer offered.
  const { uri, diagnostics } = await diagnosticsOf('{');
  assert.equal(diagnostics.length, 1);
  assert.ok(!(await codeActions(uri, diagnostics)).some((a) => a.title.startsWith('Insert a tracer skeleton')));
});
