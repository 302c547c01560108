// The submitting side of a fleet run (`trace range --queue`): the chunks not done become jobs (a failed one
// is retried, one already queued or finished is left as it is), then the run is followed until every chunk
// is done or failed, with the same lines and manifest as a local run. A chunk counts as done only when its
// file is in the folder as the worker reported it (the worker's answer is input too). Stopped (Ctrl-C), the
// queue goes on without the follower; the same command again follows it further. Once every chunk is
// settled, the temporary files of workers killed mid-chunk are removed.
import { Queue, type Job } from 'bullmq';
import { isRecord } from '../../chain/shapes';
import { oneLine, type ChunkCounts, type Manifest } from '../manifest';
import { isWrittenChunk, removeTemporaryFiles } from '../range-folder';
import { chunkLine, chunkName, manifestWriter } from '../run-chunks';
import type { QueueAddress } from './queue-url';
import { chunkJob, jobId, queueName, runHash } from './run-queue';
import { setSharedRate } from './shared-rate';

interface FollowOptions {
  queue: QueueAddress;
  /** --max-requests-per-second: the fleet's upstream requests, all workers together (shared-rate.ts). */
  maxRequestsPerSecond: number | undefined;
  folder: string;
  /** Its chunks' states change as the workers report them. */
  manifest: Manifest;
  signal: AbortSignal;
  report(line: string): void;
}

/** How often the follower looks at the chunks still under way. */
const pollMs = 250;

const isCount = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;

/** A worker's counts for a chunk, or undefined when they are not counts. */
function countsOf(value: unknown): ChunkCounts | undefined {
  if (!isRecord(value) || typeof value.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(value.sha256)) return undefined;
  const { blocks, transactions, errors, bytes, sha256 } = value;
  return [blocks, transactions, errors, bytes].every(isCount)
    ? ({ blocks, transactions, errors, bytes, sha256 } as ChunkCounts)
    : undefined;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

export async function followRun(options: FollowOptions): Promise<{ stopped: boolean }> {
  const { folder, manifest, signal, report } = options;
  const run = runHash(manifest);
  const chunks = manifest.chunks;
  await setSharedRate(options.queue.connection, queueName(run), options.maxRequestsPerSecond);
  const queue = new Queue(queueName(run), { connection: options.queue.connection });
  queue.on('error', () => undefined); // ioredis reconnects; a lost connection is not the run's failure
  const writer = manifestWriter(folder, manifest);
  writer.changed();
  try {
    const pending = new Set(chunks.flatMap((chunk, index) => (chunk.state === 'done' ? [] : [index])));
    const job = (index: number) => queue.getJob(jobId(run, chunks[index]));
    const add = (indexes: number[]) => queue.addBulk(indexes.map((index) => chunkJob(run, manifest, index)));
    // A chunk failed before is retried, as a local run retries it; the others are added unless queued already.
    const found = await Promise.all([...pending].map(async (index) => [index, await job(index)] as const));
    for (const [, existing] of found)
      if (existing && (await existing.getState()) === 'failed') await existing.retry('failed', { resetAttemptsMade: true });
    await add(found.flatMap(([index, existing]) => (existing ? [] : [index])));
    report(
      `queued: ${pending.size} of ${chunks.length} chunks on ${options.queue.shown}; workers: evm-tracer worker --queue ${options.queue.shown} --out ${folder} …`,
    );

    const settle = async (index: number, current: Job | undefined) => {
      if (!current) return void (await add([index])); // lost (Redis without persistence): queued again
      if (current.finishedOn === undefined) return;
      const state = await current.getState();
      if (state === 'failed') {
        const reason = oneLine(current.failedReason || 'failed');
        chunks[index] = { ...planned(index), state: 'failed', reason };
        report(`${chunkName(index, manifest)} failed: ${reason}`);
      } else if (state === 'completed') {
        const counts = countsOf(current.returnvalue);
        if (!counts || !(await isWrittenChunk(folder, chunks[index].file, counts.bytes))) {
          report(`${chunks[index].file} is missing or not as its worker reported: its blocks are traced again`);
          await current.remove();
          return void (await add([index]));
        }
        chunks[index] = { ...planned(index), state: 'done', ...counts };
        report(chunkLine(index, manifest, counts, (current.finishedOn - (current.processedOn ?? current.finishedOn)) / 1000));
      } else return;
      pending.delete(index);
      writer.changed();
    };
    const planned = (index: number) => ({ from: chunks[index].from, to: chunks[index].to, file: chunks[index].file });

    while (pending.size > 0 && !signal.aborted) {
      for (const index of [...pending]) {
        if (signal.aborted) break;
        await settle(index, await job(index));
      }
      if (pending.size > 0) await pause(pollMs, signal);
    }
    await writer.flush();
    // Every chunk settled: what a killed worker was writing is left over, and no worker writes any more.
    if (pending.size === 0) await removeTemporaryFiles(folder);
    return { stopped: pending.size > 0 };
  } finally {
    await queue.close();
  }
}
