// Debug runs: the time from "Debug Trace Call" to the first breakpoint hit on a running local node, along the
// extension's path without VS Code's UI: free port, the debug run's request (core's sendDebugTrace), a CDP
// client attaching as js-debug does (retrying until the worker's inspector listens, breakpoint by the file's
// URL, Runtime.runIfWaitingForDebugger) until Debugger.paused (target < 2 s). Median of 5. js-debug's own
// attach (its session start in VS Code) comes on top and is not timed here.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchLocalNode } from '../core/local-node-launcher';
import { createRpcClient } from '../core/rpc/client';
import { sendDebugTrace } from '../core/trace/requests';
import { connectWhenListening, freePort } from '../test/support/cdp-client';
import { opsTracerText } from '../test/support/ops-tracer';

const RUNS = 5;

export default async function bench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'evm-tracer-debug-bench-'));
  const file = join(dir, 'ops.tracer.js');
  writeFileSync(file, opsTracerText);
  const node = await launchLocalNode({ cliPath: 'dist/cli.js', debugTraces: true });
  const times: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      // A client per run, as the extension has per trace.
      const client = createRpcClient({ name: 'local', url: node.url, auth: { kind: 'none' } });
      const port = await freePort();
      const result = sendDebugTrace(client, { kind: 'call', call: { data: '0x600160005200' }, block: 'latest' }, opsTracerText, {
        file,
        host: '127.0.0.1',
        port,
        secret: node.debugSecret!,
      });
      const cdp = await connectWhenListening(port);
      await cdp.send('Debugger.enable');
      await cdp.send('Debugger.setBreakpointByUrl', { url: pathToFileURL(file).href, lineNumber: 3 });
      await cdp.send('Runtime.runIfWaitingForDebugger');
      await cdp.paused();
      times.push(performance.now() - started);
      // Deactivated, as VS Code's button does: the trace then runs to its end.
      await cdp.send('Debugger.setBreakpointsActive', { active: false });
      await cdp.send('Debugger.resume');
      await result;
      cdp.close();
      await client.close();
    }
  } finally {
    await node.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `Debug Trace Call → first breakpoint hit, local node running (median of ${RUNS}): ${sorted[Math.floor(RUNS / 2)].toFixed(0)} ms ` +
      `(min ${sorted[0].toFixed(0)}, max ${sorted[RUNS - 1].toFixed(0)}; target < 2 s)`,
  );
}
