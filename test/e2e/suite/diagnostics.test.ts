// The language server's diagnostics and quick fixes, as VS Code shows and applies them.
import * as assert from 'node:assert/strict';
import { suite, test } from 'mocha';
import * as vscode from 'vscode';
import { openFixture, waitFor } from '../lib/workspace';

function codeOf(diagnostic: vscode.Diagnostic): string | undefined {
  const { code } = diagnostic;
  return typeof code === 'object' ? String(code.value) : code === undefined ? undefined : String(code);
}

function missingFault(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((diagnostic) => codeOf(diagnostic) === 'missing-fault');
}

suite('diagnostics and quick fixes', () => {
  test('a tracer without fault gets a missing-fault error, and its quick fix adds fault()', async () => {
    const document = await openFixture('no-fault.tracer.js');
    const [diagnostic] = await waitFor(
      'the missing-fault diagnostic',
      () => missingFault(document.uri).length > 0 && missingFault(document.uri),
      {
        describeLast: () => JSON.stringify(vscode.languages.getDiagnostics(document.uri)),
      },
    );
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
    assert.match(diagnostic.message, /fault/);

    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      document.uri,
      diagnostic.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    const fix = actions.find((action) => action.edit && /\bfault\b/.test(action.title));
    assert.ok(fix?.edit, `no quick fix for missing-fault among: ${actions.map((action) => action.title).join(', ')}`);
    assert.ok(await vscode.workspace.applyEdit(fix.edit));

    assert.match(document.getText(), /\bfault\s*:\s*function/);
    await waitFor('the missing-fault diagnostic to go away', () => missingFault(document.uri).length === 0, {
      describeLast: () => JSON.stringify(vscode.languages.getDiagnostics(document.uri)),
    });
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
