// Runs inside VS Code (code-server) for bench/debug-vscode.bench.ts, never as a test: the time from the
// Debug Trace Call command to VS Code's JavaScript debugger stopping at a breakpoint in `step`, js-debug's
// attach included. The first run also starts the local node and js-debug; the later ones find both running.
// Times go to the file named by EVM_TRACER_BENCH_OUT.
import { writeFileSync } from 'node:fs';
import { suite, test } from 'mocha';
import * as vscode from 'vscode';
import { continueUntilDone, watchStops } from '../../test/e2e/lib/debug-stops';
import { openFixture, waitFor } from '../../test/e2e/lib/workspace';
import { fixtureUri } from '../../test/e2e/suite/ext-helpers';

const RUNS = 6;

suite('bench: Debug Trace Call to the first breakpoint', () => {
  test('times each run', async () => {
    const out = process.env.EVM_TRACER_BENCH_OUT;
    if (!out) throw new Error('EVM_TRACER_BENCH_OUT is not set: run this through npm run bench');
    await openFixture('ops.tracer.js');
    const tracer = fixtureUri('ops.tracer.js');
    const { stops, dispose } = watchStops();
    const times: number[] = [];
    try {
      for (let run = 0; run < RUNS; run++) {
        // `this.ops.push(log.op.toString());` is line 4 (0-based 3) of ops.tracer.js.
        const breakpoint = new vscode.SourceBreakpoint(new vscode.Location(tracer, new vscode.Position(3, 0)));
        vscode.debug.addBreakpoints([breakpoint]);
        const seen = stops.length;
        const started = performance.now();
        const running = vscode.commands.executeCommand('evmTracer.debugTraceCall', {
          uri: tracer.toString(),
          block: 'latest',
          tracerConfig: null,
        });
        const stop = await waitFor('the debugger to stop', () => stops[seen], { timeoutMs: 90_000 });
        times.push(stop.at - started);
        vscode.debug.removeBreakpoints([breakpoint]);
        await continueUntilDone(stops, seen, running);
      }
    } finally {
      dispose();
    }
    writeFileSync(out, JSON.stringify(times));
  });
});
