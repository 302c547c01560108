// The fork cache on disk (runtime/state/fork-cache.ts): bounded with least-recently-used eviction, one folder
// per chain id and upstream origin (hashed, never the path where keys live), and a cache folder that is input:
// FIFOs, links, huge, truncated or hostile files are ignored, quickly.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { after, test } from 'node:test';
import {
  cacheInfo,
  clearCache,
  ForkCache,
  readStartRecord,
  saveStartRecord,
  startRecordPath,
  upstreamFolder,
} from '../../runtime/state/fork-cache';
import { emptySnapshot, slotKey, type UpstreamSnapshot } from '../../runtime/state/upstream-snapshot';

const roots: string[] = [];
after(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));
function newRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'evm-tracer-cache-test-'));
  roots.push(root);
  return root;
}

const blockHash = (n: number) => '0x' + n.toString(16).padStart(64, '0');
const address = '0x' + '11'.repeat(20);

/** `slots` storage slots of one account: about 140 bytes each on disk. */
function snapshotWith(slots: number): UpstreamSnapshot {
  const snapshot = emptySnapshot();
  snapshot.accounts[address] = { balance: '0x1', nonce: '0x2', code: '0x6000' };
  for (let i = 0; i < slots; i++) snapshot.slots[slotKey(address, '0x' + i.toString(16))] = '0x' + (i + 1).toString(16).padStart(64, '0');
  return snapshot;
}

test('a block state written is read back whole, by hash, merged with what another writer added', async () => {
  const root = newRoot();
  const cache = new ForkCache(root, 1, 'https://node.example/v3/KEY');
  await cache.saveState(blockHash(1), { snapshot: snapshotWith(3), targets: new Set(['block:a']) });
  // Another process's cache object: its write merges with the file, it does not replace it.
  const other = new ForkCache(root, 1, 'https://node.example/v3/OTHER');
  const more = emptySnapshot();
  more.slots[slotKey(address, '0x63')] = '0x' + '07'.padStart(64, '0');
  await other.saveState(blockHash(1), { snapshot: more, targets: new Set(['call:b']) });
  const read = await cache.state(blockHash(1));
  assert.deepEqual(Object.keys(read.snapshot.slots).length, 4);
  assert.deepEqual(read.snapshot.accounts[address], { balance: '0x1', nonce: '0x2', code: '0x6000' });
  assert.deepEqual([...read.targets].sort(), ['block:a', 'call:b']);
  assert.deepEqual(Object.keys((await cache.state(blockHash(2))).snapshot.accounts), [], 'another block has nothing');
});

test('one folder per chain id and origin, named by a hash: no host, no path, no key', () => {
  const root = newRoot();
  const withKey = upstreamFolder(root, 1, 'https://user:pass@mainnet.node.example:8443/v3/SECRETKEY123?apikey=QUERYSECRET');
  assert.equal(withKey, upstreamFolder(root, 1, 'https://mainnet.node.example:8443/other/path'), 'the path does not count');
  assert.notEqual(withKey, upstreamFolder(root, 1, 'https://evil.example:8443/v3/SECRETKEY123'), 'another host has its own');
  assert.notEqual(withKey, upstreamFolder(root, 2, 'https://mainnet.node.example:8443/'), 'another chain has its own');
  assert.match(basename(withKey), /^1-[0-9a-f]{24}$/);
});

test('past its bound the least recently used files go, a read counting as use', async () => {
  const root = newRoot();
  const maxBytes = 20_000;
  const cache = new ForkCache(root, 1, 'http://127.0.0.1:1', maxBytes);
  const folder = upstreamFolder(root, 1, 'http://127.0.0.1:1');
  const path = (n: number) => join(folder, `state-${blockHash(n)}.json`);
  // Files of about 5 KB, each "used" a minute after the one before (set, not waited for).
  const base = Date.now() / 1000 - 3600;
  for (let n = 1; n <= 3; n++) {
    await cache.saveState(blockHash(n), { snapshot: snapshotWith(35), targets: new Set() });
    utimesSync(path(n), base + n * 60, base + n * 60);
  }
  // Block 1, the oldest, is read: it becomes the most recently used.
  assert.equal(Object.keys((await cache.state(blockHash(1))).snapshot.slots).length, 35);
  // Four files fit; the fifth makes eviction bring the total under 80% of the bound.
  for (let n = 4; n <= 5; n++) await cache.saveState(blockHash(n), { snapshot: snapshotWith(35), targets: new Set() });
  const info = await cacheInfo(root);
  assert.ok(info.bytes <= maxBytes, `${info.bytes} bytes kept`);
  const kept = readdirSync(folder);
  assert.ok(kept.includes(basename(path(1))), 'the block read recently stays');
  assert.ok(!kept.includes(basename(path(2))) && !kept.includes(basename(path(3))), 'the least recently used went first');
  assert.ok(kept.includes(basename(path(4))) && kept.includes(basename(path(5))), 'the newest stay');
  await clearCache(root);
  assert.deepEqual((await cacheInfo(root)).upstreams, []);
});

test('hostile files in the cache folder are ignored: a FIFO, a link, a huge file, broken and malformed JSON', async () => {
  const root = newRoot();
  const cache = new ForkCache(root, 1, 'http://127.0.0.1:1');
  const folder = upstreamFolder(root, 1, 'http://127.0.0.1:1');
  mkdirSync(folder, { recursive: true });
  const file = (n: number) => join(folder, `state-${blockHash(n)}.json`);
  // A FIFO nobody writes to: reading it would block for ever.
  execFileSync('mkfifo', [file(1)]);
  symlinkSync('/etc/passwd', file(2));
  writeFileSync(file(3), '');
  truncateSync(file(3), 200 * 1024 * 1024);
  writeFileSync(file(4), '{"accounts": {"0x' + '22'.repeat(20) + '": {"balance": "0x1"');
  const good = '0x' + '33'.repeat(20);
  writeFileSync(
    file(5),
    JSON.stringify({
      targets: ['block:x', 42, 'y'.repeat(1000)],
      accounts: {
        [good]: { balance: '0x10', nonce: '0x1', code: '0x60' },
        __proto__: { balance: '0x1' },
        '0xnothex': { balance: '0x1' },
        ['0x' + '44'.repeat(20)]: { balance: 'lots' },
        ['0x' + '55'.repeat(20)]: { code: '0x' + '00'.repeat(300 * 1024) },
      },
      slots: { [slotKey(good, '0x1')]: '0x05', [`${good}_0x1`]: '0x06', [slotKey(good, '0x2')]: { toString: 1 }, constructor: '0x1' },
    }),
  );
  for (const n of [1, 2, 3, 4]) assert.deepEqual((await cache.state(blockHash(n))).snapshot, emptySnapshot(), `file ${n}`);
  const read = await cache.state(blockHash(5));
  assert.deepEqual(read.snapshot.accounts, { [good]: { balance: '0x10', nonce: '0x1', code: '0x60' } });
  assert.deepEqual(read.snapshot.slots, { [slotKey(good, '0x1')]: '0x' + '05'.padStart(64, '0') });
  assert.deepEqual([...read.targets], ['block:x']);
  assert.equal(
    await cache.state('../../etc/passwd').then((state) => Object.keys(state.snapshot.accounts).length),
    0,
    'a hash that is not one names no file',
  );
});

test('start records: one per origin whatever the path, counted in the total under no upstream, cleared with the rest', async () => {
  const root = newRoot();
  const url = 'https://user:pass@node.example:8443/v3/SECRETKEY123';
  await saveStartRecord(root, url, { chainId: 1, block: '0x10' });
  assert.equal(startRecordPath(root, url), startRecordPath(root, 'https://node.example:8443/other'));
  assert.notEqual(startRecordPath(root, url), startRecordPath(root, 'https://node.example:8444/v3/SECRETKEY123'));
  assert.match(basename(startRecordPath(root, url)), /^start-[0-9a-f]{24}\.json$/);
  assert.deepEqual(await readStartRecord(root, 'https://node.example:8443/'), { chainId: 1, block: '0x10' });
  const info = await cacheInfo(root);
  assert.deepEqual(info.upstreams, []);
  assert.equal(info.bytes, JSON.stringify({ chainId: 1, block: '0x10' }).length);
  await clearCache(root);
  assert.equal(await readStartRecord(root, url), undefined);
});
