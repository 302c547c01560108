// The persistent cache of upstream data for fork mode, on disk: the state of a block (accounts with code,
// storage slots) and answers that never change (a mined transaction, a block by hash), so that a second
// trace of the same transaction or call needs no upstream round trip, even in another process or offline.
//
// Layout: ROOT/fork-v2/<chain id>-<upstream name>/state-<block hash>.json, rpc-<request hash>.json, and what a
// node starting with the upstream down needs (fork-start.ts): header-<block number>.json and rules.json; and
// ROOT/fork-v2/start-<upstream name>.json, the upstream's chain id and last fork block (the chain id is not
// known before it is read). fork-v1, the layout before files were sealed, is never read.
// - Keyed by chain id and by the upstream's whole URL (scheme, host, port, path, query, credentials): a hostile
//   upstream cannot fill the cache another upstream reads, even on the same host. The upstream's name is a
//   keyed hash of the URL (cache-key.ts), so no host, path or key shows in a name, and nothing that holds the
//   URL's secrets is written.
// - State by block hash, not number: a reorg gives a new hash, so stale state is never read for a new block.
// - Several processes at once: every write goes to a temporary file then is renamed over the old one, so a
//   reader sees a whole file, old or new; state files are merged with what is on disk before writing (a
//   block's state never changes, so merging is always right; a lost merge only costs a refetch).
// - The folder is input (cache-files.ts): no link is followed, and a file this install did not write there is
//   ignored as if absent; what a file holds is still checked entry by entry (upstream-snapshot.ts).
// - Bounded: after writes, the least recently used files (reads refresh a file's time) go until the total is
//   under the bound.
import { createHash } from 'node:crypto';
import { lstat, readdir, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { folderRefusal, madeFolder, SealedFiles, type Warn } from './cache-files';
import { cacheKey, cacheKeyPath } from './cache-key';
import { upstreamEndpoint } from './upstream-url';
import { mergeSnapshot, snapshotFrom, type UpstreamSnapshot } from './upstream-snapshot';

/** The cache folder: $EVM_TRACER_CACHE_DIR, else $XDG_CACHE_HOME/evm-tracer, else ~/.cache/evm-tracer. */
export function defaultCacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  if (env.EVM_TRACER_CACHE_DIR) return env.EVM_TRACER_CACHE_DIR;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'evm-tracer');
}

export const defaultMaxBytes = 512 * 1024 * 1024;
/** Eviction brings the total this far under the bound, so that it does not run after every write. */
const evictTo = 0.8;
/** A temporary file this old was left by a process that died mid-write. */
const staleTempMs = 60 * 60 * 1000;

const forkFolder = 'fork-v2';
/** Earlier layouts: never read, cleared with the rest. */
const formerFolders = ['fork-v1'];
const hashPattern = /^0x[0-9a-f]{64}$/;

/** What a prefetch found for a block, and which targets (a transaction's block, a call) it covered. */
export interface CachedState {
  snapshot: UpstreamSnapshot;
  targets: Set<string>;
}

/** What a fork node starting with its upstream down reads (fork-start.ts): the rules, a fork block's header. */
type StartFact = 'rules' | `header-${bigint}`;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface OpenOptions {
  maxBytes?: number;
  /** Where the install's key is (cache-key.ts): this environment's. */
  env?: NodeJS.ProcessEnv;
  /** Says what the cache refused or ignored. */
  warn: Warn;
}

/**
 * The cache under `root` of the upstream at `upstreamUrl` (as given, credentials included), or undefined,
 * with a warning saying why, when the folder or the install's key cannot be used: the node then runs
 * without the disk cache.
 */
export async function openForkCache(root: string, upstreamUrl: string, options: OpenOptions): Promise<UpstreamCache | undefined> {
  const off = (why: string) => void options.warn(`fork cache: ${why}; this node runs without the disk cache`);
  for (const folder of [root, join(root, forkFolder)]) {
    const refusal = await madeFolder(folder);
    if (refusal) return off(`not using ${folder}: ${refusal}`);
  }
  let key: Buffer;
  try {
    key = await cacheKey(cacheKeyPath(options.env));
  } catch (error) {
    return off(`its key cannot be used (${error instanceof Error ? error.message : String(error)})`);
  }
  const { mask } = upstreamEndpoint(upstreamUrl);
  const files = new SealedFiles(root, key, (text) => mask(text) === text, options.warn);
  return new UpstreamCache(files, new URL(upstreamUrl).href, options.maxBytes ?? defaultMaxBytes);
}

/** One upstream's part of the cache: its start record and a folder per chain id. */
export class UpstreamCache {
  /** The upstream's start record (in no chain's folder: the chain id is what it tells). */
  readonly startRecordPath: string;
  private readonly name: string;

  constructor(
    private readonly files: SealedFiles,
    upstreamUrl: string,
    private readonly maxBytes: number,
  ) {
    this.name = files.nameOf(upstreamUrl);
    this.startRecordPath = join(files.root, forkFolder, `start-${this.name}.json`);
  }

  /** The start record, raw (fork-start.ts checks it), or undefined. */
  readStartRecord(): Promise<unknown> {
    return this.files.read(this.startRecordPath);
  }

  async saveStartRecord(record: unknown): Promise<void> {
    await this.files.write(this.startRecordPath, record);
  }

  /** The cache of this upstream's chain `chainId`. */
  chain(chainId: number): ForkCache {
    return new ForkCache(this.files, join(this.files.root, forkFolder, `${chainId}-${this.name}`), this.maxBytes);
  }
}

interface CacheEntryInfo {
  /** `<chain id>-<upstream name>`. */
  upstream: string;
  files: number;
  bytes: number;
}

/** The fork cache's folder under `root`; throws when `root` or it is refused (cache-files.ts). */
async function checkedTree(root: string): Promise<string> {
  const base = join(root, forkFolder);
  for (const folder of [root, base]) {
    const refusal = await folderRefusal(folder);
    if (refusal) throw new Error(`fork cache: not using ${folder}: ${refusal}`);
  }
  return base;
}

/** Every file of the cache with its size and time (for eviction and `cache info`). */
async function listFiles(root: string): Promise<Array<{ path: string; upstream: string; name: string; bytes: number; used: number }>> {
  const base = await checkedTree(root);
  const files: Array<{ path: string; upstream: string; name: string; bytes: number; used: number }> = [];
  const upstreams = await readdir(base, { withFileTypes: true }).catch(() => []);
  for (const entry of upstreams) {
    // The start records: counted and evicted like the rest, in no upstream's folder.
    if (entry.isFile()) {
      const info = await lstat(join(base, entry.name)).catch(() => undefined);
      if (info) files.push({ path: join(base, entry.name), upstream: '', name: entry.name, bytes: info.size, used: info.mtimeMs });
    }
    // A link is neither a file nor a folder here (readdir's types are lstat's): nothing outside is counted or removed.
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

/** Removes the whole fork cache under `root`, earlier layouts too (nothing else there; rm follows no link). */
export async function clearCache(root: string): Promise<void> {
  const refusal = await folderRefusal(root);
  if (refusal) throw new Error(`fork cache: not clearing ${root}: ${refusal}`);
  for (const folder of [forkFolder, ...formerFolders]) await rm(join(root, folder), { recursive: true, force: true });
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

/** The cache of one upstream's chain (UpstreamCache.chain). */
export class ForkCache {
  /** Whether the folder is one the cache may use (made where absent), checked once. */
  private usable: Promise<boolean> | undefined;
  /** Writes of one file, in order (a merge must see the previous write of this process). */
  private writes = new Map<string, Promise<void>>();
  /** Bytes written since the last eviction pass (undefined: none ran yet in this process). */
  private unchecked: number | undefined;

  constructor(
    private readonly files: SealedFiles,
    readonly folder: string,
    readonly maxBytes: number,
  ) {}

  private folderUsable(): Promise<boolean> {
    return (this.usable ??= this.files.folder(this.folder));
  }

  /** `path`'s value, when the folder may be used and the file is one this install wrote there. */
  private async read(path: string): Promise<unknown> {
    return (await this.folderUsable()) ? this.files.read(path) : undefined;
  }

  private statePath(blockHash: string): string | undefined {
    return hashPattern.test(blockHash) ? join(this.folder, `state-${blockHash}.json`) : undefined;
  }

  async state(blockHash: string): Promise<CachedState> {
    const path = this.statePath(blockHash);
    const json = path === undefined ? undefined : ((await this.read(path)) as { targets?: unknown } | undefined);
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
      await this.write(path, { targets: [...onDisk.targets], ...onDisk.snapshot });
    });
  }

  private rpcPath(method: string, params: unknown[]): string {
    return join(this.folder, `rpc-${sha256(JSON.stringify([method, params]))}.json`);
  }

  /** A stored answer to `method(params)`, or undefined. */
  async rpc(method: string, params: unknown[]): Promise<unknown> {
    const json = (await this.read(this.rpcPath(method, params))) as { method?: unknown; result?: unknown } | undefined;
    return json?.method === method ? json.result : undefined;
  }

  saveRpc(method: string, params: unknown[], result: unknown): Promise<void> {
    const path = this.rpcPath(method, params);
    return this.serialised(path, () => this.write(path, { method, result }));
  }

  /** A start-up fact (fork-start.ts checks it): `rules`, or `header-N` (block N's header). */
  fact(name: StartFact): Promise<unknown> {
    return this.read(join(this.folder, `${name}.json`));
  }

  saveFact(name: StartFact, value: unknown): Promise<void> {
    const path = join(this.folder, `${name}.json`);
    return this.serialised(path, () => this.write(path, value));
  }

  private serialised(path: string, work: () => Promise<void>): Promise<void> {
    const next = (this.writes.get(path) ?? Promise.resolve()).then(work, work);
    const settled = next.catch(() => undefined);
    this.writes.set(path, settled);
    void settled.then(() => this.writes.get(path) === settled && this.writes.delete(path));
    return next;
  }

  private async write(path: string, value: unknown): Promise<void> {
    if (!(await this.folderUsable())) return;
    const bytes = await this.files.write(path, value);
    // Listing the folder after every write would cost more than the writes: once per 1% of the bound written.
    this.unchecked = this.unchecked === undefined ? Infinity : this.unchecked + bytes;
    if (this.unchecked < this.maxBytes / 100) return;
    this.unchecked = 0;
    await evict(this.files.root, this.maxBytes);
  }
}
