// Debugging a remote node's transaction again with the remote node down: the extension's debug runs start a
// fork node each time, and the second one starts from the fork cache the first one filled (issue "Fork mode
// at real-world latency": a second trace needs no upstream round trip and works offline).
import * as assert from 'node:assert/strict';
import { suite, suiteSetup, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import type { RunningNode } from '../../support/nodes/process';
import type { ViewState } from '../../../client/webview/messages';
import { call, storeAndLogInitcode, storeAndLogOps, waitForReceipt, word } from '../../runtime/node-helpers';
import { addAnvilNode, describe, fixtureUri, renderedResult } from './ext-helpers';

const NODE_NAME = 'anvil, soon offline (test)';
/** anvil's first dev account, unlocked. */
const sender = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

suite('debug runs of a remote node that went offline', function () {
  let anvil: RunningNode | undefined;
  let hash: string;

  /** Debug Trace Transaction of `hash` on the remote node (a local fork of it), with the opcode-listing tracer. */
  const debugTrace = () =>
    vscode.commands.executeCommand<ViewState>('evmTracer.debugTraceTransaction', {
      uri: fixtureUri('ops.tracer.js').toString(),
      hash,
      node: NODE_NAME,
      tracerConfig: null,
    });

  suiteSetup(async function () {
    anvil = await addAnvilNode(this, NODE_NAME);
    // A contract, then a transaction running its code: what the second debug run must find in the cache.
    const deployed = await waitForReceipt(
      anvil.url,
      await call<string>(anvil.url, 'eth_sendTransaction', [{ from: sender, data: storeAndLogInitcode }]),
    );
    hash = await call<string>(anvil.url, 'eth_sendTransaction', [{ from: sender, to: deployed.contractAddress, data: word(7) }]);
    await waitForReceipt(anvil.url, hash);
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('evmTracer.removeNode', NODE_NAME);
    await anvil?.stop();
  });

  test('Debug Trace Transaction runs again, the same, after the remote node stopped', async () => {
    const online = await debugTrace();
    assert.equal(online.outcome.status, 'done', describe(online));
    const onlineView = await renderedResult();
    assert.deepEqual(JSON.parse(onlineView.resultJson ?? 'null'), { ops: storeAndLogOps });

    await anvil!.stop();
    anvil = undefined;
    const offline = await debugTrace();
    assert.equal(offline.outcome.status, 'done', describe(offline));
    assert.equal(offline.request.ranOn, `a local fork of ${NODE_NAME}: the trace ran locally, on its state`);
    assert.equal((await renderedResult()).resultJson, onlineView.resultJson);
  });
});
