// The debugger's stops during a debug run, as the debug adapters report them to VS Code, and a way to let
// the run finish: shared by the debug suite and the debug bench.
import * as vscode from 'vscode';

export interface Stop {
  session: vscode.DebugSession;
  threadId: number;
  /** performance.now() when VS Code got the `stopped` event. */
  at: number;
}

/** Records every `stopped` event of every debug session from now on. */
export function watchStops(): { stops: Stop[]; dispose(): void } {
  const stops: Stop[] = [];
  const registration = vscode.debug.registerDebugAdapterTrackerFactory('*', {
    createDebugAdapterTracker: (session) => ({
      onDidSendMessage: (message: { type?: string; event?: string; body?: { threadId?: number } }) => {
        if (message.type === 'event' && message.event === 'stopped')
          stops.push({ session, threadId: message.body?.threadId ?? 0, at: performance.now() });
      },
    }),
  });
  return { stops, dispose: () => registration.dispose() };
}

/**
 * Continues the stops from index `from` on, each as it comes, until `running` settles, and gives its value.
 * A removed breakpoint reaches the debugger a moment after VS Code's model: a stop at it before then is
 * continued too.
 */
export async function continueUntilDone<T>(stops: Stop[], from: number, running: Thenable<T>): Promise<T> {
  let continued = from;
  const keepGoing = setInterval(() => {
    while (continued < stops.length) {
      const next = stops[continued++];
      void next.session.customRequest('continue', { threadId: next.threadId });
    }
  }, 50);
  try {
    return await running;
  } finally {
    clearInterval(keepGoing);
  }
}
