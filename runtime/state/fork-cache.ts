// The persistent cache of upstream data for fork mode, on disk: the state of a block (accounts with code,
// storage slots) and answers that never change (a mined transaction, a block by hash), so that a second
// trace of the same transaction or call needs no upstream round trip, even in another process or offline.
//
// Layout: ROOT/fork-v1/<chain id>-<origin hash>/state-<block hash>.json, rpc-<request hash>.json, and what a
// node starting with the upstream down needs (fork-start.ts): header-<block number>.json and rules.json; and
// ROOT/fork-v1/start-<origin hash>.json, the origin's chain id and last fork block (the chain id is not known
// before it is read).
// - Keyed by chain id and by the upstream's origin (scheme, host, port), hashed: a hostile upstream cannot
//   fill the cache another upstream of the same chain id reads; the URL's path and credentials (where keys
//   live) never go into a name or a file, and the hash keeps host names out of the folder listing.
// - State by block hash, not number: a reorg gives a new hash, so stale state is never read for a new block.
// - Several processes at once: every write goes to a temporary file then is renamed over the old one, so a
//   reader sees a whole file, old or new; state files are merged with what is on disk before writing (a
//   block's state never changes, so merging is always right; a lost merge only costs a refetch).
// - The folder is input: files are read only when they are regular files (no FIFOs, devices or links) under a
//   size bound, and anything unparsable or malformed is ignored as if absent.
// - Bounded: after writes, the least recently used files (reads refresh a file's time) go until the total is
//   under the bound.
import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, readdir, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { mergeSnapshot, snapshotFrom, type UpstreamSnapshot } from './upstream-snapshot';

/** The cache folder: $EVM_TRACER_CACHE_DIR, else $XDG_CACHE_HOME/evm-tracer, else ~/.cache/evm-tracer. */
export function defaultCacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  if (env.EVM_TRACER_CACHE_DIR) return env.EVM_TRACER_CACHE_DIR;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'evm-tracer');
}

export const defaultMaxBytes = 512 * 1024 * 1024;
/** A file larger than this is not read (nothing this cache writes comes near it). */
const maxFileBytes = 64 * 1024 * 1024;
/** Eviction brings the total this far under the bound, so that it does not run after every write. */
const evictTo = 0.8;
/** A temporary file this old was left by a process that died mid-write. */
const staleTempMs = 60 * 60 * 1000;

const forkFolder = 'fork-v1';
const hashPattern = /^0x[0-9a-f]{64}$/;

/** What a prefetch found for a block, and which targets (a transaction's block, a call) it covered. */
export interface CachedState {
  snapshot: UpstreamSnapshot;
  targets: Set<string>;
}

/** What a fork node starting with its upstream down reads (fork-start.ts): the rules, a fork block's header. */
type StartFact = 'rules' | `header-${bigint}`;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const originHash = (upstreamUrl: string) => sha256(new URL(upstreamUrl).origin).slice(0, 24);

/** The folder of one upstream of one chain: the origin hashed, so neither host nor path shows. */
export function upstreamFolder(root: string, chainId: number, upstreamUrl: string): string {
  return join(root, forkFolder, `${chainId}-${originHash(upstreamUrl)}`);
}

/** The start record of an upstream origin, whatever its chain: raw JSON (fork-start.ts checks it). */
export function startRecordPath(root: string, upstreamUrl: string): string {
  return join(root, forkFolder, `start-${originHash(upstreamUrl)}.json`);
}

/** A regular file's text, or undefined when absent, not a regular file, too large or unreadable. */
async function readBounded(path: string): Promise<string | undefined> {
  try {
    const info = await lstat(path);
    if (!info.isFile() || info.size > maxFileBytes) return undefined;
    // Should the file become a FIFO or a link after lstat, these flags keep open from blocking or following it.
    const file = await open(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
    try {
      const opened = await file.stat();
      if (!opened.isFile() || opened.size > maxFileBytes) return undefined;
      return await file.readFile({ encoding: 'utf8' });
    } finally {
      await file.close();
    }
  } catch {
    return undefined;
  }
}

async function readJson(path: string): Promise<unknown> {
  const text = await readBounded(path);
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    // Least recently used goes first: a read counts as use.
    const now = new Date();
    await utimes(path, now, now).catch(() => undefined);
    return value;
  } catch {
    return undefined;
  }
}

/** Writes `text` whole or not at all: a temporary file in the same folder, renamed over `path`. */
async function writeAtomically(path: string, text: string): Promise<void> {
  const temp = `${path}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, text, { flag: 'wx', mode: 0o600 });
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}

/** The start record of the upstream's origin (startRecordPath), or undefined. */
export function readStartRecord(root: string, upstreamUrl: string): Promise<unknown> {
  return readJson(startRecordPath(root, upstreamUrl));
}

export async function saveStartRecord(root: string, upstreamUrl: string, record: unknown): Promise<void> {
  await mkdir(join(root, forkFolder), { recursive: true, mode: 0o700 });
  await writeAtomically(startRecordPath(root, upstreamUrl), JSON.stringify(record));
}

interface CacheEntryInfo {
  /** `<chain id>-<origin hash>`. */
  upstream: string;
  files: number;
  bytes: number;
}

/** Every file of the cache with its size and time (for eviction and `cache info`). */
async function listFiles(root: string): Promise<Array<{ path: string; upstream: string; name: string; bytes: number; used: number }>> {
  const base = join(root, forkFolder);
  const files: Array<{ path: string; upstream: string; name: string; bytes: number; used: number }> = [];
  const upstreams = await readdir(base, { withFileTypes: true }).catch(() => []);
  for (const entry of upstreams) {
    // The start records: counted and evicted like the rest, in no upstream's folder.
    if (entry.isFile()) {
      const info = await lstat(join(base, entry.name)).catch(() => undefined);
      if (info) files.push({ path: join(base, entry.name), upstream: '', name: entry.name, bytes: info.size, used: info.mtimeMs });
    }
    if (!entry.isDirectory()) continue;
    const names = await readdir(join(base, entry.name)).catch(() => [] as string[]);
    for (const name of names) {
      const path = join(base, entry.name, name);
      const info = await lstat(path).catch(() => undefined);
      if (info?.isFile()) files.push({ path, upstream: entry.name, name, bytes: info.size, used: info.mtimeMs });
    }
  }
  return files;
}

/** Per upstream folder: files and bytes. */
export async function cacheInfo(root: string): Promise<{ folder: string; upstreams: CacheEntryInfo[]; bytes: number }> {
  const byUpstream = new Map<string, CacheEntryInfo>();
  let bytes = 0;
  for (const file of await listFiles(root)) {
    bytes += file.bytes;
    if (file.upstream === '') continue;
    const entry = byUpstream.get(file.upstream) ?? { upstream: file.upstream, files: 0, bytes: 0 };
    entry.files++;
    entry.bytes += file.bytes;
    byUpstream.set(file.upstream, entry);
  }
  return { folder: join(root, forkFolder), upstreams: [...byUpstream.values()].sort((a, b) => b.bytes - a.bytes), bytes };
}

/** Removes the whole fork cache under `root` (nothing else there). */
export async function clearCache(root: string): Promise<void> {
  await rm(join(root, forkFolder), { recursive: true, force: true });
}

/** Deletes least recently used files until the total is within `evictTo` of `maxBytes`; stale temporary files always. */
async function evict(root: string, maxBytes: number): Promise<number> {
  const files = await listFiles(root);
  let total = files.reduce((sum, file) => sum + file.bytes, 0);
  let removed = 0;
  const now = Date.now();
  for (const file of files) {
    if (file.name.endsWith('.tmp') && now - file.used > staleTempMs) {
      await rm(file.path, { force: true }).catch(() => undefined);
      total -= file.bytes;
      file.bytes = 0;
    }
  }
  if (total <= maxBytes) return removed;
  for (const file of files.filter((f) => !f.name.endsWith('.tmp')).sort((a, b) => a.used - b.used)) {
    if (total <= maxBytes * evictTo) break;
    await rm(file.path, { force: true }).catch(() => undefined);
    total -= file.bytes;
    removed++;
  }
  return removed;
}

/** The cache of one upstream (chain id and origin). */
export class ForkCache {
  readonly folder: string;
  private ready: Promise<unknown> | undefined;
  /** Writes of one file, in order (a merge must see the previous write of this process). */
  private writes = new Map<string, Promise<void>>();
  /** Bytes written since the last eviction pass (undefined: none ran yet in this process). */
  private unchecked: number | undefined;

  constructor(
    readonly root: string,
    chainId: number,
    upstreamUrl: string,
    readonly maxBytes = defaultMaxBytes,
  ) {
    this.folder = upstreamFolder(root, chainId, upstreamUrl);
  }

  private statePath(blockHash: string): string | undefined {
    return hashPattern.test(blockHash) ? join(this.folder, `state-${blockHash}.json`) : undefined;
  }

  async state(blockHash: string): Promise<CachedState> {
    const path = this.statePath(blockHash);
    const json = path === undefined ? undefined : ((await readJson(path)) as { targets?: unknown } | undefined);
    const targets = Array.isArray(json?.targets) ? json.targets.filter((t): t is string => typeof t === 'string' && t.length <= 200) : [];
    return { snapshot: snapshotFrom(json), targets: new Set(targets) };
  }

  /** Adds `state` to the block's file (merged with what any process wrote there meanwhile). */
  saveState(blockHash: string, state: CachedState): Promise<void> {
    const path = this.statePath(blockHash);
    if (path === undefined) return Promise.resolve();
    return this.serialised(path, async () => {
      const onDisk = await this.state(blockHash);
      mergeSnapshot(onDisk.snapshot, state.snapshot);
      for (const target of state.targets) onDisk.targets.add(target);
      await this.write(path, JSON.stringify({ targets: [...onDisk.targets], ...onDisk.snapshot }));
    });
  }

  private rpcPath(method: string, params: unknown[]): string {
    return join(this.folder, `rpc-${sha256(JSON.stringify([method, params]))}.json`);
  }

  /** A stored answer to `method(params)`, or undefined. */
  async rpc(method: string, params: unknown[]): Promise<unknown> {
    const json = (await readJson(this.rpcPath(method, params))) as { method?: unknown; result?: unknown } | undefined;
    return json?.method === method ? json.result : undefined;
  }

  saveRpc(method: string, params: unknown[], result: unknown): Promise<void> {
    const path = this.rpcPath(method, params);
    return this.serialised(path, () => this.write(path, JSON.stringify({ method, result })));
  }

  /** A start-up fact (fork-start.ts checks it): `rules`, or `header-N` (block N's header). */
  fact(name: StartFact): Promise<unknown> {
    return readJson(join(this.folder, `${name}.json`));
  }

  saveFact(name: StartFact, value: unknown): Promise<void> {
    const path = join(this.folder, `${name}.json`);
    return this.serialised(path, () => this.write(path, JSON.stringify(value)));
  }

  private serialised(path: string, work: () => Promise<void>): Promise<void> {
    const next = (this.writes.get(path) ?? Promise.resolve()).then(work, work);
    const settled = next.catch(() => undefined);
    this.writes.set(path, settled);
    void settled.then(() => this.writes.get(path) === settled && this.writes.delete(path));
    return next;
  }

  private async write(path: string, text: string): Promise<void> {
    this.ready ??= mkdir(this.folder, { recursive: true, mode: 0o700 });
    await this.ready;
    await writeAtomically(path, text);
    // Listing the folder after every write would cost more than the writes: once per 1% of the bound written.
    this.unchecked = this.unchecked === undefined ? Infinity : this.unchecked + text.length;
    if (this.unchecked < this.maxBytes / 100) return;
    this.unchecked = 0;
    await evict(this.root, this.maxBytes);
  }
}
