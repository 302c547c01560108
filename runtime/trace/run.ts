// runTraceJob: runs a TraceJob in a worker process (dist/trace-worker.js) so that a tracer stuck in a loop
// or allocating without bound is stopped (process killed at the time-out, V8 heap limit) while the calling
// process stays up. A child process rather than a worker thread: V8 aborts the whole process when a worker
// thread's heap limit is hit by one large allocation (e.g. an array grown by push() in a loop, nodejs/node
// #47224), whereas a child that dies takes nothing else with it. The time-out is per traced transaction;
// after a worker is lost, the remaining transactions run in a fresh one (which replays the earlier
// transactions of the block again). A debug run (RunOptions.inspect) gets a worker of its own that opens the
// inspector; its time-out stands still while the debugger holds the worker paused.
import type { UpstreamSnapshot } from '../state/upstream-snapshot';
import type { TraceJob, TraceOutcome, WorkerOutcome } from '../evm/job';
import type { InspectAddress, WorkerMessage, WorkerRequest } from './protocol';
import { traceMemoryLimitMb } from './worker-launch';
import { acquireWorker, discardWorker, releaseWorker, spawnWorker, type Kind } from './worker-pool';

/** Before the first traced transaction starts (state seeding, replaying earlier transactions). */
const preparationTimeoutMs = 60_000;
const stderrTail = 4096;

export interface RunOptions {
  /** Aborting kills the worker: the traces not finished yet fail with `cancelledText`. */
  signal?: AbortSignal;
  /** A debug run: its own worker opens the inspector at this address, tells `onListening` the URL (with a
   * warning when it runs without the permission model) and waits for a debugger before the job starts; one
   * that no debugger attaches to within `attachTimeoutMs` fails (its worker would wait for ever). */
  inspect?: InspectAddress & { attachTimeoutMs?: number; onListening?(url: string, warning?: string): void };
  /** Fork mode: gets the upstream state the worker read lazily (for the disk cache). */
  onFetched?(snapshot: UpstreamSnapshot): void;
}

export const cancelledText = 'trace cancelled: the client went away';

/** The outcomes with every result as one string (long results joined: for callers that want plain text). */
export async function runTraceJob(job: TraceJob, options: RunOptions = {}): Promise<TraceOutcome[]> {
  const outcomes = await runTraceJobInParts(job, options);
  return outcomes.map((o) =>
    'jsonParts' in o ? { ...(o.txHash ? { txHash: o.txHash } : {}), json: Buffer.concat(o.jsonParts).toString() } : o,
  );
}

/** The outcomes as the worker sent them: a long result (a struct log) stays in parts, off the heap. */
export async function runTraceJobInParts(job: TraceJob, options: RunOptions = {}): Promise<WorkerOutcome[]> {
  const outcomes = new Map<number, WorkerOutcome>();
  let remaining = job.trace.filter((i, at) => job.trace.indexOf(i) === at);
  while (remaining.length > 0 && !options.signal?.aborted) {
    const finished = await runInWorker({ ...job, trace: remaining }, outcomes, options);
    remaining = remaining.filter((i) => !outcomes.has(i));
    // A lost debug worker is not replaced: a second inspector would wait for a debugger nobody attaches.
    if (finished || options.inspect) break;
  }
  const missing = options.signal?.aborted ? cancelledText : undefined;
  for (const index of remaining) outcomes.set(index, { error: missing ?? `transaction ${index} was not executed` });
  return job.trace.map((index) => outcomes.get(index)!);
}

/** Resolves true when the worker finished the job, false when it was lost (time-out, memory, crash). */
function runInWorker(job: TraceJob, outcomes: Map<number, WorkerOutcome>, { signal, inspect, onFetched }: RunOptions): Promise<boolean> {
  const kind: Kind = job.fork ? 'network' : 'local';
  const debugWorker = inspect ? spawnWorker(kind, true) : undefined;
  const child = debugWorker?.child ?? acquireWorker(kind);
  let current: { index: number; hookLocations?: Record<string, string | undefined>; hook?: string } | undefined;
  let timer: NodeJS.Timeout | undefined;
  let attachTimer: NodeJS.Timeout | undefined;
  /** When the armed time-out fires; what is left of it is kept while the debugger holds the worker. */
  let deadline = 0;
  let left: number | undefined;
  let stderr = '';
  let parts: Uint8Array[] = [];

  return new Promise<boolean>((resolve) => {
    let settled = false;
    const settle = (finished: boolean, keepWorker: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(attachTimer);
      signal?.removeEventListener('abort', onAbort);
      if (keepWorker && !debugWorker) releaseWorker(child, kind);
      else discardWorker(child);
      resolve(finished);
    };
    const failCurrent = (error: string) => {
      const index = current?.index ?? job.trace.find((i) => !outcomes.has(i));
      if (index !== undefined && !outcomes.has(index)) outcomes.set(index, { error });
    };
    /** Stops the time-out, keeping what is left of it for `arm`. */
    const hold = () => {
      if (timer === undefined) return;
      clearTimeout(timer);
      timer = undefined;
      left = Math.max(0, deadline - Date.now());
    };
    const arm = (ms: number) => {
      clearTimeout(timer);
      left = undefined;
      deadline = Date.now() + ms;
      timer = setTimeout(
        () => {
          failCurrent(timeoutText(current?.hookLocations, current?.hook));
          settle(false, false);
        },
        Math.max(0, ms),
      );
    };

    child.stderr!.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-stderrTail);
    });
    child.on('message', (message: WorkerMessage) => {
      switch (message.type) {
        case 'txStart':
          current = { index: message.index };
          arm(job.timeoutMs);
          break;
        case 'located':
          if (current) current.hookLocations = message.hookLocations;
          break;
        case 'hook':
          if (current) current.hook = message.hook;
          break;
        case 'outcomePart':
          parts.push(message.part);
          break;
        case 'listening': {
          // Waiting for a debugger is bounded by the attach time-out; preparing once it came has no time
          // limit (the caller's signal still ends the run). The first traced transaction arms the time-out.
          clearTimeout(timer);
          timer = undefined;
          const { url } = message;
          const waitMs = inspect?.attachTimeoutMs;
          if (waitMs !== undefined) {
            attachTimer = setTimeout(() => {
              failCurrent(`no debugger attached to ${url} within ${formatSeconds(waitMs)}: the debug run was ended`);
              settle(false, false);
            }, waitMs);
          }
          inspect?.onListening?.(url, debugWorker?.warning);
          break;
        }
        case 'attached':
          clearTimeout(attachTimer);
          break;
        case 'paused':
          hold();
          break;
        case 'resumed':
          if (left !== undefined) arm(left);
          break;
        case 'fetched':
          onFetched?.(message.snapshot);
          break;
        case 'outcome':
          outcomes.set(message.index, 'jsonParts' in message.outcome ? { ...message.outcome, jsonParts: parts } : message.outcome);
          parts = [];
          current = undefined;
          arm(preparationTimeoutMs);
          break;
        case 'done':
          settle(true, true);
          break;
        case 'failed':
          failCurrent(message.error);
          settle(true, false);
          break;
      }
    });
    child.on('error', (error) => {
      failCurrent(`trace worker failed: ${error.message}`);
      settle(false, false);
    });
    child.on('exit', (code, signal) => {
      failCurrent(
        /heap out of memory|Allocation failed/.test(stderr)
          ? `tracer exceeded the memory limit of ${traceMemoryLimitMb} MB (trace worker out of memory)`
          : `trace worker exited unexpectedly (${signal ?? `code ${code}`})`,
      );
      settle(false, false);
    });
    const onAbort = () => {
      failCurrent(cancelledText);
      settle(true, false);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    arm(preparationTimeoutMs);
    const request: WorkerRequest = { job, inspect: inspect && { host: inspect.host, port: inspect.port } };
    child.send(request);
  });
}

const formatSeconds = (ms: number) => `${Number((ms / 1000).toFixed(3))} s`;

/** geth: `execution timeout at <fn> (<eval>:L:C)    in server-side tracer function '<hook>'`; when no hook
 * was running (the EVM itself was busy), geth interrupts the next hook, which is `result` at the latest.
 * While the tracer expression itself is evaluated there is no hook: plain `execution timeout`; in `setup`
 * no suffix, as for its other errors. */
function timeoutText(locations: Record<string, string | undefined> | undefined, hook: string | undefined): string {
  if (!locations) return 'execution timeout';
  const name = hook ?? 'result';
  const at = locations[name] ? ` at ${locations[name]}` : '';
  return name === 'setup' ? `execution timeout${at}` : `execution timeout${at}    in server-side tracer function '${name}'`;
}
