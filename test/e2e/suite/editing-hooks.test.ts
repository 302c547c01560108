// Issue 23 §7 and the empty file, in real VS Code: a hook typed and accepted from the suggestions after the
// last member (which has no ',') leaves a tracer with no problems; a ',' missing between members is named
// and its quick fix applies; a new empty tracer file has no error, and its quick fix inserts the skeleton.
import * as assert from 'node:assert/strict';
import { suite, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import { waitFor } from '../lib/workspace';

const FAULT = 'fault: function (log, db) {}';
const RESULT = 'result: function (ctx, db) { return 1; }';

/** A new file in the workspace copy, opened in an editor. */
async function newTracer(name: string, text: string): Promise<vscode.TextEditor> {
  const folder = vscode.workspace.workspaceFolders![0];
  const uri = vscode.Uri.joinPath(folder.uri, name);
  await vscode.workspace.fs.writeFile(uri, Buffer.from(text, 'utf8'));
  const document = await vscode.workspace.openTextDocument(uri);
  assert.equal(document.languageId, 'evm-tracer');
  return vscode.window.showTextDocument(document);
}

const problems = (document: vscode.TextDocument) => vscode.languages.getDiagnostics(document.uri);
const shown = (document: vscode.TextDocument) => () => JSON.stringify(problems(document).map((d) => d.message));

async function quickFixes(document: vscode.TextDocument, range: vscode.Range): Promise<vscode.CodeAction[]> {
  return vscode.commands.executeCommand<vscode.CodeAction[]>(
    'vscode.executeCodeActionProvider',
    document.uri,
    range,
    vscode.CodeActionKind.QuickFix.value,
  );
}

suite('editing: hooks, commas and the empty file', () => {
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('a step hook typed after the last member and accepted from the suggestions: the comma comes with it, no problems', async () => {
    const editor = await newTracer('hook-after-last.tracer.js', `{\n  ${FAULT},\n  ${RESULT}\n  \n}\n`);
    const { document } = editor;
    editor.selection = new vscode.Selection(3, 2, 3, 2);
    await vscode.commands.executeCommand('type', { text: 'step' });
    // The half-typed word is an error until the hook is in: the server has seen the edit.
    await waitFor('the error for the half-typed hook', () => problems(document).length > 0, { describeLast: shown(document) });
    await waitFor(
      'the step hook accepted from the suggestions',
      async () => {
        await vscode.commands.executeCommand('editor.action.triggerSuggest');
        await new Promise((resolve) => setTimeout(resolve, 300));
        await vscode.commands.executeCommand('acceptSelectedSuggestion');
        return document.getText().includes('step: function (log, db) {');
      },
      { describeLast: () => document.getText() },
    );
    assert.equal(document.getText(), `{\n  ${FAULT},\n  ${RESULT},\n  step: function (log, db) {\n    \n  },\n}\n`);
    await waitFor('no problems once the hook is in', () => problems(document).length === 0, { describeLast: shown(document) });
  });

  test("a ',' missing between members: the error says so, and its quick fix leaves no problems", async () => {
    const { document } = await newTracer('missing-comma.tracer.js', `{\n  ${FAULT},\n  ${RESULT}\n  step: function (log, db) {}\n}\n`);
    const [error] = await waitFor('the syntax error', () => problems(document).length > 0 && problems(document), {
      describeLast: shown(document),
    });
    assert.equal(
      error.message,
      "Unexpected token 'step': a ',' is probably missing before it (between two members, or two items of a list).",
    );
    assert.equal(error.severity, vscode.DiagnosticSeverity.Error);
    const fix = (await quickFixes(document, error.range)).find((action) => action.title === "Insert the missing ','");
    assert.ok(fix?.edit, 'no quick fix for the missing comma');
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    assert.equal(document.getText(), `{\n  ${FAULT},\n  ${RESULT},\n  step: function (log, db) {}\n}\n`);
    await waitFor('no problems after the fix', () => problems(document).length === 0, { describeLast: shown(document) });
  });

  test('a new empty tracer file: no error, and a quick fix inserts the skeleton, which has no problems', async () => {
    const editor = await newTracer('new-empty.tracer.js', '');
    const { document } = editor;
    const start = new vscode.Range(0, 0, 0, 0);
    const skeleton = await waitFor('the skeleton quick fix', async () =>
      (await quickFixes(document, start)).find((action) => action.title.startsWith('Insert a tracer skeleton')),
    );
    // The file is checked (one character is an error) and, empty again, has no problem at all.
    await editor.edit((edit) => edit.insert(new vscode.Position(0, 0), '{'));
    await waitFor('the error for a lone {', () => problems(document).length > 0, { describeLast: shown(document) });
    await editor.edit((edit) => edit.delete(new vscode.Range(0, 0, 0, 1)));
    await waitFor('no problems in the empty file', () => problems(document).length === 0, { describeLast: shown(document) });
    assert.ok(skeleton.edit);
    assert.ok(await vscode.workspace.applyEdit(skeleton.edit));
    assert.match(document.getText(), /^\{\n {2}data: \[\],\n {2}step: function \(log, db\) \{/);
    // It is a tracer: checked, with nothing to report.
    await editor.edit((edit) => edit.insert(new vscode.Position(0, 1), ' x'));
    await waitFor('the error for the stray x', () => problems(document).length > 0, { describeLast: shown(document) });
    await vscode.commands.executeCommand('undo');
    await waitFor('no problems in the skeleton', () => problems(document).length === 0, { describeLast: shown(document) });
  });
});
