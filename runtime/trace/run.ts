// runTraceJob: runs a TraceJob in a worker thread so that a tracer stuck in a loop or allocating without
// bound is stopped (worker terminated, resource limits) while the calling process stays up. The time-out
// is per traced transaction; after a worker is lost, the remaining transactions run in a fresh one (which
// replays the earlier transactions of the block again).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { TraceJob, TraceOutcome } from './job';
import { hookCodes, type WorkerMessage, type WorkerRequest } from './protocol';

/** Heap limit per trace worker; geth has none, but a local runtime must not take the machine down. */
export const traceMemoryLimitMb = 512;
/** Before the first traced transaction starts (state seeding, replaying earlier transactions). */
const preparationTimeoutMs = 60_000;
const maxIdleWorkers = 2;

const idle: Worker[] = [];

function workerPath(): string {
  const candidates = [join(__dirname, 'trace-worker.js'), join(__dirname, '..', '..', 'dist', 'trace-worker.js')];
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error(`trace worker not found (looked for ${candidates.join(', ')}); run "node esbuild.mjs" first`);
  return found;
}

function acquireWorker(): Worker {
  const worker = idle.pop() ?? new Worker(workerPath(), { resourceLimits: { maxOldGenerationSizeMb: traceMemoryLimitMb } });
  worker.ref();
  return worker;
}

/** Only our own listeners: Worker keeps internal ones (removing those breaks message delivery). */
function detach(worker: Worker): void {
  for (const event of ['message', 'error', 'exit']) worker.removeAllListeners(event);
}

function releaseWorker(worker: Worker): void {
  detach(worker);
  if (idle.length >= maxIdleWorkers) {
    void worker.terminate();
    return;
  }
  worker.unref();
  worker.on('error', () => dropIdle(worker));
  worker.on('exit', () => dropIdle(worker));
  idle.push(worker);
}

function dropIdle(worker: Worker): void {
  const at = idle.indexOf(worker);
  if (at >= 0) idle.splice(at, 1);
}

/** Starts an idle worker ahead of the first trace (loading the EVM bundle takes a few hundred ms). */
export function warmTraceWorker(): void {
  if (idle.length === 0) releaseWorker(acquireWorker());
}

export async function runTraceJob(job: TraceJob): Promise<TraceOutcome[]> {
  const outcomes = new Map<number, TraceOutcome>();
  let remaining = job.trace.filter((i, at) => job.trace.indexOf(i) === at);
  while (remaining.length > 0) {
    const finished = await runInWorker({ ...job, trace: remaining }, outcomes);
    remaining = remaining.filter((i) => !outcomes.has(i));
    if (finished) break;
  }
  for (const index of remaining) outcomes.set(index, { error: `transaction ${index} was not executed` });
  return job.trace.map((index) => outcomes.get(index)!);
}

/** Resolves true when the worker finished the job, false when it was lost (time-out, memory, crash). */
function runInWorker(job: TraceJob, outcomes: Map<number, TraceOutcome>): Promise<boolean> {
  const worker = acquireWorker();
  const hookSlot = new SharedArrayBuffer(4);
  const hookView = new Int32Array(hookSlot);
  let current: { index: number; hookLocations: Record<string, string | undefined> } | undefined;
  let timer: NodeJS.Timeout | undefined;

  return new Promise<boolean>((resolve) => {
    let settled = false;
    const settle = (finished: boolean, keepWorker: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (keepWorker) releaseWorker(worker);
      else {
        detach(worker);
        worker.on('error', () => undefined);
        void worker.terminate();
      }
      resolve(finished);
    };
    const failCurrent = (error: string) => {
      const index = current?.index ?? job.trace.find((i) => !outcomes.has(i));
      if (index !== undefined && !outcomes.has(index)) outcomes.set(index, { error });
    };
    const arm = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        failCurrent(timeoutText(current?.hookLocations, hookCodes[Atomics.load(hookView, 0)]));
        settle(false, false);
      }, Math.max(0, ms));
    };

    worker.on('message', (message: WorkerMessage) => {
      switch (message.type) {
        case 'txStart':
          current = { index: message.index, hookLocations: message.hookLocations };
          arm(job.timeoutMs);
          break;
        case 'outcome':
          outcomes.set(message.index, message.outcome);
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
    worker.on('error', (error: Error & { code?: string }) => {
      failCurrent(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `tracer exceeded the memory limit of ${traceMemoryLimitMb} MB (trace worker out of memory)`
          : `trace worker failed: ${error.message}`,
      );
      settle(false, false);
    });
    worker.on('exit', (code) => {
      failCurrent(`trace worker exited unexpectedly (code ${code})`);
      settle(false, false);
    });
    arm(preparationTimeoutMs);
    const request: WorkerRequest = { job, hookSlot };
    worker.postMessage(request);
  });
}

/** geth: `execution timeout at <fn> (<eval>:L:C)    in server-side tracer function '<hook>'`; when no hook
 * was running (the EVM itself was busy), geth interrupts the next hook, which is `result` at the latest. */
function timeoutText(locations: Record<string, string | undefined> | undefined, hook: string | undefined): string {
  if (!locations) return 'execution timeout';
  const name = hook && hook !== 'none' ? hook : 'result';
  const where = locations[name];
  return `execution timeout${where ? ` at ${where}` : ''}    in server-side tracer function '${name}'`;
}
