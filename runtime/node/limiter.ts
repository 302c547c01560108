// At most N tasks at a time (each trace runs in its own worker process; 100 at once would exhaust memory),
// shared fairly between clients (the server tells clients apart by address and credentials, not by
// connection: a client opening many connections is still one client). A free slot goes to the waiting client
// running the fewest tasks (round-robin among equals), and the last free slot is kept for a client that has
// nothing running: a client whose tasks run long (tracers looping until their time-out) can hold at most N-1
// slots, and a newcomer always finds one. A task whose client goes away while it waits is dropped.

export class CancelledWhileWaiting extends Error {
  constructor() {
    super('cancelled while waiting for a free slot');
  }
}

/** Runs `task` once a slot is free for `client` (any value that tells clients apart, compared with ===). */
type Limiter = <T>(client: unknown, signal: AbortSignal, task: () => Promise<T>) => Promise<T>;

export function fairLimiter(max: number): Limiter {
  let running = 0;
  const runningBy = new Map<unknown, number>();
  /** Clients with waiting tasks, in round-robin order: a client served moves to the back. */
  const waiting = new Map<unknown, Array<() => void>>();
  const count = (client: unknown) => runningBy.get(client) ?? 0;
  /** A client with tasks running may not take the last free slot. */
  const mayStart = (client: unknown) => running < (count(client) === 0 ? max : max - 1);

  /** Fills free slots: first the waiting clients running the fewest tasks, in round-robin order among equals. */
  const startWaiting = () => {
    while (running < max) {
      let chosen: unknown;
      let found = false;
      for (const client of waiting.keys()) {
        if (mayStart(client) && (!found || count(client) < count(chosen))) {
          chosen = client;
          found = true;
        }
      }
      if (!found) return;
      const queue = waiting.get(chosen)!;
      const start = queue.shift()!;
      waiting.delete(chosen);
      if (queue.length > 0) waiting.set(chosen, queue);
      running++;
      runningBy.set(chosen, count(chosen) + 1);
      start();
    }
  };

  const finish = (client: unknown) => {
    running--;
    const left = count(client) - 1;
    if (left > 0) runningBy.set(client, left);
    else runningBy.delete(client);
    startWaiting();
  };

  return async function run<T>(client: unknown, signal: AbortSignal, task: () => Promise<T>): Promise<T> {
    if (signal.aborted) throw new CancelledWhileWaiting();
    await new Promise<void>((resolve, reject) => {
      const start = () => {
        signal.removeEventListener('abort', cancel);
        resolve();
      };
      const cancel = () => {
        const queue = waiting.get(client) ?? [];
        queue.splice(queue.indexOf(start), 1);
        if (queue.length === 0) waiting.delete(client);
        reject(new CancelledWhileWaiting());
      };
      signal.addEventListener('abort', cancel, { once: true });
      const queue = waiting.get(client);
      if (queue) queue.push(start);
      else waiting.set(client, [start]);
      startWaiting();
    });
    try {
      return await task();
    } finally {
      finish(client);
    }
  };
}
