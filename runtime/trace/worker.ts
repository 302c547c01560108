// The trace worker (bundled as dist/trace-worker.js, run as a child process by runTraceJob): runs TraceJobs
// one at a time, reporting each traced transaction's start, the running hook and its outcome; and the dev
// chain's own EVM work (dev-work.ts), answering its outcome.
import { executeJob } from '../evm/execute';
import { runDevWork, type DevWork } from '../evm/dev-work';
import type { TraceJob } from '../evm/job';
import { forkStateAt } from '../state/fork-state';
import { prepareRealm } from '../tracer/host/realm';
import { snapshotSize } from '../state/upstream-snapshot';
import { jobTracers } from './job-tracer';
import type { WorkerMessage, WorkerRequest } from './protocol';
import { waitForDebugger } from './worker-inspector';

Error.stackTraceLimit = 50;

function post(message: WorkerMessage): void {
  process.send!(message);
}

/** Tracer realms made ahead while waiting for the next job (about a block's transactions). */
const realmsAhead = 8;
let busy = false;

/** Makes realms ahead one at a time, each in its own turn of the event loop, until a job arrives. */
function prepareRealms(): void {
  if (!busy && prepareRealm(realmsAhead)) setImmediate(prepareRealms);
}

process.on('message', (request: WorkerRequest) => {
  busy = true;
  // A debug run's worker serves that run alone, with its debugger attached: it makes no realms ahead.
  const single = 'job' in request && request.inspect !== undefined;
  void ('work' in request ? work(request.work) : run(request)).finally(() => {
    busy = false;
    if (!single) setImmediate(prepareRealms);
  });
});
// A rejected promise of a tracer's realm with no handler must not end the process (Node's default), which
// would fail whatever trace runs next; host code awaits everything it starts.
process.on('unhandledRejection', () => undefined);
// The caller is gone (it exited or killed us): nothing is waiting for results.
process.on('disconnect', () => process.exit(0));

async function work(task: DevWork): Promise<void> {
  const fork = task.state.fork && forkStateAt(task.state.fork.url, task.state.fork.blockNumber);
  try {
    const outcome = await runDevWork(task);
    handOver(fork);
    post({ type: 'worked', outcome });
  } catch (error) {
    handOver(fork);
    post({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
  }
}

async function run({ job, inspect }: Extract<WorkerRequest, { job: TraceJob }>): Promise<void> {
  const fork = job.fork && forkStateAt(job.fork.url, job.fork.blockNumber);
  try {
    if (inspect) waitForDebugger(inspect, post);
    const tracers = jobTracers(job, {
      located: (hookLocations) => post({ type: 'located', hookLocations }),
      hook: (hook) => post({ type: 'hook', hook }),
    });
    await executeJob(
      job,
      {
        txStart: (index) => post({ type: 'txStart', index }),
        outcome: (index, outcome) => {
          if (!('jsonParts' in outcome)) return post({ type: 'outcome', index, outcome });
          for (const part of outcome.jsonParts) post({ type: 'outcomePart', index, part });
          post({ type: 'outcome', index, outcome: { ...outcome, jsonParts: [] } });
        },
      },
      tracers,
    );
    handOver(fork);
    post({ type: 'done' });
  } catch (error) {
    handOver(fork);
    post({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
  }
}

/** What this job read from the upstream goes to the node, for its cache. */
function handOver(fork: ReturnType<typeof forkStateAt> | undefined): void {
  if (!fork) return;
  const snapshot = fork.takeFetched();
  const { accounts, slots } = snapshotSize(snapshot);
  if (accounts + slots > 0) post({ type: 'fetched', snapshot });
}
