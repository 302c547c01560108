// Tracing on the built-in local node from real VS Code: the result in the panel, tracerConfig from the
// companion file, a tracer error pointing at its line, and cancelling a trace that never ends.
import * as assert from 'node:assert/strict';
import { suite, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import type { ViewState } from '../../../client/webview/messages';
import { waitFor } from '../lib/workspace';
import { describe, fixtureUri, LOCAL_NODE, renderedResult, testHook, traceCall } from './ext-helpers';

suite('trace on the local node', () => {
  suiteTeardown(() => vscode.commands.executeCommand('evmTracer.stopLocalNode'));

  test('Trace Call runs the tracer and the panel shows its result', async () => {
    const state = await traceCall('ops.tracer.js', { node: LOCAL_NODE, tracerConfig: null });
    assert.equal(state.outcome.status, 'done', describe(state));
    const view = await renderedResult();
    assert.deepEqual(JSON.parse(view.resultJson ?? 'null'), { ops: ['PUSH1', 'PUSH1', 'MSTORE', 'STOP'] });
    assert.ok(
      view.rows.some((row) => row.includes('"MSTORE"')),
      `rows: ${view.rows.join(' | ')}`,
    );
    assert.match(view.title, /^debug_traceCall · ops\.tracer\.js$/);
    assert.ok(
      view.header.some((line) => line.includes(LOCAL_NODE)),
      view.header.join('\n'),
    );
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

  test('markup in a result is shown as text, and the panel shows it again after being hidden', async () => {
    const markup = '<img src=x onerror=alert(1)><script>document.body.textContent = 1</script>';
    const state = await traceCall('markup.tracer.js', { node: LOCAL_NODE, tracerConfig: null });
    assert.equal(state.outcome.status, 'done', describe(state));
    const before = await renderedResult();
    assert.ok(
      before.rows.some((row) => row.includes(JSON.stringify(markup))),
      `rows: ${before.rows.join(' | ')}`,
    );
    // Hide the panel behind an editor in its column: its webview is torn down, then restored from its state.
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(fixtureUri('ops.tracer.js')), {
      viewColumn: vscode.ViewColumn.Two,
    });
    const after = await renderedResult();
    assert.deepEqual(after, before);
  });

  test('cancelling a trace that never ends aborts it', async () => {
    const running = traceCall('slow.tracer.js', { node: LOCAL_NODE, tracerConfig: null });
    await waitFor('the slow trace to be running', async () => {
      const view = await testHook<{ status: string; title: string } | undefined>('lastResultView');
      return view?.status === 'running' && view.title.includes('slow.tracer.js');
    });
    const cancelled = await vscode.commands.executeCommand<number>('evmTracer.cancelTraces');
    assert.equal(cancelled, 1);
    const state: ViewState = await running;
    assert.equal(state.outcome.status, 'failed', describe(state));
    if (state.outcome.status === 'failed') assert.equal(state.outcome.error.kind, 'cancelled');
  });
});

suite('trace a mined transaction and its block on the local node', () => {
  suiteTeardown(() => vscode.commands.executeCommand('evmTracer.stopLocalNode'));

  test('Trace Transaction, Trace Block and Run Last Trace Again', async () => {
    const url = await vscode.commands.executeCommand<string>('evmTracer.startLocalNode');
    const rpc = async <T>(method: string, params: unknown[]): Promise<T> => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      });
      const answer = (await response.json()) as { result?: T; error?: unknown };
      if (answer.error) throw new Error(`${method}: ${JSON.stringify(answer.error)}`);
      return answer.result as T;
    };
    const [from] = await rpc<string[]>('eth_accounts', []);
    const hash = await rpc<string>('eth_sendTransaction', [{ from, data: '0x600160005200', gas: '0x30d40' }]);
    const receipt = await waitFor('the receipt', () =>
      rpc<{ blockHash: string } | null>('eth_getTransactionReceipt', [hash]).then((r) => r ?? undefined),
    );
    const uri = fixtureUri('ops.tracer.js').toString();
    const expected = { ops: ['PUSH1', 'PUSH1', 'MSTORE', 'STOP'] };

    const tx = await vscode.commands.executeCommand<ViewState>('evmTracer.traceTransaction', {
      uri,
      hash,
      node: LOCAL_NODE,
      tracerConfig: null,
    });
    assert.equal(tx.outcome.status, 'done', describe(tx));
    assert.deepEqual(JSON.parse((await renderedResult()).resultJson ?? 'null'), expected);

    const again = await vscode.commands.executeCommand<ViewState>('evmTracer.rerunLastTrace');
    assert.equal(again.outcome.status, 'done', describe(again));
    assert.equal(again.spec.target.kind, 'tx');
    assert.deepEqual(JSON.parse(again.outcome.status === 'done' ? again.outcome.json : 'null'), expected);

    const block = await vscode.commands.executeCommand<ViewState>('evmTracer.traceBlock', {
      uri,
      hash: receipt.blockHash,
      node: LOCAL_NODE,
      tracerConfig: null,
    });
    assert.equal(block.outcome.status, 'done', describe(block));
    assert.deepEqual(JSON.parse((await renderedResult()).resultJson ?? 'null'), [{ txHash: hash, result: expected }]);
  });

  test('an invalid hash is refused before anything is sent', async () => {
    await assert.rejects(
      Promise.resolve(
        vscode.commands.executeCommand('evmTracer.traceTransaction', {
          uri: fixtureUri('ops.tracer.js').toString(),
          hash: '0x1234',
          node: LOCAL_NODE,
        }),
      ),
      /transaction hash '0x1234' is not a 0x-prefixed 32-byte hash/,
    );
  });
});
