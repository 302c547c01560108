// The loopback port a debug run's worker opens its inspector on, and the wait for it to open.
// js-debug is only started once the port accepts connections: while it polls a port that is not open yet,
// its HTTP client retries refused requests after js-debug has given up on them, and such a retry fails
// as an uncaught error inside the extension host.
import { connect, createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** The inspector listens on loopback only: whoever reaches it controls the trace worker. */
export const inspectorHost = '127.0.0.1';
const pollMs = 50;

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

/**
 * 'open' once `port` accepts connections; 'ended' if `trace` settles first (it failed before its worker
 * opened the inspector); 'timeout' after `timeoutMs`.
 */
export async function inspectorOpened(port: number, trace: Promise<unknown>, timeoutMs: number): Promise<'open' | 'ended' | 'timeout'> {
  let ended = false;
  const end = () => { ended = true; };
  trace.then(end, end);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (ended) return 'ended';
    if (await accepts(port)) return 'open';
    await sleep(pollMs);
  }
  return 'timeout';
}
