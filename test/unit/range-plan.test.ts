// The planning of `trace range`: FROM..TO as typed and resolved against a head, the chunks and their file
// names, and the manifest read back as input (a changed manifest is named and refused), with the words that
// tell a user which part of another run differs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseBlockRange, resolveRange } from '../../core/range/block-range';
import { planChunks } from '../../core/range/chunk-plan';
import { manifestText, newManifest, otherRun, parseManifest, type RunIdentity } from '../../core/range/manifest';

test('a range as typed: numbers (decimal or hex), latest and latest-N, in one spelling', () => {
  assert.equal(parseBlockRange('100..199').text, '100..199');
  assert.equal(parseBlockRange(' 0x64 .. LATEST ').text, '100..latest');
  assert.equal(parseBlockRange('latest - 99..latest-0').text, 'latest-99..latest');
  for (const [typed, message] of [
    ['5..3', '5..3: FROM is after TO'],
    ['latest..latest-1', 'latest..latest-1: FROM is after TO'],
    ['1-5', "'1-5' is not a block range: give FROM..TO, each a block number, latest or latest-N (e.g. 100..199, latest-99..latest)"],
    [
      '1..2..3',
      "'1..2..3' is not a block range: give FROM..TO, each a block number, latest or latest-N (e.g. 100..199, latest-99..latest)",
    ],
    [
      'one..5',
      "FROM 'one' is not a block number, latest or latest-N: give FROM..TO, each a block number, latest or latest-N (e.g. 100..199, latest-99..latest)",
    ],
    [
      '1..99999999999999999',
      "TO '99999999999999999' is not a block number, latest or latest-N: give FROM..TO, each a block number, latest or latest-N (e.g. 100..199, latest-99..latest)",
    ],
  ]) {
    assert.throws(() => parseBlockRange(typed), { message }, typed);
  }
});

test('a range resolved against the head: every block must be there, and genesis is not traced', () => {
  assert.deepEqual(resolveRange(parseBlockRange('latest-10..latest'), 50), { from: 40, to: 50 });
  assert.deepEqual(resolveRange(parseBlockRange('7..latest-3'), 50), { from: 7, to: 47 });
  assert.throws(() => resolveRange(parseBlockRange('1..60'), 50), { message: "block 60 is past the node's latest block, 50" });
  assert.throws(() => resolveRange(parseBlockRange('latest-60..latest'), 50), {
    message: "FROM latest-60 is before genesis: the node's latest block is 50",
  });
  assert.throws(() => resolveRange(parseBlockRange('45..latest-10'), 50), {
    message: "FROM 45 is after TO 40 (the node's latest block is 50)",
  });
  assert.throws(() => resolveRange(parseBlockRange('0..5'), 50), {
    message: 'block 0 is genesis, which has no transactions to trace: start the range at 1',
  });
});

test('chunks of N blocks from FROM, the last one shorter, named to sort in block order', () => {
  assert.deepEqual(planChunks({ from: 1, to: 10 }, 4), [
    { from: 1, to: 4, file: 'blocks-0000000001-0000000004.jsonl' },
    { from: 5, to: 8, file: 'blocks-0000000005-0000000008.jsonl' },
    { from: 9, to: 10, file: 'blocks-0000000009-0000000010.jsonl' },
  ]);
});

const identity: RunIdentity = {
  range: { text: '1..10', from: 1, to: 10 },
  chunkSize: 4,
  fileFormat: 'jsonl',
  on: 'local',
  node: { url: 'https://host/****/rpc', chainId: 1 },
  tracer: { file: 'my.tracer.js', sha256: 'ab'.repeat(32) },
  config: { withLog: true },
  target: null,
};

test('a manifest read back is the one written; one changed by hand is refused naming what is wrong', () => {
  const manifest = newManifest(identity, { name: 'evm-tracer', version: '0.1.0' });
  manifest.chunks[0] = {
    ...manifest.chunks[0],
    state: 'done',
    blocks: 4,
    transactions: 9,
    errors: 1,
    bytes: 1234,
    sha256: 'cd'.repeat(32),
  };
  manifest.chunks[1] = { ...manifest.chunks[1], state: 'failed', reason: 'server: HTTP 503 from https://host/****/rpc' };
  const text = manifestText(manifest);
  assert.deepEqual(parseManifest(text), manifest);
  assert.equal(manifestText(parseManifest(text)), text);
  const changed = (from: string, to: string) => () => parseManifest(text.replace(from, to));
  assert.throws(changed('"from":5,"to":8', '"from":5,"to":9'), {
    message: 'manifest.json: chunks[1] is not blocks 5..8 in blocks-0000000005-0000000008.jsonl, as the range and chunk size plan',
  });
  assert.throws(changed('"file":"blocks-0000000009-0000000010.jsonl"', '"file":"../../etc/passwd"'), {
    message: /^manifest.json: chunks\[2\] is not blocks 9\.\.10/,
  });
  assert.throws(changed(`"sha256":"${'cd'.repeat(32)}"`, '"sha256":"x"'), {
    message: 'manifest.json: chunks[0].sha256 is not the expected text',
  });
  assert.throws(changed('HTTP 503', 'HTTP\\n503'), { message: 'manifest.json: chunks[1].reason is not the expected text' });
  assert.throws(changed('"state":"failed"', '"state":"lost"'), {
    message: 'manifest.json: chunks[1].state is not pending, done or failed',
  });
  assert.throws(changed('"chunkSize": 4', '"chunkSize": 5'), {
    message: 'manifest.json: chunks is not the 2 chunks the range and chunk size plan',
  });
  assert.throws(changed('"fileFormat": "jsonl"', '"fileFormat": "csv"'), { message: 'manifest.json: fileFormat is not jsonl or parquet' });
  assert.throws(changed('"format"', '"form"'), { message: 'manifest.json: format is not "evm-tracer trace range 1"' });
  assert.throws(() => parseManifest('{'), { message: /^manifest.json is not JSON/ });
});

test('another run is named by what differs; a tracer file is the same by its text wherever it is', () => {
  assert.equal(otherRun(identity, { ...identity, tracer: { file: 'moved.tracer.js', sha256: 'ab'.repeat(32) } }), undefined);
  assert.equal(
    otherRun(identity, { ...identity, tracer: { name: 'callTracer' } }),
    'another tracer: my.tracer.js (sha256 abababababab…) there, callTracer now',
  );
  assert.equal(otherRun(identity, { ...identity, config: null }), 'another tracer config: {"withLog":true} there, null now');
  assert.equal(
    otherRun(identity, { ...identity, node: { url: 'https://other/****/rpc', chainId: 1 } }),
    'another node: https://host/****/rpc there, https://other/****/rpc now',
  );
  assert.equal(otherRun(identity, { ...identity, node: { ...identity.node, chainId: 5 } }), 'another chain id: 1 there, 5 now');
  assert.equal(otherRun(identity, { ...identity, on: 'node' }), 'another --on: local there, node now');
  assert.equal(otherRun(identity, { ...identity, fileFormat: 'parquet' }), 'another --format: jsonl there, parquet now');
});
