// The fork cache on disk (runtime/state/fork-cache.ts): bounded with least-recently-used eviction, one folder
// per chain id and upstream URL (a keyed hash, never the path or credentials where keys live), and a cache
// folder that is input: FIFOs, links, huge, truncated, unsealed or hostile files are ignored, quickly.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { after, test } from 'node:test';
import { cacheKeyPath } from '../../runtime/state/cache-key';
import { cacheInfo, clearCache, openForkCache, type UpstreamCache } from '../../runtime/state/fork-cache';
import { emptySnapshot, slotKey, type UpstreamSnapshot } from '../../runtime/state/upstream-snapshot';
import { writeSealed } from '../support/sealed-cache-file';

const roots: string[] = [];
after(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));
function newRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'evm-tracer-cache-test-'));
  roots.push(root);
  return root;
}
/** The install's key lives here for these tests, not in the user's state folder. */
const env = { XDG_STATE_HOME: newRoot() };
const warnings: string[] = [];
const open = async (root: string, url: string, maxBytes?: number): Promise<UpstreamCache> =>
  (await openForkCache(root, url, { env, maxBytes, warn: (line) => warnings.push(line) }))!;

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
  const url = 'https://node.example/v3/KEY';
  const cache = (await open(root, url)).chain(1);
  await cache.saveState(blockHash(1), { snapshot: snapshotWith(3), targets: new Set(['block:a']) });
  // Another process's cache object: its write merges with the file, it does not replace it.
  const other = (await open(root, url)).chain(1);
  const more = emptySnapshot();
  more.slots[slotKey(address, '0x63')] = '0x' + '07'.padStart(64, '0');
  await other.saveState(blockHash(1), { snapshot: more, targets: new Set(['call:b']) });
  const read = await cache.state(blockHash(1));
  assert.deepEqual(Object.keys(read.snapshot.slots).length, 4);
  assert.deepEqual(read.snapshot.accounts[address], { balance: '0x1', nonce: '0x2', code: '0x6000' });
  assert.deepEqual([...read.targets].sort(), ['block:a', 'call:b']);
  assert.deepEqual(Object.keys((await cache.state(blockHash(2))).snapshot.accounts), [], 'another block has nothing');
});

test('one folder per chain id and whole upstream URL, named by a keyed hash: no host, no path, no key', async () => {
  const root = newRoot();
  const folder = async (chainId: number, url: string) => (await open(root, url)).chain(chainId).folder;
  const url = 'https://user:pass@mainnet.node.example:8443/v3/SECRETKEY123?apikey=QUERYSECRET';
  const withKey = await folder(1, url);
  assert.equal(withKey, await folder(1, url.replace('mainnet', 'MAINNET')), 'the same URL spelled otherwise');
  const others = {
    path: url.replace('SECRETKEY123', 'OTHERKEY'),
    query: url.replace('QUERYSECRET', 'OTHER'),
    password: url.replace(':pass@', ':other@'),
    'no credentials': url.replace('user:pass@', ''),
    scheme: url.replace('https:', 'http:'),
    port: url.replace('8443', '8444'),
    host: url.replace('mainnet.node.example', 'evil.example'),
  };
  for (const [differs, other] of Object.entries(others)) assert.notEqual(withKey, await folder(1, other), `another ${differs}`);
  assert.notEqual(withKey, await folder(2, url), 'another chain');
  assert.match(basename(withKey), /^1-[0-9a-f]{24}$/);
  const elsewhere = await openForkCache(root, url, { env: { XDG_STATE_HOME: newRoot() }, warn: assert.fail });
  assert.notEqual(withKey, elsewhere!.chain(1).folder, "another install's key names it otherwise: no one can tell the URL from the name");
});

test('past its bound the least recently used files go, a read counting as use', async () => {
  const root = newRoot();
  const maxBytes = 20_000;
  const cache = (await open(root, 'http://127.0.0.1:1', maxBytes)).chain(1);
  const path = (n: number) => join(cache.folder, `state-${blockHash(n)}.json`);
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
  const kept = readdirSync(cache.folder);
  assert.ok(kept.includes(basename(path(1))), 'the block read recently stays');
  assert.ok(!kept.includes(basename(path(2))) && !kept.includes(basename(path(3))), 'the least recently used went first');
  assert.ok(kept.includes(basename(path(4))) && kept.includes(basename(path(5))), 'the newest stay');
  await clearCache(root);
  assert.deepEqual((await cacheInfo(root)).upstreams, []);
});

test('hostile files in the cache folder are ignored: a FIFO, a link, a huge file, broken JSON, unsealed or moved', async () => {
  const root = newRoot();
  const cache = (await open(root, 'http://127.0.0.1:1')).chain(1);
  const folder = cache.folder;
  mkdirSync(folder, { recursive: true });
  const file = (n: number) => join(folder, `state-${blockHash(n)}.json`);
  // A FIFO nobody writes to: reading it would block for ever.
  execFileSync('mkfifo', [file(1)]);
  symlinkSync('/etc/passwd', file(2));
  writeFileSync(file(3), '');
  truncateSync(file(3), 200 * 1024 * 1024);
  writeFileSync(file(4), '{"accounts": {"0x' + '22'.repeat(20) + '": {"balance": "0x1"');
  const wellFormed = { accounts: { ['0x' + '33'.repeat(20)]: { balance: '0x10', nonce: '0x1', code: '0x60' } }, slots: {} };
  writeFileSync(file(5), JSON.stringify(wellFormed));
  await writeSealed(root, file(6), wellFormed, env);
  // Sealed for block 6: not valid under block 7's name.
  writeFileSync(file(7), readFileSync(file(6)));
  for (const n of [1, 2, 3, 4, 5, 7]) assert.deepEqual((await cache.state(blockHash(n))).snapshot, emptySnapshot(), `file ${n}`);
  assert.deepEqual((await cache.state(blockHash(6))).snapshot.accounts, wellFormed.accounts, 'the sealed file is read');
  for (const [n, why] of [
    [1, 'not a regular file'],
    [2, 'a symbolic link'],
    [3, 'too large'],
    [4, 'not as this install wrote it'],
    [5, 'not as this install wrote it'],
    [7, 'not as this install wrote it'],
  ] as const) {
    assert.ok(
      warnings.some((line) => line.startsWith(`fork cache: ignored ${file(n)}: it is ${why}`)),
      `file ${n}: ${why}`,
    );
  }
  assert.equal(
    await cache.state('../../etc/passwd').then((state) => Object.keys(state.snapshot.accounts).length),
    0,
    'a hash that is not one names no file',
  );
});

test('a file sealed by this install is still checked entry by entry', async () => {
  const root = newRoot();
  const cache = (await open(root, 'http://127.0.0.1:1')).chain(1);
  mkdirSync(cache.folder, { recursive: true });
  const good = '0x' + '33'.repeat(20);
  const hostile = {
    targets: ['block:x', 42, 'y'.repeat(1000)],
    accounts: {
      [good]: { balance: '0x10', nonce: '0x1', code: '0x60' },
      __proto__: { balance: '0x1' },
      '0xnothex': { balance: '0x1' },
      ['0x' + '44'.repeat(20)]: { balance: 'lots' },
      ['0x' + '55'.repeat(20)]: { code: '0x' + '00'.repeat(300 * 1024) },
    },
    slots: { [slotKey(good, '0x1')]: '0x05', [`${good}_0x1`]: '0x06', [slotKey(good, '0x2')]: { toString: 1 }, constructor: '0x1' },
  };
  await writeSealed(root, join(cache.folder, `state-${blockHash(5)}.json`), hostile, env);
  const read = await cache.state(blockHash(5));
  assert.deepEqual(read.snapshot.accounts, { [good]: { balance: '0x10', nonce: '0x1', code: '0x60' } });
  assert.deepEqual(read.snapshot.slots, { [slotKey(good, '0x1')]: '0x' + '05'.padStart(64, '0') });
  assert.deepEqual([...read.targets], ['block:x']);
});

test('start records: one per upstream URL, counted in the total under no upstream, cleared with the rest and the old layout', async () => {
  const root = newRoot();
  const url = 'https://user:pass@node.example:8443/v3/SECRETKEY123';
  const store = await open(root, url);
  await store.saveStartRecord({ chainId: 1, block: '0x10' });
  assert.notEqual(store.startRecordPath, (await open(root, 'https://user:pass@node.example:8443/other')).startRecordPath);
  assert.match(basename(store.startRecordPath), /^start-[0-9a-f]{24}\.json$/);
  assert.deepEqual(await (await open(root, url)).readStartRecord(), { chainId: 1, block: '0x10' });
  const info = await cacheInfo(root);
  assert.deepEqual(info.upstreams, []);
  assert.equal(info.bytes, readFileSync(store.startRecordPath).length);
  mkdirSync(join(root, 'fork-v1', '1-abc'), { recursive: true });
  writeFileSync(join(root, 'fork-v1', 'start-abc.json'), '{}');
  await clearCache(root);
  assert.equal(await store.readStartRecord(), undefined);
  assert.deepEqual(readdirSync(root), [], 'the layout before sealed files is cleared too');
});

test("the install's key: made once, 0600 in a 0700 folder; a link, a file open to others or of another size is refused, and the cache is off", async () => {
  const stateHome = newRoot();
  const keyEnv = { XDG_STATE_HOME: stateHome };
  const path = cacheKeyPath(keyEnv);
  const said: string[] = [];
  const opened = () => openForkCache(newRoot(), 'http://127.0.0.1:1', { env: keyEnv, warn: (line) => said.push(line) });
  const [first, second] = await Promise.all([opened(), opened()]);
  assert.ok(first && second);
  const key = readFileSync(path);
  assert.equal(key.length, 32);
  assert.equal(statSync(path).mode & 0o777, 0o600);
  assert.equal(statSync(join(stateHome, 'evm-tracer')).mode & 0o777, 0o700);
  assert.equal(first.chain(1).folder.slice(-24), second.chain(1).folder.slice(-24), 'two first starts at once agree on one key');
  const refusedBecause = async (change: () => void, why: RegExp) => {
    change();
    said.length = 0;
    assert.equal(await opened(), undefined);
    assert.equal(said.length, 1);
    assert.match(
      said[0],
      new RegExp(`^fork cache: its key cannot be used \\(${path}: ${why.source}\\); this node runs without the disk cache$`),
    );
    rmSync(path);
    writeFileSync(path, key, { mode: 0o600 });
  };
  await refusedBecause(() => chmodSync(path, 0o644), /other users can read it/);
  await refusedBecause(() => writeFileSync(path, 'short'), /it is not a file of 32 bytes/);
  const planted = join(stateHome, 'planted.key');
  writeFileSync(planted, key, { mode: 0o600 });
  await refusedBecause(() => (rmSync(path), symlinkSync(planted, path)), /it is a symbolic link/);
  assert.ok(await opened(), 'the key restored is used again');
});

test('a cache folder that is a link, or that every user can write in, is refused, saying so; nothing is read or written through it', async () => {
  const outside = newRoot();
  const link = join(newRoot(), 'cache');
  symlinkSync(outside, link);
  warnings.length = 0;
  assert.equal(await openForkCache(link, 'http://127.0.0.1:1', { env, warn: (line) => warnings.push(line) }), undefined);
  assert.deepEqual(warnings, [
    `fork cache: not using ${link}: it is a symbolic link, and the fork cache follows none; this node runs without the disk cache`,
  ]);
  await assert.rejects(cacheInfo(link), {
    message: `fork cache: not using ${link}: it is a symbolic link, and the fork cache follows none`,
  });
  await assert.rejects(clearCache(link), /^Error: fork cache: not clearing .*: it is a symbolic link/);
  const root = newRoot();
  const cache = (await open(root, 'http://127.0.0.1:1')).chain(1);
  mkdirSync(cache.folder, { recursive: true });
  chmodSync(cache.folder, 0o777);
  warnings.length = 0;
  await cache.saveState(blockHash(1), { snapshot: snapshotWith(1), targets: new Set() });
  assert.deepEqual(await cache.state(blockHash(1)), { snapshot: emptySnapshot(), targets: new Set() });
  assert.deepEqual(readdirSync(cache.folder), []);
  assert.deepEqual(warnings, [
    `fork cache: not using ${cache.folder}: every user can write in it; what this upstream answers is not kept on disk`,
  ]);
  assert.deepEqual(readdirSync(outside), []);
});
