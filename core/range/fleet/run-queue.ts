// A range run as a BullMQ queue: one queue per run, named by the hash of the run's identity (range, chunk
// size, where it runs, the node's masked URL and chain id, the tracer by name or sha256, config, target), and
// one job per chunk whose id is the run's hash and the chunk's blocks, so a repeated submission adds nothing
// twice. A job carries nothing secret and names no path: a worker takes the chunk's file name from the run's
// own plan (the manifest in its own --out folder), and a job that does not match that plan is refused.
import { createHash } from 'node:crypto';
import type { JobsOptions, WorkerOptions } from 'bullmq';
import { isRecord } from '../../chain/shapes';
import type { PlannedChunk } from '../chunk-plan';
import type { Manifest, RunIdentity, TracerIdentity } from '../manifest';

/** A chunk as a queue job's data. */
interface ChunkJob {
  /** The run's hash: the queue's name is made of it. */
  run: string;
  /** The version of evm-tracer that submitted it: a worker of another version refuses it. */
  tool: string;
  tracer: TracerIdentity;
  index: number;
  from: number;
  to: number;
}

/** The run's hash: the same run, wherever and however often it is submitted, has the same one. */
export function runHash(run: RunIdentity): string {
  const { range, chunkSize, fileFormat, on, node, tracer, config, target } = run;
  const identity = {
    range: { text: range.text, from: range.from, to: range.to },
    chunkSize,
    fileFormat,
    on,
    node: { url: node.url, chainId: node.chainId },
    tracer: 'name' in tracer ? { name: tracer.name } : { sha256: tracer.sha256 },
    config: config ?? null,
    target,
  };
  return createHash('sha256').update(JSON.stringify(identity)).digest('hex');
}

/** BullMQ names may not hold ':'. */
export const queueName = (run: string) => `evm-tracer-range-${run.slice(0, 32)}`;

export const jobId = (run: string, chunk: PlannedChunk) => `${run.slice(0, 16)}-${chunk.from}-${chunk.to}`;

/** Attempts per chunk, the backoff between them, and no stack trace kept in Redis (only the masked reason). */
const chunkJobOptions: JobsOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 1000 },
  stackTraceLimit: 0,
  removeOnComplete: false,
  removeOnFail: false,
};

/** A killed worker's chunk goes to another worker once its lock (renewed every 5 s while it lives) expires;
 * a chunk whose workers die twice is failed. */
export const fleetWorkerTiming: Pick<WorkerOptions, 'lockDuration' | 'stalledInterval' | 'maxStalledCount'> = {
  lockDuration: 10_000,
  stalledInterval: 5_000,
  maxStalledCount: 2,
};

export function chunkJob(run: string, manifest: Manifest, index: number): { name: string; data: ChunkJob; opts: JobsOptions } {
  const { from, to } = manifest.chunks[index];
  const data: ChunkJob = { run, tool: manifest.tool.version, tracer: manifest.tracer, index, from, to };
  return { name: 'chunk', data, opts: { ...chunkJobOptions, jobId: jobId(run, manifest.chunks[index]) } };
}

const sameTracer = (a: TracerIdentity, b: TracerIdentity) =>
  'name' in a ? 'name' in b && a.name === b.name : 'sha256' in b && a.sha256 === b.sha256;

/** Why this worker (its version, its run) cannot take the job, or undefined; a job is input from the queue. */
export function refusal(data: unknown, run: string, manifest: Manifest, version: string): string | undefined {
  if (!isRecord(data)) return 'the job is not a chunk of a range run';
  if (data.tool !== version)
    return `the job was submitted by evm-tracer ${JSON.stringify(data.tool)}; this worker is ${version}: run workers of the submitter's version`;
  if (data.run !== run) return "the job is of another run than the one in this worker's --out folder";
  if (!isRecord(data.tracer) || !sameTracer(data.tracer as TracerIdentity, manifest.tracer))
    return "the job names another tracer than this worker's --tracer";
  const chunk = Number.isSafeInteger(data.index) ? manifest.chunks[data.index as number] : undefined;
  if (!chunk || chunk.from !== data.from || chunk.to !== data.to) return "the job's chunk is not one of the run's planned chunks";
  return undefined;
}
