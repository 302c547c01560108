// Runs the dev chain's EVM work (evm/dev-work.ts) in a pooled trace worker: killed at its time-out, so that
// a call looping through a huge gas limit never holds the node, and within the worker's memory limits.
import { WorkTimedOut, type DevOutcomes, type DevWork } from '../evm/dev-work';
import type { UpstreamSnapshot } from '../state/upstream-snapshot';
import type { WorkerMessage, WorkerRequest } from './protocol';
import { traceMemoryLimitMb } from './worker-launch';
import { acquireWorker, discardWorker, releaseWorker } from './worker-pool';

const stderrTail = 4096;

export function runDevWorkInWorker<W extends DevWork>(
  work: W,
  timeoutMs: number,
  /** Fork mode: gets the upstream state the worker read lazily (for the caches). */
  onFetched?: (snapshot: UpstreamSnapshot) => void,
): Promise<DevOutcomes[W['kind']]> {
  const kind = work.state.fork ? 'network' : 'local';
  const child = acquireWorker(kind);
  let stderr = '';
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (keepWorker: boolean, end: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (keepWorker) releaseWorker(child, kind);
      else discardWorker(child);
      end();
    };
    const timer = setTimeout(() => settle(false, () => reject(new WorkTimedOut(timeoutMs))), timeoutMs);
    child.stderr!.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-stderrTail);
    });
    child.on('message', (message: WorkerMessage) => {
      if (message.type === 'fetched') onFetched?.(message.snapshot);
      else if (message.type === 'worked') settle(true, () => resolve(message.outcome as DevOutcomes[W['kind']]));
      else if (message.type === 'failed') settle(true, () => reject(new Error(message.error)));
    });
    child.on('error', (error) => settle(false, () => reject(new Error(`EVM worker failed: ${error.message}`))));
    child.on('exit', (code, signal) => {
      const reason = /heap out of memory|Allocation failed/.test(stderr)
        ? `the EVM exceeded the memory limit of ${traceMemoryLimitMb} MB`
        : `the EVM worker exited unexpectedly (${signal ?? `code ${code}`})`;
      settle(false, () => reject(new Error(reason)));
    });
    const request: WorkerRequest = { work };
    child.send(request);
  });
}
