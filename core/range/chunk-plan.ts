// A range cut into chunks of `size` blocks from FROM on, each written to one file named for its blocks, JSON
// Lines or Parquet. The names are zero-padded so that they sort in block order, and are the only names a run
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

export function planChunks({ from, to }: BlockRange, size: number, format: ChunkFormat = 'jsonl'): PlannedChunk[] {
  const chunks: PlannedChunk[] = [];
  for (let start = from; start <= to; start += size) {
    const end = Math.min(to, start + size - 1);
    chunks.push({ from: start, to: end, file: chunkFileName(start, end, format) });
  }
  return chunks;
}
