// The working side of a fleet run (`evm-tracer worker`): takes the run's chunk jobs, `jobs` at once, and
// writes each chunk into the run's folder with the code of a local run (run-chunks.ts: whole or not at all),
// answering the chunk's counts. Every job is checked against the run this worker was given (its version, its
// tracer, the run's own plan) before anything is traced; a job this worker cannot take is refused with the
// reason, and the worker stops, so that a worker of another version or tracer does not go on failing chunks.
// Stopped (SIGTERM, SIGINT), it takes no more jobs and finishes the ones under way; a second signal ends it
// at once, and its jobs go to other workers when their locks expire.
import { UnrecoverableError, Worker } from 'bullmq';
import type { BlockLines } from '../block-lines';
import { oneLine, type ChunkCounts, type Manifest } from '../manifest';
import { chunkLine, chunkName, writeChunk } from '../run-chunks';
import type { QueueAddress } from './queue-url';
import { fleetWorkerTiming, queueName, refusal, runHash } from './run-queue';

interface ServeOptions {
  queue: QueueAddress;
  folder: string;
  manifest: Manifest;
  /** This worker's version of evm-tracer. */
  version: string;
  jobs: number;
  traceBlock(number: number, signal: AbortSignal): Promise<BlockLines>;
  shown(error: unknown): string;
  signal: AbortSignal;
  report(line: string): void;
}

/** Serves the run until stopped; resolves with the reason when it refused a job, else undefined. */
export async function serveRun(options: ServeOptions): Promise<string | undefined> {
  const { folder, manifest, report } = options;
  const run = runHash(manifest);
  let refused: string | undefined;
  const stop = new AbortController();
  const worker = new Worker<unknown, ChunkCounts>(
    queueName(run),
    async (job) => {
      const why = refusal(job.data, run, manifest, options.version);
      if (why !== undefined) {
        refused ??= `refused job ${job.id}: ${why}`;
        stop.abort();
        throw new UnrecoverableError(`a worker refused the chunk: ${why}`);
      }
      const index = (job.data as { index: number }).index;
      const { from, to, file } = manifest.chunks[index];
      const started = Date.now();
      try {
        // Never cut: a stopped worker finishes the chunks under way (worker.close waits for them).
        const counts = await writeChunk(folder, manifest, { from, to, file }, options.traceBlock, new AbortController().signal);
        report(chunkLine(index, manifest, counts, (Date.now() - started) / 1000));
        return counts;
      } catch (error) {
        // Only the reason, masked, is kept in Redis.
        const reason = oneLine(options.shown(error));
        report(`${chunkName(index, manifest)} failed (attempt ${job.attemptsMade + 1}): ${reason}`);
        throw new Error(reason);
      }
    },
    { connection: options.queue.connection, concurrency: options.jobs, ...fleetWorkerTiming },
  );
  let lastError = '';
  worker.on('error', (error) => {
    // ioredis reconnects by itself; say so once per kind of failure, not once per attempt.
    const text = oneLine(error.message);
    if (text !== lastError) report(`queue: ${text} (reconnecting)`);
    lastError = text;
  });
  worker.on('ready', () => (lastError = ''));
  await worker.waitUntilReady();
  report(
    `serving ${manifest.chunks.length} chunks of blocks ${manifest.range.from}..${manifest.range.to} from ${options.queue.shown}, ${options.jobs} at once`,
  );
  await new Promise<void>((resolve) => {
    if (options.signal.aborted || stop.signal.aborted) return resolve();
    options.signal.addEventListener('abort', () => resolve(), { once: true });
    stop.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await worker.close();
  return refused;
}
