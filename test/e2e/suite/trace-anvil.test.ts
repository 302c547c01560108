// Tracing on anvil (a third-party node that runs JS tracers), added as a node through the Add Node command.
import * as assert from 'node:assert/strict';
import { suite, suiteSetup, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import type { RunningNode } from '../../support/nodes/process';
import type { ViewState } from '../../../client/webview/messages';
import { addAnvilNode, describe, fixtureUri, LOCAL_NODE, renderedResult, traceCall } from './ext-helpers';

const NODE_NAME = 'anvil (test)';

suite('trace on anvil', function () {
  let anvil: RunningNode | undefined;

  suiteSetup(async function () {
    anvil = await addAnvilNode(this, NODE_NAME);
  });

  suiteTeardown(async () => {
    if (anvil) await vscode.commands.executeCommand('evmTracer.removeNode', NODE_NAME);
    await anvil?.stop();
  });

  test('Trace Call on anvil shows the same result as the local node', async () => {
    const state = await traceCall('ops.tracer.js', { node: NODE_NAME, tracerConfig: null });
    assert.equal(state.outcome.status, 'done', describe(state));
    const view = await renderedResult();
    assert.deepEqual(JSON.parse(view.resultJson ?? 'null'), { ops: ['PUSH1', 'PUSH1', 'MSTORE', 'STOP'] });
    assert.ok(
      view.header.some((line) => line.includes(NODE_NAME) && line.includes(anvil!.url.replace(/\/$/, ''))),
      view.header.join('\n'),
    );
  });

  test('Select Node makes anvil the node traces run on by default', async () => {
    await vscode.commands.executeCommand('evmTracer.selectNode', NODE_NAME);
    try {
      assert.equal(vscode.workspace.getConfiguration('evmTracer').get('selectedNode'), NODE_NAME);
      const state = await vscode.commands.executeCommand<ViewState>('evmTracer.traceCall', {
        uri: fixtureUri('ops.tracer.js').toString(),
        block: 'latest',
        tracerConfig: null,
      });
      assert.equal(state.request.nodeName, NODE_NAME);
      assert.equal(state.outcome.status, 'done', describe(state));
    } finally {
      await vscode.commands.executeCommand('evmTracer.selectNode', LOCAL_NODE);
    }
  });

  test('Debug Trace Transaction of an anvil transaction replays it on a local fork, and the panel says so', async () => {
    // anvil's first dev account is unlocked: a plain transfer gives a transaction to debug.
    const sent = await fetch(anvil!.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_sendTransaction',
        params: [{ from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', to: '0x00000000000000000000000000000000000000aa', value: '0x1' }],
      }),
    });
    const { result: hash } = (await sent.json()) as { result: string };
    const state = await vscode.commands.executeCommand<ViewState>('evmTracer.debugTraceTransaction', {
      uri: fixtureUri('ops.tracer.js').toString(),
      hash,
      node: NODE_NAME,
      tracerConfig: null,
    });
    assert.equal(state.outcome.status, 'done', describe(state));
    assert.equal(state.request.ranOn, `a local fork of ${NODE_NAME}: the trace ran locally, on its state`);
    const view = await renderedResult();
    assert.deepEqual(JSON.parse(view.resultJson ?? 'null'), { ops: [] });
    assert.ok(view.header.includes(`Ran on: a local fork of ${NODE_NAME}: the trace ran locally, on its state`), view.header.join('\n'));
  });

  test("the local fork kept anvil's state in the extension's fork cache, and Clear Fork Cache empties it", async () => {
    const cleared = await vscode.commands.executeCommand<number>('evmTracer.clearForkCache');
    assert.ok(cleared > 0, `${cleared} bytes were cached by the debug run before`);
    assert.equal(await vscode.commands.executeCommand<number>('evmTracer.clearForkCache'), 0, 'nothing is left');
  });

  test('Debug Trace Call on anvil added by its ws:// URL forks it over http', async () => {
    const wsNode = 'anvil over WebSocket (test)';
    await vscode.commands.executeCommand('evmTracer.addNode', {
      name: wsNode,
      url: anvil!.url.replace(/^http:/, 'ws:'),
      auth: 'none',
      network: 43114,
    });
    try {
      const state = await vscode.commands.executeCommand<ViewState>('evmTracer.debugTraceCall', {
        uri: fixtureUri('ops.tracer.js').toString(),
        block: 'latest',
        node: wsNode,
        tracerConfig: null,
      });
      assert.equal(state.outcome.status, 'done', describe(state));
      assert.equal(state.request.ranOn, `a local fork of ${wsNode}: the trace ran locally, on its state`);
      const view = await renderedResult();
      assert.deepEqual(JSON.parse(view.resultJson ?? 'null'), { ops: ['PUSH1', 'PUSH1', 'MSTORE', 'STOP'] });
    } finally {
      await vscode.commands.executeCommand('evmTracer.removeNode', wsNode);
    }
  });

  test('Check Node Support reports anvil as supported on chain 43114', async () => {
    const report = await vscode.commands.executeCommand<{ status: string; chainId?: number; chainIdMatches?: boolean }>(
      'evmTracer.checkSupport',
      NODE_NAME,
    );
    assert.equal(report.status, 'supported', JSON.stringify(report));
    assert.equal(report.chainId, 43114);
    assert.equal(report.chainIdMatches, true);
  });
});
