// A chunk's lines as one Parquet file, with the columns cryo gives its traces: block_number (INT64), block_hash,
// tx_index (INT32), tx_hash, result (the entry's result as JSON text, null for an error) and error (null when
// none). Written from the chunk's JSON Lines, so that both formats hold the same entries.
import { parquetWriteBuffer } from 'hyparquet-writer';

interface Line {
  blockNumber: number;
  blockHash: string;
  txIndex: number;
  txHash: string;
  result?: unknown;
  error?: string;
}

export function parquetChunk(lines: string[], createdBy: string): Uint8Array {
  const entries = lines.map((line) => JSON.parse(line) as Line);
  const buffer = parquetWriteBuffer({
    // Types given, not guessed: a chunk of blocks without transactions is a file of no rows.
    columnData: [
      { name: 'block_number', data: BigInt64Array.from(entries, (entry) => BigInt(entry.blockNumber)), type: 'INT64', nullable: false },
      { name: 'block_hash', data: entries.map((entry) => entry.blockHash), type: 'STRING', nullable: false },
      { name: 'tx_index', data: Int32Array.from(entries, (entry) => entry.txIndex), type: 'INT32', nullable: false },
      { name: 'tx_hash', data: entries.map((entry) => entry.txHash), type: 'STRING', nullable: false },
      // Text, not Parquet's JSON type, which would store a result of null as no value.
      { name: 'result', data: entries.map((entry) => ('result' in entry ? JSON.stringify(entry.result) : null)), type: 'STRING' },
      { name: 'error', data: entries.map((entry) => entry.error ?? null), type: 'STRING' },
    ],
    createdBy,
  });
  return new Uint8Array(buffer);
}
