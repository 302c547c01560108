// Runs the chunks of a range that are not done yet, `jobs` at once: each chunk's blocks in order into its file
// (written whole or not at all), then its state and counts into the manifest. A chunk that fails is recorded
// with its reason and the others go on; a stop (Ctrl-C) ends the chunks under way without a trace of them, so
// the folder resumes. The manifest is written after every chunk, coalesced while a write is under way.
import { manifestText, oneLine, type ChunkCounts, type Manifest } from './manifest';
import type { BlockLines } from './block-lines';
import { chunkBlocks, type PlannedChunk } from './chunk-plan';
import { openChunkWriter } from './chunk-writer';
import { manifestName, writeWhole } from './range-folder';

interface ChunkRunOptions {
  folder: string;
  /** Its chunks' states change as they run. */
  manifest: Manifest;
  jobs: number;
  traceBlock(number: number, signal: AbortSignal): Promise<BlockLines>;
  /** Ctrl-C. */
  signal: AbortSignal;
  /** A chunk that failed, in a line. */
  report(line: string): void;
  /** A chunk traced, in a line. */
  chunkDone(line: string): void;
  /** Failure reasons as shown (masked). */
  shown(error: unknown): string;
}

interface ChunkRunOutcome {
  /** Stopped (options.signal) before every chunk had run. */
  stopped: boolean;
}

/** Writes the manifest when asked, one write at a time; asks made during a write make one more write. */
export function manifestWriter(folder: string, manifest: Manifest) {
  let writing: Promise<void> | undefined;
  let again = false;
  let failure: unknown;
  const write = async () => {
    do {
      again = false;
      await writeWhole(folder, manifestName, manifestText(manifest));
    } while (again);
  };
  return {
    changed(): void {
      if (writing) {
        again = true;
        return;
      }
      writing = write()
        .catch((error: unknown) => void (failure ??= error))
        .finally(() => (writing = undefined));
    },
    async flush(): Promise<void> {
      while (writing) await writing;
      if (failure !== undefined) throw new Error(`cannot write ${manifestName}: ${(failure as Error).message}`);
    },
  };
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const chunkName = (index: number, { chunks }: Manifest) =>
  `chunk ${index + 1}/${chunks.length} (blocks ${chunks[index].from}..${chunks[index].to})`;

type TraceBlock = ChunkRunOptions['traceBlock'];

/** One chunk's blocks in order into its file in the run's format, written whole or not at all (a fleet's
 * worker runs the same). */
export async function writeChunk(
  folder: string,
  manifest: Manifest,
  chunk: PlannedChunk,
  traceBlock: TraceBlock,
  signal: AbortSignal,
): Promise<ChunkCounts> {
  const file = await openChunkWriter(folder, chunk.file, manifest.fileFormat, `${manifest.tool.name} ${manifest.tool.version}`);
  try {
    let transactions = 0;
    let errors = 0;
    let blocks = 0;
    for (const number of chunkBlocks(manifest.range, chunk)) {
      const lines = await traceBlock(number, signal);
      blocks++;
      await file.add(lines);
      transactions += lines.transactions;
      errors += lines.errors;
    }
    return { blocks, transactions, errors, ...(await file.commit()) };
  } catch (error) {
    await file.discard();
    throw error;
  }
}

/** A chunk's line of progress, as a local run and a fleet's follower print it. */
export const chunkLine = (index: number, manifest: Manifest, counts: ChunkCounts, seconds: number) =>
  `${chunkName(index, manifest)}: ${plural(counts.transactions, 'transaction')}, ${plural(counts.errors, 'error')}, ${seconds.toFixed(1)} s`;

export async function runChunks(options: ChunkRunOptions): Promise<ChunkRunOutcome> {
  const { folder, manifest, signal } = options;
  const writer = manifestWriter(folder, manifest);
  const chunks = manifest.chunks;
  const queue = chunks.map((_, index) => index).filter((index) => chunks[index].state !== 'done');
  /** A chunk under way was stopped. */
  let cut = false;

  const runChunk = async (index: number) => {
    const chunk = chunks[index];
    const planned = { from: chunk.from, to: chunk.to, file: chunk.file };
    const started = Date.now();
    try {
      const counts = await writeChunk(folder, manifest, planned, options.traceBlock, signal);
      chunks[index] = { ...planned, state: 'done', ...counts };
      options.chunkDone(chunkLine(index, manifest, counts, (Date.now() - started) / 1000));
    } catch (error) {
      if (signal.aborted) return void (cut = true);
      const reason = oneLine(options.shown(error));
      chunks[index] = { ...planned, state: 'failed', reason };
      options.report(`${chunkName(index, manifest)} failed: ${reason}`);
    }
    writer.changed();
  };

  const worker = async () => {
    for (let index = queue.shift(); index !== undefined && !signal.aborted; index = queue.shift()) await runChunk(index);
  };
  // The manifest first: a run killed before its first chunk still leaves a folder that resumes.
  writer.changed();
  await Promise.all(Array.from({ length: Math.max(1, options.jobs) }, worker));
  await writer.flush();
  return { stopped: cut || queue.length > 0 };
}
