// Trace with Built-in Tracer… from real VS Code: geth's callTracer by name on the local node, its result in
// the result panel titled with the tracer's name.
import * as assert from 'node:assert/strict';
import { suite, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import type { ViewState } from '../../../client/webview/messages';
import { describe, LOCAL_NODE, renderedResult } from './ext-helpers';

suite('trace with a built-in tracer', () => {
  suiteTeardown(() => vscode.commands.executeCommand('evmTracer.stopLocalNode'));

  test('callTracer on a call: the call tree in the panel', async () => {
    // Init code that stores 1 and stops: a CREATE frame with no calls.
    const call = { from: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', data: '0x600160005500', gas: '0x30d40' };
    const state = await vscode.commands.executeCommand<ViewState>('evmTracer.traceWithBuiltin', {
      name: 'callTracer',
      tracerConfig: '{"onlyTopCall": true}',
      kind: 'call',
      call,
      block: 'latest',
      node: LOCAL_NODE,
    });
    assert.equal(state.outcome.status, 'done', describe(state));
    const view = await renderedResult();
    const result = JSON.parse(view.resultJson ?? 'null') as { type: string; from: string; gas: string; input: string };
    assert.deepEqual([result.type, result.from, result.gas, result.input], ['CREATE', call.from, '0x30d40', call.data]);
    assert.match(view.title, /^debug_traceCall · callTracer$/);
  });
});
