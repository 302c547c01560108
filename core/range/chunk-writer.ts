// A chunk's file as it is written, in its format: JSON Lines appended block by block, or Parquet, whose
// columns need every row, from the lines held until the chunk is whole. Either way the file appears whole or
// not at all (range-folder.ts).
import type { BlockLines } from './block-lines';
import type { ChunkFormat } from './chunk-plan';
import { parquetChunk } from './parquet-chunk';
import { AtomicFile } from './range-folder';

interface ChunkWriter {
  add(lines: BlockLines): Promise<void>;
  commit(): Promise<{ bytes: number; sha256: string }>;
  discard(): Promise<void>;
}

export async function openChunkWriter(folder: string, name: string, format: ChunkFormat, createdBy: string): Promise<ChunkWriter> {
  const file = await AtomicFile.create(folder, name);
  const discard = () => file.discard();
  if (format === 'jsonl') return { add: (lines) => file.append(lines.text), commit: () => file.commit(), discard };
  const held: string[] = [];
  return {
    add: async (lines) => void held.push(...lines.text.split('\n').filter((line) => line !== '')),
    async commit() {
      try {
        await file.append(parquetChunk(held, createdBy));
      } catch (error) {
        await file.discard();
        throw error;
      }
      return file.commit();
    },
    discard,
  };
}
