// Flatten Tracer: the one-line tracer on the clipboard and in a read-only editor.
import * as assert from 'node:assert/strict';
import { suite, test } from 'mocha';
import * as vscode from 'vscode';
import { openFixture } from '../lib/workspace';

// count-ops.tracer.js without its comments and line breaks, as a provider accepts it.
const expected =
  '{counts: {},step: function (log, db) {var name = log.op.toString();this.counts[name] = (this.counts[name] || 0) + 1;},fault: function (log, db) {},result: function (ctx, db) {return this.counts;}}';

suite('flatten', () => {
  test('Flatten Tracer copies the flattened line and shows it read-only', async () => {
    const document = await openFixture('count-ops.tracer.js');
    await vscode.env.clipboard.writeText('');
    const code = await vscode.commands.executeCommand<string>('evmTracer.flatten', { uri: document.uri.toString() });
    assert.equal(code, expected);
    assert.equal(await vscode.env.clipboard.readText(), expected);
    const shown = vscode.window.activeTextEditor?.document;
    assert.equal(shown?.getText(), expected);
    assert.equal(shown?.uri.scheme, 'evm-tracer-output');
  });

  test('the curl variant carries the tracer in a JSON-RPC body', async () => {
    const document = await openFixture('count-ops.tracer.js');
    const curl = await vscode.commands.executeCommand<string>('evmTracer.flattenAsCurl', { uri: document.uri.toString(), kind: 'tx' });
    const body = /--data '(.*)' '/.exec(curl)?.[1];
    assert.ok(body, curl);
    const request = JSON.parse(body) as { method: string; params: [string, { tracer: string; timeout: string }] };
    assert.equal(request.method, 'debug_traceTransaction');
    assert.equal(request.params[1].tracer, expected);
    assert.match(request.params[1].timeout, /^\d+s$/);
  });
});
