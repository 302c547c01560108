// At most N tasks at a time (each trace runs in its own worker thread; 100 at once would exhaust memory).
// A finishing task hands its slot straight to the next waiter, so the bound holds exactly.

export function limiter(max: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
