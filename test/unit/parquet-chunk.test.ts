// A chunk's lines as Parquet, read back by the real DuckDB engine: a chunk of blocks without transactions is a
// file of no rows with the same columns, and a result is its JSON text exactly (a null in it, a big number).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { DuckDBInstance } from '@duckdb/node-api';
import { parquetChunk } from '../../core/range/parquet-chunk';

test('Parquet chunks, empty or not, as DuckDB reads them', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'evm-tracer-parquet-'));
  const duck = await (await DuckDBInstance.create(':memory:')).connect();
  try {
    const hash = (n: number) => `0x${String(n).repeat(64)}`;
    const lines = [
      { blockNumber: 9_000_000_001, blockHash: hash(1), txIndex: 0, txHash: hash(2), result: { n: 1e21, none: null, text: 'é' } },
      { blockNumber: 9_000_000_001, blockHash: hash(1), txIndex: 1, txHash: hash(3), result: null },
      { blockNumber: 9_000_000_002, blockHash: hash(4), txIndex: 0, txHash: hash(5), error: 'execution timeout' },
    ].map((line) => JSON.stringify(line));
    writeFileSync(join(dir, 'a.parquet'), parquetChunk(lines, 'evm-tracer test'));
    writeFileSync(join(dir, 'b.parquet'), parquetChunk([], 'evm-tracer test'));
    const read = async (file: string) => (await duck.runAndReadAll(`SELECT * FROM read_parquet('${join(dir, file)}')`)).getRowObjectsJS();
    assert.deepEqual(await read('b.parquet'), []);
    const describe = await duck.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet('${join(dir, 'b.parquet')}')`);
    assert.deepEqual(
      describe.getRowObjectsJS().map((column) => column.column_type),
      ['BIGINT', 'VARCHAR', 'INTEGER', 'VARCHAR', 'VARCHAR', 'VARCHAR'],
    );
    assert.deepEqual(await read('a.parquet'), [
      {
        block_number: 9_000_000_001n,
        block_hash: hash(1),
        tx_index: 0,
        tx_hash: hash(2),
        result: '{"n":1e+21,"none":null,"text":"é"}',
        error: null,
      },
      { block_number: 9_000_000_001n, block_hash: hash(1), tx_index: 1, tx_hash: hash(3), result: 'null', error: null },
      { block_number: 9_000_000_002n, block_hash: hash(4), tx_index: 0, tx_hash: hash(5), result: null, error: 'execution timeout' },
    ]);
  } finally {
    duck.closeSync();
    rmSync(dir, { recursive: true, force: true });
  }
});
