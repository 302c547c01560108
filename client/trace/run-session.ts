// The debug session js-debug starts for one debug run, followed from its start to its end.
import * as vscode from 'vscode';

/** Marks our attach configuration, to find its session. */
export const runKey = 'evmTracerDebugRun';
/** How long a session is given to end on its own, and then after a stop request. */
const stopWaitMs = 2_000;

interface RunSession {
  /** Ends the session, if it started and is still running; resolves once VS Code says it terminated. */
  end(): Promise<void>;
}

/** Watches for the top-level session js-debug starts for the configuration marked `run`. */
export function watchRunSession(run: string): RunSession {
  let session: vscode.DebugSession | undefined;
  let terminated = false;
  let onTerminated = () => {};
  const whenTerminated = new Promise<void>((resolve) => (onTerminated = resolve));
  const subscriptions = [
    vscode.debug.onDidStartDebugSession((started) => {
      if (started.configuration[runKey] === run && !started.parentSession) session = started;
    }),
    vscode.debug.onDidTerminateDebugSession((ended) => {
      if (ended.id !== session?.id) return;
      terminated = true;
      onTerminated();
    }),
  ];
  const settled = () => Promise.race([whenTerminated, new Promise((resolve) => setTimeout(resolve, stopWaitMs))]);
  return {
    async end() {
      // The worker's end closes the debugger's connection and js-debug ends the session itself. A stop sent
      // while VS Code is tearing the session down races that teardown and can leave the session shown as
      // running for ever: stop only a session that is still running after a moment.
      if (session && !terminated) await settled();
      if (session && !terminated) {
        await vscode.debug.stopDebugging(session);
        await settled();
      }
      for (const subscription of subscriptions) subscription.dispose();
    },
  };
}
