// Fork mode around a trace job: the job gets the upstream state known or prefetched for its target before it
// goes to its worker, and what the worker read lazily is kept (memory, disk cache) before the answer goes out,
// so that the next trace of it, in this node or another, finds everything.
import type { PrefetchTarget } from '../../state/prefetch';
import type { UpstreamSnapshot } from '../../state/upstream-snapshot';
import type { TraceJob } from '../../evm/job';
import { cancelledText } from '../../trace/run';
import { serverError } from '../rpc-error';
import type { NodeContext } from './context';

export async function forkTrace<T>(
  context: NodeContext,
  job: TraceJob,
  target: PrefetchTarget | undefined,
  signal: AbortSignal,
  run: (job: TraceJob, onFetched?: (snapshot: UpstreamSnapshot) => void) => Promise<T>,
): Promise<T> {
  const source = context.forkSource;
  const hash = job.fork?.blockHash;
  if (!source || hash === undefined) return run(job);
  let ready: TraceJob;
  try {
    ready = await source.prepare(job, target, signal);
  } catch (error) {
    throw serverError(signal.aborted ? cancelledText : error instanceof Error ? error.message : String(error));
  }
  const saves: Array<Promise<void>> = [];
  try {
    return await run(ready, (snapshot) => saves.push(source.keep(hash, snapshot)));
  } finally {
    await Promise.all(saves);
  }
}
