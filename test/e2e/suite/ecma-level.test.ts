// The ECMAScript level follows the target node: an ES2017 tracer gets syntax errors (with the way to target
// ES2017) while the selected node is at ES5.1, and is refused by Trace Call there; selecting a node whose
// ecmaVersion is 2017 re-checks it clean, and Trace Call and Flatten then send it as written.
import * as assert from 'node:assert/strict';
import { suite, suiteSetup, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import type { ViewState } from '../../../client/webview/messages';
import { diagnosticsWithCode, openFixture, waitFor } from '../lib/workspace';
import { describe, fixtureUri, LOCAL_NODE } from './ext-helpers';

const NODE_NAME = 'ES2017 node (test)';
const TRACER = 'modern.tracer.js';
const call = { from: '0x0000000000000000000000000000000000000000', gas: '0x30d40', data: '0x600160005200' };

function traceCall(node: string): Thenable<ViewState> {
  return vscode.commands.executeCommand<ViewState>('evmTracer.traceCall', {
    uri: fixtureUri(TRACER).toString(),
    call,
    block: 'latest',
    node,
    tracerConfig: null,
  });
}

suite('the ECMAScript level of the target node', () => {
  suiteSetup(async () => {
    // A second name for the local node, declared as taking ES2017 (as plain geth does).
    const url = await vscode.commands.executeCommand<string>('evmTracer.startLocalNode');
    await vscode.commands.executeCommand('evmTracer.addNode', {
      name: NODE_NAME,
      url,
      auth: 'none',
      network: 'custom',
      chainId: 43112,
      ecmaVersion: 2017,
    });
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('evmTracer.selectNode', LOCAL_NODE);
    await vscode.commands.executeCommand('evmTracer.removeNode', NODE_NAME);
    await vscode.commands.executeCommand('evmTracer.stopLocalNode');
  });

  test('at ES5.1 the tracer has syntax errors naming the way to target ES2017, and Trace Call refuses it', async () => {
    const document = await openFixture(TRACER);
    const errors = await waitFor(
      'the ES2015 syntax errors',
      () => diagnosticsWithCode(document.uri, 'syntax').length >= 4 && diagnosticsWithCode(document.uri, 'syntax'),
      {
        describeLast: () => JSON.stringify(vscode.languages.getDiagnostics(document.uri)),
      },
    );
    for (const error of errors) assert.match(error.message, /beyond ES5\.1 .*target ES2017: --ecma 2017, or ecmaVersion 2017 for the node/);
    const refused = await traceCall(LOCAL_NODE);
    assert.equal(refused.outcome.status, 'failed', describe(refused));
    if (refused.outcome.status === 'failed') {
      assert.equal(refused.outcome.error.kind, 'tracer');
      assert.match(refused.outcome.error.message, /cannot be flattened at ES5\.1 \(evmTracer\.ecmaVersion\)/);
    }
  });

  test('selecting a node whose ecmaVersion is 2017 re-checks the tracer clean; Trace Call and Flatten send it', async () => {
    const document = await openFixture(TRACER);
    await vscode.commands.executeCommand('evmTracer.selectNode', NODE_NAME);
    await waitFor('the diagnostics to clear at ES2017', () => vscode.languages.getDiagnostics(document.uri).length === 0, {
      describeLast: () => JSON.stringify(vscode.languages.getDiagnostics(document.uri)),
    });
    const traced = await traceCall(NODE_NAME);
    assert.equal(traced.outcome.status, 'done', describe(traced));
    if (traced.outcome.status === 'done') assert.deepEqual(JSON.parse(traced.outcome.json), { ops: ['PUSH1', 'PUSH1', 'MSTORE', 'STOP'] });
    const flat = await vscode.commands.executeCommand<string>('evmTracer.flatten', { uri: document.uri.toString() });
    assert.match(flat, /^\{ops: \[\],step: function \(log\) \{const name = log\.op\.toString\(\);let seen/);
    assert.match(flat, /map\(entry => entry\.split\(':'\)\[1\]\)/);

    // Back on the ES5.1 local node, the errors return.
    await vscode.commands.executeCommand('evmTracer.selectNode', LOCAL_NODE);
    await waitFor('the syntax errors to return at ES5.1', () => diagnosticsWithCode(document.uri, 'syntax').length >= 4, {
      describeLast: () => JSON.stringify(vscode.languages.getDiagnostics(document.uri)),
    });
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
});
