// Tracing on the built-in local node from real VS Code: the result in the panel, tracerConfig from the
// companion file, a tracer error pointing at its line, and cancelling a trace that never ends.
import * as assert from 'node:assert/strict';
import { suite, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import type { ViewState } from '../../../client/webview/messages';
import { waitFor } from '../lib/workspace';
import { describe, LOCAL_NODE, renderedResult, traceCall } from './ext-helpers';

suite('trace on the local node', () => {
  suiteTeardown(() => vscode.commands.executeCommand('evmTracer.stopLocalNode'));

  test('Trace Call runs the tracer and the panel shows its result', async () => {
    const state = await traceCall('ops.tracer.js', { node: LOCAL_NODE, tracerConfig: null });
    assert.equal(state.outcome.status, 'done', describe(state));
    const view = await renderedResult();
    assert.deepEqual(JSON.parse(view.resultJson ?? 'null'), { ops: ['PUSH1', 'PUSH1', 'MSTORE', 'STOP'] });
    assert.ok(view.rows.some((row) => row.includes('"MSTORE"')), `rows: ${view.rows.join(' | ')}`);
    assert.match(view.title, /^debug_traceCall · ops\.tracer\.js$/);
    assert.ok(view.header.some((line) => line.includes(LOCAL_NODE)), view.header.join('\n'));
  });

  test('the tracerConfig comes from <name>.config.json beside the tracer', async () => {
    const state = await traceCall('labelled.tracer.js', { node: LOCAL_NODE });
    assert.equal(state.outcome.status, 'done', describe(state));
    const view = await renderedResult();
    assert.deepEqual(JSON.parse(view.resultJson ?? 'null'), { label: 'from labelled.config.json', type: 'CREATE' });
  });

  test('a tracer error is explained and links to its line in the tracer file', async () => {
    const state = await traceCall('broken-result.tracer.js', { node: LOCAL_NODE, tracerConfig: null });
    assert.equal(state.outcome.status, 'failed', describe(state));
    if (state.outcome.status !== 'failed') return;
    assert.equal(state.outcome.error.kind, 'rpc');
    assert.match(state.outcome.error.message, /TypeError/);
    // `return missing.value;` is on line 5 (0-based 4) of broken-result.tracer.js.
    assert.equal(state.outcome.error.position?.line, 4, describe(state));
    const view = await renderedResult();
    assert.match(view.errorText ?? '', /Go to tracer line 5/);
  });

  test('cancelling a trace that never ends aborts it', async () => {
    const running = traceCall('slow.tracer.js', { node: LOCAL_NODE, tracerConfig: null });
    await waitFor('the slow trace to be running', async () => {
      const view = await vscode.commands.executeCommand<{ status: string; title: string } | undefined>('evmTracer._test.lastResultView');
      return view?.status === 'running' && view.title.includes('slow.tracer.js');
    });
    const cancelled = await vscode.commands.executeCommand<number>('evmTracer.cancelTraces');
    assert.equal(cancelled, 1);
    const state: ViewState = await running;
    assert.equal(state.outcome.status, 'failed', describe(state));
    if (state.outcome.status === 'failed') assert.equal(state.outcome.error.kind, 'cancelled');
  });
});
