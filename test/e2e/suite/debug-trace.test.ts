// Debug Trace Call in real VS Code: a breakpoint in the tracer's `step`, the built-in JavaScript debugger
// (js-debug) attached to the local node's trace worker stops on that line of the .tracer.js file, shows the
// tracer API's objects as their API with its values and folds the API's own frames away, evaluates
// `log.op.toString()` there, continues, and the result panel shows the trace's result.
import * as assert from 'node:assert/strict';
import { suite, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import type { ViewState } from '../../../client/webview/messages';
import { continueUntilDone, watchStops } from '../lib/debug-stops';
import { openFixture, waitFor } from '../lib/workspace';
import { describe, fixtureUri, renderedResult } from './ext-helpers';

interface DapVariable {
  name: string;
  value: string;
  variablesReference: number;
}

/** The variables under a reference, without js-debug's `...` entry (the object's raw properties, folded). */
async function variables(session: vscode.DebugSession, variablesReference: number): Promise<DapVariable[]> {
  const { variables: listed } = (await session.customRequest('variables', { variablesReference })) as { variables: DapVariable[] };
  return listed.filter((v) => v.name !== '...');
}

/** Names as the Variables view orders them (js-debug sorts a listing by name). */
const names = (listed: DapVariable[]) => listed.map((v) => v.name);
const sorted = (list: string[]) => [...list].sort();

/** Issue 23 §10, read through the DAP as the Variables and Call Stack views do: at the first step (PUSH1 at
 * pc 0), `log` and `db` list the API with its current values instead of the closures that implement it,
 * and every frame under the tracer's own is folded away (js-debug's skipFiles), the API's among them. */
async function assertApiShown(session: vscode.DebugSession, threadId: number, frameId: number): Promise<void> {
  const { scopes } = (await session.customRequest('scopes', { frameId })) as {
    scopes: Array<{ name: string; variablesReference: number }>;
  };
  const locals = await variables(session, scopes[0].variablesReference);
  const log = locals.find((v) => v.name === 'log');
  assert.ok(log, JSON.stringify(locals));
  assert.match(log.value, /^PUSH1 pc=0 gas=\d+ cost=3 depth=1$/);
  const listed = await variables(session, log.variablesReference);
  const byName = new Map(listed.map((v) => [v.name, v]));
  assert.deepEqual(
    names(listed),
    sorted(['op', 'stack', 'memory', 'contract', 'getPC()', 'getGas()', 'getCost()', 'getDepth()', 'getRefund()', 'getError()']),
  );
  assert.deepEqual(
    ['op', 'stack', 'memory', 'getPC()', 'getCost()', 'getDepth()', 'getError()'].map((name) => byName.get(name)!.value),
    ['PUSH1 (0x60)', 'Stack(0) [] (top first)', 'Memory(0 bytes)', '0', '3', '1', 'undefined'],
  );
  assert.match(byName.get('contract')!.value, /^Contract 0x[0-9a-f]{40}$/);
  const op = await variables(session, byName.get('op')!.variablesReference);
  assert.deepEqual(
    op.map((v) => [v.name, v.value]),
    [
      ['isPush()', 'true'],
      ['toNumber()', '96'],
      ['toString()', "'PUSH1'"],
    ],
  );
  const contract = await variables(session, byName.get('contract')!.variablesReference);
  assert.deepEqual(names(contract), sorted(['getAddress()', 'getCaller()', 'getValue()', 'getInput()']));
  // Nothing of the implementation: no arrow function's source, no minified closure names.
  for (const shown of [...listed, ...op, ...contract]) assert.doesNotMatch(shown.value, /=>|check\(\)|function/, shown.name);
  const db = locals.find((v) => v.name === 'db')!;
  assert.deepEqual(
    names(await variables(session, db.variablesReference)),
    sorted(['getBalance(address)', 'getNonce(address)', 'getCode(address)', 'getState(address, slot)', 'exists(address)']),
  );

  type Frame = { name: string; presentationHint?: string; source?: { name?: string; path?: string; presentationHint?: string } };
  // All of it, an async part included: there is none (no `await` label frames), the worker's awaits being
  // nothing of the tracer's.
  const { stackFrames } = (await session.customRequest('stackTrace', { threadId, startFrame: 0, levels: 1000 })) as {
    stackFrames: Frame[];
  };
  assert.deepEqual(
    stackFrames.filter((frame) => frame.presentationHint === 'label').map((frame) => frame.name),
    [],
  );
  const folded = (frame: Frame) => (frame.presentationHint ?? frame.source?.presentationHint) === 'deemphasize';
  const describeFrame = (frame: Frame) =>
    `${frame.name} (${frame.source?.path ?? frame.source?.name ?? '?'}) ${frame.presentationHint ?? frame.source?.presentationHint ?? ''}`;
  assert.ok(!folded(stackFrames[0]), describeFrame(stackFrames[0]));
  assert.deepEqual(
    stackFrames
      .slice(1)
      .filter((frame) => !folded(frame))
      .map(describeFrame),
    [],
    stackFrames.map(describeFrame).join('\n'),
  );
  assert.ok(
    stackFrames.some((frame) => /tracer-api/.test(frame.source?.path ?? frame.source?.name ?? '')),
    stackFrames.map(describeFrame).join('\n'),
  );
}

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
      const evaluated = (await stop.session.customRequest('evaluate', {
        expression: 'log.op.toString()',
        frameId: frame.id,
        context: 'repl',
      })) as { result: string };
      assert.equal(evaluated.result, "'PUSH1'");
      await assertApiShown(stop.session, stop.threadId, frame.id);
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
