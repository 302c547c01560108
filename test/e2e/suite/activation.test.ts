// Opening a tracer file in real VS Code: the language, the extension's activation and the language
// server's diagnostics reaching VS Code.
import * as assert from 'node:assert/strict';
import { suite, test } from 'mocha';
import * as vscode from 'vscode';
import { diagnosticsWithCode, openFixture, waitFor } from '../lib/workspace';

const extensionId = 'evm-tracer-studio.evm-tracer-studio';

suite('activation', () => {
  test('a *.tracer.js file opens with language id evm-tracer and activates the extension', async () => {
    const document = await openFixture('missing-fault.tracer.js');
    assert.equal(document.languageId, 'evm-tracer');
    const extension = vscode.extensions.getExtension(extensionId);
    assert.ok(extension, `extension ${extensionId} is not installed in this VS Code`);
    await waitFor('the extension to activate', () => extension.isActive);
  });

  test('the language server reports missing-fault as an error on the tracer object', async () => {
    const document = await openFixture('missing-fault.tracer.js');
    const diagnostic = await waitFor('the missing-fault diagnostic', () => diagnosticsWithCode(document.uri, 'missing-fault')[0], {
      describeLast: () => JSON.stringify(vscode.languages.getDiagnostics(document.uri)),
    });
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
    assert.match(diagnostic.message, /fault/);
    // On the tracer object's opening brace, the fixture's first character.
    assert.deepEqual([diagnostic.range.start.line, diagnostic.range.start.character], [0, 0]);
  });
});
