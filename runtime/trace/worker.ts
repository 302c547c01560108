// The trace worker (bundled as dist/trace-worker.js): runs TraceJobs sent by runTraceJob, one at a time,
// reporting each traced transaction's start, the running hook (through shared memory, readable while the
// tracer blocks this thread) and its outcome.
import { parentPort } from 'node:worker_threads';
import { executeJob } from '../evm/execute';
import type { HookName } from '../host/tracer-host';
import type { TraceJob } from './job';
import { hookCodes, type WorkerMessage, type WorkerRequest } from './protocol';

Error.stackTraceLimit = 50;
const port = parentPort!;

port.on('message', (request: WorkerRequest) => {
  const hookSlot = new Int32Array(request.hookSlot);
  const post = (message: WorkerMessage) => port.postMessage(message);
  void run(request.job, hookSlot, post);
});

async function run(job: TraceJob, hookSlot: Int32Array, post: (m: WorkerMessage) => void): Promise<void> {
  try {
    await executeJob(job, {
      txStart: (index, hookLocations) => {
        Atomics.store(hookSlot, 0, 0);
        post({ type: 'txStart', index, hookLocations });
      },
      hook: (name: HookName) => Atomics.store(hookSlot, 0, hookCodes.indexOf(name)),
      outcome: (index, outcome) => post({ type: 'outcome', index, outcome }),
    });
    post({ type: 'done' });
  } catch (error) {
    post({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
  }
}
