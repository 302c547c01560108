// The loopback port a debug run's worker opens its inspector on, the wait for it to open, and the worker's
// own debugger address on it. js-debug is given that address once it is known, never the bare port: while
// js-debug polls a port that is not open yet, its HTTP client retries refused requests after js-debug has
// given up on them, and such a retry fails as an uncaught error inside the extension host; and a port is
// only worth attaching to if the inspector on it is this run's trace worker.
import { connect, createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** The inspector listens on loopback only: whoever reaches it controls the trace worker. */
export const inspectorHost = '127.0.0.1';
const pollMs = 50;
/** The inspector answers its target list at once: a port that does not is not the worker's. */
const listTimeoutMs = 5_000;

/** A port free on loopback now (the worker opens it a moment later; a clash fails the run with a clear error). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, inspectorHost, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: inspectorHost, port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => (socket.destroy(), resolve(false)));
  });
}

/** What the inspector on a port lists: one entry per debuggable target. */
interface InspectorTarget {
  url?: string;
  webSocketDebuggerUrl?: string;
}

/** The debugger address of the target running `workerUrl` on `port`; an Error when something else answers. */
async function workerAddress(port: number, workerUrl: string): Promise<string> {
  const elsewhere = `something other than this debug run's trace worker answers on ${inspectorHost}:${port}; run the debug trace again`;
  let targets: unknown;
  try {
    const response = await fetch(`http://${inspectorHost}:${port}/json/list`, { signal: AbortSignal.timeout(listTimeoutMs) });
    targets = await response.json();
  } catch {
    throw new Error(elsewhere);
  }
  const worker = Array.isArray(targets) ? (targets as InspectorTarget[]).find((target) => target?.url === workerUrl) : undefined;
  const address = worker?.webSocketDebuggerUrl;
  if (typeof address !== 'string' || !address.startsWith(`ws://${inspectorHost}:${port}/`)) throw new Error(elsewhere);
  return address;
}

type InspectorWait = { kind: 'open'; address: string } | { kind: 'ended' } | { kind: 'timeout' };

/**
 * Once `port` accepts connections: the debugger address of the trace worker (`workerUrl`, its script's file
 * URL) there. 'ended' if `trace` settles first (it failed before its worker opened the inspector); 'timeout'
 * after `timeoutMs`.
 */
export async function inspectorOpened(port: number, workerUrl: string, trace: Promise<unknown>, timeoutMs: number): Promise<InspectorWait> {
  let ended = false;
  const end = () => {
    ended = true;
  };
  trace.then(end, end);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (ended) return { kind: 'ended' };
    if (await accepts(port)) return { kind: 'open', address: await workerAddress(port, workerUrl) };
    await sleep(pollMs);
  }
  return { kind: 'timeout' };
}
