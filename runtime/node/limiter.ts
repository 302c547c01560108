// At most N tasks at a time (each trace runs in its own worker process; 100 at once would exhaust memory),
// shared fairly between clients: a free slot goes to the waiting client running the fewest tasks (round-robin
// among equals), and one client runs at most N-1 at once, so a client whose tasks run long (tracers looping
// until their time-out) always leaves a slot to the others. A task whose client goes away while it waits is
// dropped from the queue.

export class CancelledWhileWaiting extends Error {
  constructor() {
    super('cancelled while waiting for a free slot');
  }
}

export function fairLimiter(max: number) {
  const perClient = Math.max(1, max - 1);
  let running = 0;
  const runningBy = new Map<object, number>();
  /** Clients with waiting tasks, in round-robin order: a client served moves to the back. */
  const waiting = new Map<object, Array<() => void>>();
  const count = (client: object) => runningBy.get(client) ?? 0;

  /** Fills free slots: first the waiting clients running the fewest tasks, in round-robin order among equals. */
  const startWaiting = () => {
    while (running < max) {
      let chosen: object | undefined;
      for (const client of waiting.keys()) {
        if (count(client) < perClient && (chosen === undefined || count(client) < count(chosen))) chosen = client;
      }
      if (chosen === undefined) return;
      const queue = waiting.get(chosen)!;
      const start = queue.shift()!;
      waiting.delete(chosen);
      if (queue.length > 0) waiting.set(chosen, queue);
      running++;
      runningBy.set(chosen, count(chosen) + 1);
      start();
    }
  };

  const finish = (client: object) => {
    running--;
    const left = count(client) - 1;
    if (left > 0) runningBy.set(client, left);
    else runningBy.delete(client);
    startWaiting();
  };

  return async function run<T>(client: object, signal: AbortSignal, task: () => Promise<T>): Promise<T> {
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
