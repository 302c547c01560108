// Debug Trace Call in real VS Code: a breakpoint in the tracer's `step`, the built-in JavaScript debugger
// (js-debug) attached to the local node's trace worker stops on that line of the .tracer.js file, evaluates
// `log.op.toString()` there, continues, and the result panel shows the trace's result.
import * as assert from 'node:assert/strict';
import { suite, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import type { ViewState } from '../../../client/webview/messages';
import { continueUntilDone, watchStops } from '../lib/debug-stops';
import { openFixture, waitFor } from '../lib/workspace';
import { describe, fixtureUri, renderedResult } from './ext-helpers';

suite('debug a tracer', () => {
  suiteTeardown(async () => {
    vscode.debug.removeBreakpoints(vscode.debug.breakpoints);
    await vscode.commands.executeCommand('evmTracer.stopLocalNode');
  });

  test('Debug Trace Call stops at a breakpoint in step, evaluates log.op, continues, and the panel shows the result', async () => {
    await openFixture('ops.tracer.js');
    const tracer = fixtureUri('ops.tracer.js');
    // `this.ops.push(log.op.toString());` is line 4 (0-based 3) of ops.tracer.js.
    const breakpoint = new vscode.SourceBreakpoint(new vscode.Location(tracer, new vscode.Position(3, 0)));
    vscode.debug.addBreakpoints([breakpoint]);
    const watch = watchStops();
    // activeDebugSession can keep naming a session after it ended: the test follows the terminate events.
    const terminated = new Set<string>();
    const terminations = vscode.debug.onDidTerminateDebugSession((session) => terminated.add(session.id));
    try {
      const running = vscode.commands.executeCommand<ViewState | undefined>('evmTracer.debugTraceCall', {
        uri: tracer.toString(),
        block: 'latest',
        tracerConfig: null,
      });
      const stop = await waitFor('the debugger to stop at the breakpoint', () => watch.stops[0], { timeoutMs: 90_000 });
      const { stackFrames } = (await stop.session.customRequest('stackTrace', { threadId: stop.threadId, levels: 1 })) as {
        stackFrames: Array<{ id: number; line: number; source?: { path?: string } }>;
      };
      const [frame] = stackFrames;
      assert.equal(frame.line, 4, JSON.stringify(frame));
      // A plain path on the desktop, a vscode-remote URI in code-server.
      const path = frame.source?.path ?? '';
      assert.equal((path.includes('://') ? vscode.Uri.parse(path) : vscode.Uri.file(path)).path, tracer.path, JSON.stringify(frame));
      const evaluated = (await stop.session.customRequest('evaluate', { expression: 'log.op.toString()', frameId: frame.id, context: 'repl' })) as { result: string };
      assert.equal(evaluated.result, "'PUSH1'");
      vscode.debug.removeBreakpoints([breakpoint]);
      const state = await continueUntilDone(watch.stops, 0, running);
      assert.ok(state, 'Debug Trace Call returned nothing');
      assert.equal(state.outcome.status, 'done', describe(state));
      const view = await renderedResult();
      assert.deepEqual(JSON.parse(view.resultJson ?? 'null'), { ops: ['PUSH1', 'PUSH1', 'MSTORE', 'STOP'] });
      const run = stop.session.parentSession ?? stop.session;
      await waitFor('the debug session to end with the trace', () => terminated.has(run.id) && terminated.has(stop.session.id));
    } finally {
      watch.dispose();
      terminations.dispose();
    }
  });
});
