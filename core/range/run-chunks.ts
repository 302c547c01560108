// Runs the chunks of a range that are not done yet, `jobs` at once: each chunk's blocks in order into its file
// (written whole or not at all), then its state and counts into the manifest. A chunk that fails is recorded
// with its reason and the others go on; a stop (Ctrl-C) ends the chunks under way without a trace of them, so
// the folder resumes. The manifest is written after every chunk, coalesced while a write is under way.
import { manifestText, oneLine, type Manifest } from './manifest';
import type { BlockLines } from './block-lines';
import { chunkBlocks } from './chunk-plan';
import { openChunkWriter, type ChunkWriter } from './chunk-writer';
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
function manifestWriter(folder: string, manifest: Manifest) {
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

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export async function runChunks(options: ChunkRunOptions): Promise<ChunkRunOutcome> {
  const { folder, manifest, signal } = options;
  const writer = manifestWriter(folder, manifest);
  const chunks = manifest.chunks;
  const queue = chunks.map((_, index) => index).filter((index) => chunks[index].state !== 'done');
  /** A chunk under way was stopped. */
  let cut = false;

  const runChunk = async (index: number) => {
    const chunk = chunks[index];
    const name = `chunk ${index + 1}/${chunks.length} (blocks ${chunk.from}..${chunk.to})`;
    const started = Date.now();
    let file: ChunkWriter | undefined;
    try {
      file = await openChunkWriter(folder, chunk.file, manifest.fileFormat, `${manifest.tool.name} ${manifest.tool.version}`);
      let transactions = 0;
      let errors = 0;
      let blocks = 0;
      for (const number of chunkBlocks(manifest.range, chunk)) {
        const lines = await options.traceBlock(number, signal);
        blocks++;
        await file.add(lines);
        transactions += lines.transactions;
        errors += lines.errors;
      }
      const written = await file.commit();
      chunks[index] = { from: chunk.from, to: chunk.to, file: chunk.file, state: 'done', blocks, transactions, errors, ...written };
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      options.chunkDone(`${name}: ${plural(transactions, 'transaction')}, ${plural(errors, 'error')}, ${seconds} s`);
    } catch (error) {
      await file?.discard();
      if (signal.aborted) return void (cut = true);
      const reason = oneLine(options.shown(error));
      chunks[index] = { from: chunk.from, to: chunk.to, file: chunk.file, state: 'failed', reason };
      options.report(`${name} failed: ${reason}`);
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
