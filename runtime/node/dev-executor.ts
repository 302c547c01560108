// Where the dev chain's EVM work runs: a trace worker (trace/dev-work-run.ts); in fork mode the work first
// gets the upstream state this node already holds, and what the worker read lazily is kept for the next.
import type { DevExecutor } from '../evm/dev-work';
import type { ForkSource } from '../state/fork-source';
import { runDevWorkInWorker } from '../trace/dev-work-run';

/** `forkSource` is asked at each run: the chain is created before the fork source that needs it. */
export function devExecutor(forkSource: () => ForkSource | undefined): DevExecutor {
  return async (work, timeoutMs) => {
    const source = forkSource();
    const hash = work.state.fork?.blockHash;
    if (!source || hash === undefined) return runDevWorkInWorker(work, timeoutMs);
    const saves: Array<Promise<void>> = [];
    try {
      const state = await source.prepare(work.state, undefined);
      return await runDevWorkInWorker({ ...work, state }, timeoutMs, (snapshot) => saves.push(source.keep(hash, snapshot)));
    } finally {
      await Promise.all(saves);
    }
  };
}
