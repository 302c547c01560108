// `trace range --blocks FILE`: the list's entries (numbers, hex, ranges, comments) as sorted, merged runs, bad
// lines named by file and line; chunks of N listed blocks; a manifest with its runs read back, a changed one refused.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseBlockList, readBlockList } from '../../core/range/block-list';
import { resolveRange } from '../../core/range/block-range';
import { chunkBlocks, planChunks } from '../../core/range/chunk-plan';
import { manifestText, newManifest, parseManifest } from '../../core/range/manifest';

test('a block list: one number or range a line, in any order, overlapping, with comments: sorted runs, each block once', () => {
  const text = '# blocks to look at\n12\n\n3..5  # a range\n0x4\n6\n  20..21\r\n4..4\n';
  assert.deepEqual(parseBlockList(text, 'list.txt'), [
    [3, 6],
    [12, 12],
    [20, 21],
  ]);
  for (const [bad, message] of [
    [
      '1\n2\nthree\n',
      "list.txt:3: 'three' is not a block number or range: give one block number (decimal or 0x hex) or range a..b a line, # for a comment",
    ],
    ['1\n5..2\n', 'list.txt:2: 5..2: the first block is after the last'],
    [
      '1..2..3\n',
      "list.txt:1: '1..2..3' is not a block number or range: give one block number (decimal or 0x hex) or range a..b a line, # for a comment",
    ],
    [
      '1\n-4\n',
      "list.txt:2: '-4' is not a block number or range: give one block number (decimal or 0x hex) or range a..b a line, # for a comment",
    ],
    [
      '99999999999999999\n',
      "list.txt:1: '99999999999999999' is not a block number or range: give one block number (decimal or 0x hex) or range a..b a line, # for a comment",
    ],
    ['0..3\n', 'list.txt:1: block 0 is genesis, which has no transactions to trace'],
    ['# nothing\n\n', 'list.txt lists no blocks: give one block number (decimal or 0x hex) or range a..b a line, # for a comment'],
  ]) {
    assert.throws(() => parseBlockList(bad, 'list.txt'), { message }, bad);
  }
});

test("a block list file is named by its blocks, not its layout, and resolved against the node's head", () => {
  const dir = mkdtempSync(join(tmpdir(), 'evm-tracer-blocks-'));
  try {
    writeFileSync(join(dir, 'a.txt'), '7\n1..3\n');
    writeFileSync(join(dir, 'b.txt'), '# the same blocks\n1\n2\n3\n7\n');
    const a = readBlockList(join(dir, 'a.txt'));
    assert.match(a.text, /^list of 4 blocks 1\.\.7 \(sha256 [0-9a-f]{12}\)$/);
    assert.equal(readBlockList(join(dir, 'b.txt')).text, a.text);
    assert.deepEqual(resolveRange(a, 7), {
      from: 1,
      to: 7,
      blocks: [
        [1, 3],
        [7, 7],
      ],
    });
    assert.throws(() => resolveRange(a, 6), { message: "block 7 is past the node's latest block, 6" });
    assert.throws(() => readBlockList(join(dir, 'none.txt')), { message: /^--blocks: cannot read \S+none\.txt: ENOENT/ });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("chunks of N listed blocks, each named for its first and last; a chunk's blocks are the listed ones", () => {
  const range = {
    from: 3,
    to: 21,
    blocks: [
      [3, 6],
      [12, 12],
      [20, 21],
    ] as Array<[number, number]>,
  };
  const chunks = planChunks(range, 3, 'parquet');
  assert.deepEqual(chunks, [
    { from: 3, to: 5, file: 'blocks-0000000003-0000000005.parquet' },
    { from: 6, to: 20, file: 'blocks-0000000006-0000000020.parquet' },
    { from: 21, to: 21, file: 'blocks-0000000021-0000000021.parquet' },
  ]);
  assert.deepEqual(
    chunks.map((chunk) => [...chunkBlocks(range, chunk)]),
    [[3, 4, 5], [6, 12, 20], [21]],
  );
  assert.deepEqual(planChunks({ from: 1, to: 5 }, 2), planChunks({ from: 1, to: 5, blocks: [[1, 5]] }, 2));
});

test('a manifest of a list keeps its runs; runs changed by hand are refused', () => {
  const manifest = newManifest(
    {
      range: {
        text: 'list of 6 blocks',
        from: 3,
        to: 21,
        blocks: [
          [3, 6],
          [21, 21],
        ],
      },
      chunkSize: 2,
      fileFormat: 'jsonl',
      on: 'node',
      node: { url: 'local', chainId: 1337 },
      tracer: { name: 'callTracer' },
      config: null,
      target: null,
    },
    { name: 'evm-tracer', version: '0.1.0' },
  );
  const text = manifestText(manifest);
  assert.deepEqual(parseManifest(text), manifest);
  assert.deepEqual(
    manifest.chunks.map((chunk) => [chunk.from, chunk.to]),
    [
      [3, 4],
      [5, 6],
      [21, 21],
    ],
  );
  for (const [from, to, message] of [
    ['[21,21]', '[6,21]', 'manifest.json: range.blocks[1] is not a run after the one before it'],
    ['[21,21]', '[22,21]', 'manifest.json: range.blocks[1] is not a run after the one before it'],
    ['[21,21]', '[20]', 'manifest.json: range.blocks[1] is not a pair [first, last]'],
    ['[21,21]', '[20,20]', 'manifest.json: range.blocks is not runs from range.from to range.to'],
  ]) {
    assert.throws(() => parseManifest(text.replace(from, to)), { message });
  }
});
