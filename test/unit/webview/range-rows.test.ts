// The range view's rows read from a run's folder, which may be shared: lines checked (another block's line or
// text that is no line is counted and skipped, never listed), counters summed only when every result is
// counters, a chunk file replaced by a link not read (its reason given), and a row's line read again only
// while it is the same.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { manifestText, newManifest, type Manifest } from '../../../core/range/manifest';
import { readRangeLine, readRangeRows } from '../../../client/webview/range-rows';

const root = mkdtempSync(join(tmpdir(), 'evm-tracer-range-rows-'));
after(() => rmSync(root, { recursive: true, force: true }));

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
const line = (block: number, index: number, outcome: object) =>
  JSON.stringify({ blockNumber: block, blockHash: hash(1000 + block), txIndex: index, txHash: hash(block * 10 + index), ...outcome });

/** A folder with a run of blocks 1..4 in chunks of 2: the first done with `lines`, the second pending. */
function folderWith(name: string, lines: string[]): { folder: string; manifest: Manifest } {
  const folder = join(root, name);
  const manifest = newManifest(
    {
      range: { text: '1..4', from: 1, to: 4 },
      chunkSize: 2,
      fileFormat: 'jsonl',
      on: 'node',
      node: { url: 'https://node.example/****', chainId: 1 },
      tracer: { name: 'opcount' },
      config: null,
      target: null,
    },
    { name: 'test', version: '0' },
  );
  const text = `${lines.join('\n')}\n`;
  manifest.chunks[0] = {
    ...manifest.chunks[0],
    state: 'done',
    blocks: 2,
    transactions: lines.length,
    errors: 0,
    bytes: text.length,
    sha256: '0'.repeat(64),
  };
  mkdirSync(folder);
  writeFileSync(join(folder, manifest.chunks[0].file), text);
  writeFileSync(join(folder, 'manifest.json'), manifestText(manifest));
  return { folder, manifest };
}

test('the rows of the finished chunks, counters summed, lines that are not the chunk’s skipped and counted', () => {
  const { folder } = folderWith('counts', [
    line(1, 0, { result: { ADD: 2, PUSH1: 5 } }),
    line(2, 0, { result: { PUSH1: 1, SSTORE: '0x3' } }),
    line(2, 1, { error: 'execution timeout' }),
    line(7, 0, { result: { ADD: 100 } }),
    'not json',
  ]);
  const read = readRangeRows(folder);
  assert.deepEqual(
    read.rows.map((row) => [row.block, row.index, row.hash, row.status, row.preview]),
    [
      [1, 0, hash(10), 'ok', '{"ADD":2,"PUSH1":5}'],
      [2, 0, hash(20), 'ok', '{"PUSH1":1,"SSTORE":"0x3"}'],
      [2, 1, hash(21), 'error', 'execution timeout'],
    ],
  );
  assert.deepEqual(read.skipped, {
    count: 2,
    first: "blocks-0000000001-0000000002.jsonl line 4 is not a transaction's line of blocks 1..2",
  });
  assert.deepEqual(
    read.totals?.map(({ key, value }) => [key, value]),
    [
      ['ADD', 2],
      ['PUSH1', 6],
      ['SSTORE', 3],
    ],
  );
  assert.deepEqual(readRangeLine(folder, read.rows[1]).outcome, { result: { PUSH1: 1, SSTORE: '0x3' } });
});

test('no sums when one result is not counters', () => {
  const { folder } = folderWith('mixed', [line(1, 0, { result: { ADD: 2 } }), line(1, 1, { result: { type: 'CALL', gas: 5 } })]);
  assert.equal(readRangeRows(folder).totals, undefined);
});

test('a chunk file replaced by a link is not read (its reason given); a line changed since is not opened as another', () => {
  const { folder, manifest } = folderWith('linked', [line(1, 0, { result: 1 })]);
  const rows = readRangeRows(folder).rows;
  const file = join(folder, manifest.chunks[0].file);
  writeFileSync(file, `${line(1, 0, { result: 1 }).replace(hash(10), hash(11))}\n`);
  assert.throws(() => readRangeLine(folder, rows[0]), /changed since the view was drawn/);
  rmSync(file);
  writeFileSync(join(root, 'elsewhere.jsonl'), `${line(1, 0, { result: 1 })}\n`);
  symlinkSync(join(root, 'elsewhere.jsonl'), file);
  const read = readRangeRows(folder);
  assert.deepEqual(read.rows, []);
  assert.deepEqual(read.unread, [`blocks-0000000001-0000000002.jsonl in ${folder}: a symbolic link, which is never followed`]);
});
