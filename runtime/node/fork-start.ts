// A fork node's start-up: the upstream's chain id, the fork block's header, the rules its blocks run by and
// the dev accounts' upstream nonce and code (their funding, which only the blocks mined after the fork start
// from: the fork block's state stays the upstream's), asked of the upstream and kept in the fork cache. With the
// upstream unreachable (refused, DNS, time-out; not an HTTP or JSON-RPC error, which still fails), the node
// starts from what an earlier start kept, so that a trace run before can run again offline. Everything read
// back is checked: the cache folder is input.
import type { ForkPoint } from '../devchain/dev-chain';
import { devAccountBalance, type DevAccount } from '../chain/dev-accounts';
import { chainConfigOf, devGenesis, type GenesisSpec } from '../chain/genesis';
import { chainConfigFor } from '../chain/hardforks';
import { parseRpcQuantity, toQuantity } from '../chain/hex';
import { rpcHeader } from '../chain/rpc-header';
import { upstreamConfig, upstreamRules, type UpstreamRules } from '../chain/rules/upstream-rules';
import { openForkCache, type ForkCache, type UpstreamCache } from '../state/fork-cache';
import { forkStateAt } from '../state/fork-state';
import { UpstreamUnreachable, type Upstream } from '../state/upstream';
import { isRecord } from '../../core/chain/shapes';

interface ForkOptions {
  url: string;
  /** The upstream block to fork at; default its latest (offline: the last one this upstream was started at). */
  blockNumber?: bigint;
  /** Rules that replace the upstream's own (--hardfork, --chain-config). */
  hardfork?: string;
  chainConfig?: { json: unknown; source: string };
  /** The disk cache (fork-cache.ts), or null for none. */
  cache?: { dir: string; maxBytes?: number } | null;
}

interface ForkStart {
  genesis: GenesisSpec;
  point: ForkPoint;
  /** The dev accounts funded, for the first local block to start from (DevChain's nextState). */
  funding: GenesisSpec['alloc'];
  cache: ForkCache | undefined;
  /** The upstream was unreachable: the start came from the cache. */
  offline: boolean;
}

/** What one start of an upstream origin learned that the next needs first: its chain id and fork block. */
interface StartRecord {
  chainId: number;
  block: bigint;
}

/** What the start-up learned, from the upstream or from the cache. */
interface Learned {
  chainId: number;
  point: ForkPoint;
  rules: UpstreamRules;
  /** Whether the rules are the upstream's own (a flag's are not kept). */
  ownRules: boolean;
}

/** Runs `work` on what the upstream answered: a failure is the upstream's (Upstream.blame), and an unreachable
 * one stays what it is (the start goes on from the cache). */
async function fromUpstream<T>(upstream: Upstream, work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw upstream.blame(error);
  }
}

/** eth_chainId's answer as geth's client decodes it (a hex quantity of at most 256 bits), within what this
 * runtime's chain ids hold. */
function chainIdFrom(answer: unknown): number {
  const chainId = parseRpcQuantity(answer, 'eth_chainId', 256);
  if (chainId > BigInt(Number.MAX_SAFE_INTEGER))
    throw new Error(`eth_chainId: chain id ${chainId} is larger than ${Number.MAX_SAFE_INTEGER}, the largest this runtime runs`);
  return Number(chainId);
}

/** The rules a flag gives in place of the upstream's own, if any. */
function flagRules(chainId: number, options: ForkOptions): UpstreamRules | undefined {
  if (options.hardfork !== undefined)
    return { config: chainConfigFor(chainId, options.hardfork), source: `--hardfork ${options.hardfork}` };
  if (!options.chainConfig) return undefined;
  const config = chainConfigOf(options.chainConfig.json, options.chainConfig.source);
  if (Number(config.chainId) !== chainId)
    throw new Error(`${options.chainConfig.source}: chain id ${config.chainId}, but the upstream's is ${chainId}`);
  return { config, source: options.chainConfig.source };
}

/** The fork block's header as the upstream gave it, checked (rpcHeader): the block asked for, the fields some
 * nodes leave out zero. */
function forkPoint(url: string, number: bigint, block: Record<string, unknown>): ForkPoint {
  const header = rpcHeader(block, `fork block #${number}`);
  if (header.number !== number) throw new Error(`fork block #${number}: the upstream answered block #${header.number} instead`);
  const zeroWord = '0x' + '00'.repeat(32);
  return {
    url,
    number,
    hash: header.hash,
    timestamp: header.timestamp,
    gasLimit: header.gasLimit,
    baseFeePerGas: header.baseFeePerGas,
    coinbase: header.miner ?? '0x' + '00'.repeat(20),
    difficulty: header.difficulty ?? 0n,
    mixHash: header.mixHash ?? zeroWord,
    parentHash: header.parentHash ?? zeroWord,
    excessBlobGas: header.excessBlobGas,
    parentBeaconBlockRoot: header.parentBeaconBlockRoot,
  };
}

/** The header fields forkPoint reads, named as in a block answer: what the cache keeps of the fork block. */
function headerOf(point: ForkPoint): Record<string, string> {
  const optional = (name: string, value: bigint | undefined) => (value === undefined ? {} : { [name]: toQuantity(value) });
  return {
    number: toQuantity(point.number),
    hash: point.hash,
    timestamp: toQuantity(point.timestamp),
    gasLimit: toQuantity(point.gasLimit),
    miner: point.coinbase,
    difficulty: toQuantity(point.difficulty),
    mixHash: point.mixHash,
    parentHash: point.parentHash,
    ...optional('baseFeePerGas', point.baseFeePerGas),
    ...optional('excessBlobGas', point.excessBlobGas),
    ...(point.parentBeaconBlockRoot === undefined ? {} : { parentBeaconBlockRoot: point.parentBeaconBlockRoot }),
  };
}

function startRecordFrom(value: unknown): StartRecord | undefined {
  if (!isRecord(value) || !Number.isSafeInteger(value.chainId) || (value.chainId as number) <= 0) return undefined;
  if (typeof value.block !== 'string' || !/^0x[0-9a-f]{1,16}$/.test(value.block)) return undefined;
  return { chainId: value.chainId as number, block: BigInt(value.block) };
}

/** Block `number`'s header from the cache, if it is one: every field checked, its number the one asked for. */
function cachedPoint(url: string, number: bigint, value: unknown): ForkPoint | undefined {
  if (!isRecord(value) || value.number !== toQuantity(number)) return undefined;
  try {
    return forkPoint(url, number, value);
  } catch {
    return undefined;
  }
}

/** The upstream's rules from the cache, if they are a chain config of `chainId` and a source the start-up line
 * may show (at most 200 characters, no control or format characters to play tricks on a terminal). */
function cachedRules(value: unknown, chainId: number): UpstreamRules | undefined {
  if (!isRecord(value) || typeof value.source !== 'string' || !/^[^\p{Cc}\p{Cf}]{1,200}$/u.test(value.source)) return undefined;
  try {
    const config = upstreamConfig(value.config, 'the cached rules');
    return config.chainId === chainId ? { config, source: value.source } : undefined;
  } catch {
    return undefined;
  }
}

/** Dev accounts in fork mode: funded, but keeping their upstream nonce and code, read through the cache. */
async function fundOnFork(accounts: DevAccount[], point: ForkPoint, cache: ForkCache | undefined): Promise<GenesisSpec['alloc']> {
  const fork = forkStateAt(point.url, toQuantity(point.number));
  if (cache) fork.seed((await cache.state(point.hash)).snapshot);
  const entries = await Promise.all(
    accounts.map(async ({ address }) => {
      const upstream = await fork.account(address);
      return [address, { balance: toQuantity(devAccountBalance), nonce: Number(upstream.nonce), code: upstream.code }] as const;
    }),
  );
  const fetched = fork.takeFetched();
  if (cache && Object.keys(fetched.accounts).length > 0)
    await cache.saveState(point.hash, { snapshot: fetched, targets: new Set() }).catch(() => undefined);
  return Object.fromEntries(entries);
}

async function askUpstream(upstream: Upstream, options: ForkOptions): Promise<Learned> {
  const ask = (method: string, params: unknown[]) => upstream.request(method, params);
  const chainId = await fromUpstream(upstream, async () => chainIdFrom(await ask('eth_chainId', [])));
  const number =
    options.blockNumber ??
    (await fromUpstream(upstream, async () => parseRpcQuantity(await ask('eth_blockNumber', []), 'eth_blockNumber', 64)));
  const point = await fromUpstream(upstream, async () => {
    const block = await ask('eth_getBlockByNumber', [toQuantity(number), false]);
    if (block === null) throw new Error(`fork block #${number} not found upstream`);
    if (!isRecord(block)) throw new Error(`fork block #${number}: the upstream answered ${JSON.stringify(block)}, not a block`);
    return forkPoint(options.url, number, block);
  });
  const given = flagRules(chainId, options);
  if (given) return { chainId, point, rules: given, ownRules: false };
  const rules = await fromUpstream(upstream, () => upstreamRules(ask, chainId));
  return { chainId, point, rules, ownRules: true };
}

/** Keeps what the next start needs should the upstream be down then (a failed write only costs that). */
async function remember(store: UpstreamCache, cache: ForkCache, { chainId, point, rules, ownRules }: Learned): Promise<void> {
  // The upstream's config is its own text: the cache does not keep it if it echoes the URL's secrets.
  await Promise.all([
    store.saveStartRecord({ chainId, block: toQuantity(point.number) }),
    cache.saveFact(`header-${point.number}`, headerOf(point)),
    ownRules ? cache.saveFact('rules', rules) : undefined,
  ]).catch(() => undefined);
}

/** The upstream's own failure, and what the cache lacked to start without it. */
const offlineFailure = (down: UpstreamUnreachable, what: string) =>
  new Error(`${down.message}; the fork cache has no ${what} to start from offline`);

/** What an earlier start kept, or an error that says what is missing after the upstream's own. */
async function fromCache(
  store: UpstreamCache | undefined,
  options: ForkOptions,
  down: UpstreamUnreachable,
): Promise<Learned & { cache: ForkCache }> {
  if (!options.cache) throw down;
  const record = store && startRecordFrom(await store.readStartRecord());
  if (!store || !record) throw offlineFailure(down, 'start record of this upstream (its chain id and last fork block)');
  const { chainId } = record;
  const number = options.blockNumber ?? record.block;
  const cache = store.chain(chainId);
  const point = cachedPoint(options.url, number, await cache.fact(`header-${number}`));
  if (!point) throw offlineFailure(down, `header of block #${number} (chain id ${chainId})`);
  const given = flagRules(chainId, options);
  if (given) return { chainId, point, rules: given, ownRules: false, cache };
  const rules = cachedRules(await cache.fact('rules'), chainId);
  if (!rules) throw offlineFailure(down, `rules of chain id ${chainId}`);
  return { chainId, point, rules: { ...rules, source: `${rules.source}, as cached` }, ownRules: true, cache };
}

export async function startFork(upstream: Upstream, accounts: DevAccount[], options: ForkOptions): Promise<ForkStart> {
  const warn = (line: string) => process.stderr.write(line + '\n');
  const store = options.cache ? await openForkCache(options.cache.dir, options.url, { maxBytes: options.cache.maxBytes, warn }) : undefined;
  let learned: Learned;
  let cache: ForkCache | undefined;
  let offline: UpstreamUnreachable | undefined;
  try {
    learned = await askUpstream(upstream, options);
    cache = store?.chain(learned.chainId);
  } catch (error) {
    if (!(error instanceof UpstreamUnreachable)) throw error;
    offline = error;
    ({ cache, ...learned } = await fromCache(store, options, error));
  }
  const { point, rules } = learned;
  let funding: GenesisSpec['alloc'];
  try {
    funding = await fundOnFork(accounts, point, cache);
  } catch (error) {
    if (!offline || !(error instanceof UpstreamUnreachable)) throw error;
    throw offlineFailure(offline, `nonce and code of every dev account at block #${point.number}`);
  }
  if (offline) process.stderr.write(`fork: upstream unreachable (${offline.reason}); starting from the cached block #${point.number}\n`);
  else if (store && cache) await remember(store, cache, learned);
  process.stderr.write(`fork: the upstream's rules come from ${rules.source}\n`);
  return { genesis: devGenesis(rules.config, point.timestamp), point, funding, cache, offline: offline !== undefined };
}
