// A range cut into chunks of `size` blocks from FROM on (of a list's blocks, in order), each written to one
// file named for its first and last block, JSON Lines or Parquet. The names are zero-padded so that they sort in block order, and are the only names a run
// writes besides its manifest.
import type { BlockRange } from './block-range';

export interface PlannedChunk {
  from: number;
  to: number;
  file: string;
}

/** The chunk files' format (--format), which is also their names' extension. */
export const chunkFormats = ['jsonl', 'parquet'] as const;
export type ChunkFormat = (typeof chunkFormats)[number];

/** A chunk's file name: `blocks-0000000100-0000000199.jsonl`. */
function chunkFileName(from: number, to: number, format: ChunkFormat): string {
  const padded = (n: number) => String(n).padStart(10, '0');
  return `blocks-${padded(from)}-${padded(to)}.${format}`;
}

/** What a chunk file's name looks like: what --overwrite removes and what a run's temporary files start from. */
export const chunkFilePattern = /^blocks-\d{10,}-\d{10,}\.(?:jsonl|parquet)$/;

export function planChunks(range: BlockRange, size: number, format: ChunkFormat = 'jsonl'): PlannedChunk[] {
  const chunks: PlannedChunk[] = [];
  let first: number | undefined;
  let last = 0;
  let count = 0;
  for (const [start, end] of range.blocks ?? [[range.from, range.to]])
    for (let number = start; number <= end;) {
      const taken = Math.min(end - number + 1, size - count);
      first ??= number;
      last = number + taken - 1;
      count += taken;
      number += taken;
      if (count === size) {
        chunks.push({ from: first, to: last, file: chunkFileName(first, last, format) });
        [first, count] = [undefined, 0];
      }
    }
  if (first !== undefined) chunks.push({ from: first, to: last, file: chunkFileName(first, last, format) });
  return chunks;
}

/** How many blocks `range` holds. */
export function blockCount(range: BlockRange): number {
  return (range.blocks ?? [[range.from, range.to]]).reduce((sum, [first, last]) => sum + last - first + 1, 0);
}

/** The blocks of a chunk of `range`, in order. */
export function* chunkBlocks(range: BlockRange, chunk: PlannedChunk): Generator<number> {
  for (const [start, end] of range.blocks ?? [[range.from, range.to]])
    for (let number = Math.max(start, chunk.from); number <= Math.min(end, chunk.to); number++) yield number;
}
