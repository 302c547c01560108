// Starts the dev node in this process: genesis (default, a geth genesis file, or a fork of an upstream
// chain), the dev chain, the JSON-RPC methods and the HTTP/WebSocket server.
import { availableParallelism } from 'node:os';
import { DevChain, type ForkPoint } from '../devchain/dev-chain';
import { devAccountBalance, devAccounts, type DevAccount } from '../chain/dev-accounts';
import { forkStateAt } from '../state/fork-state';
import { chainConfigOf, devGenesis, fundAccounts, parseGenesis, type GenesisSpec } from '../chain/genesis';
import { chainConfigFor } from '../chain/hardforks';
import { knownChain, latestRules } from '../chain/rules/registry';
import { upstreamRules, type UpstreamRules } from '../chain/rules/upstream-rules';
import type { GethChainConfig } from '../chain/rules/config-value';
import { shownText } from '../../core/rpc/shown-text';
import { ForkCache } from '../state/fork-cache';
import { ForkSource } from '../state/fork-source';
import { Upstream, type Traffic } from '../state/upstream';
import { parseAddress, parseQuantity, parseWord } from '../chain/hex';
import { runTraceJobInParts } from '../trace/run';
import type { Methods } from './dispatch';
import type { NodeContext } from './methods/context';
import { debugMethods } from './methods/debug';
import { ethMethods } from './methods/eth';
import { evmtracerMethods } from './methods/evmtracer';
import { emptySeed, seedExamples, type SeedName } from './seed-examples';
import { startRpcServer, type RpcServer } from './server';

export interface NodeOptions {
  host: string;
  port: number;
  chainId: number;
  /** Ethereum rules up to this fork from genesis (a plain dev chain's default: prague); with `fork`, it
   * replaces the upstream's own rules. */
  hardfork?: string;
  /** A known chain by name or id (registry.ts): its id and its latest rules. */
  chain?: string;
  /** A geth genesis or chain config JSON (its rules): for a dev chain, or instead of the upstream's own. */
  chainConfig?: { json: unknown; source: string };
  accounts: number;
  key?: string;
  basic?: { username: string; password: string };
  /** A parsed geth genesis JSON object, and where it came from (for errors). */
  genesis?: { json: unknown; source: string };
  fork?: { url: string; blockNumber?: bigint };
  /** Fork mode's disk cache of upstream data (fork-cache.ts): its folder and bound, or null for none. */
  forkCache?: { dir: string; maxBytes?: number } | null;
  /** Fork mode: told after each round trip to the upstream (what was fetched so far), for progress displays. */
  forkProgress?: (traffic: Traffic) => void;
  maxBodyBytes?: number;
  /** Browser origins allowed to call the node (--cors) and extra Host names (--vhosts). */
  cors?: string[];
  vhosts?: string[];
  /** --max-trace-timeout: the longest `timeout` a trace may run with; longer ones are clamped. */
  maxTraceTimeoutMs?: number;
  /** --max-response-bytes: larger answers become JSON-RPC errors. */
  maxResponseBytes?: number;
  /** --max-connections-per-client: open connections one remote address may hold. */
  maxConnectionsPerClient?: number;
  /** `examples` deploys the example contracts and mines example transactions before the node listens. */
  seed?: SeedName;
  /** --debug-traces: run debug runs (a trace config's `debug` carrying this secret), which open the inspector
   * in their worker; one that no debugger attaches to within `attachTimeoutMs` ends with an error. */
  debug?: { secret: string; attachTimeoutMs: number };
}

/** geth's HTTP WriteTimeout: geth never delivers a trace running longer over HTTP, so nothing is lost. */
export const defaultMaxTraceTimeoutMs = 30_000;
/** Room for the largest results a trace worker (512 MB heap) can build, while bounding what one client holds. */
export const defaultMaxResponseBytes = 100 * 1024 * 1024;

interface RunningDevNode extends RpcServer {
  chain: DevChain;
}

/** Dev accounts in fork mode: funded, but keeping their upstream nonce and code. */
async function fundOnFork(accounts: DevAccount[], point: ForkPoint): Promise<GenesisSpec['alloc']> {
  const fork = forkStateAt(point.url, '0x' + point.number.toString(16));
  const entries = await Promise.all(
    accounts.map(async ({ address }) => {
      const upstream = await fork.account(address);
      return [address, { balance: '0x' + devAccountBalance.toString(16), nonce: Number(upstream.nonce), code: upstream.code }] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** Runs `work` on what the upstream answered: a failure may quote it, and it may echo the key in the URL. */
async function fromUpstream<T>(upstream: Upstream, work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new Error(shownText(error instanceof Error ? error.message : String(error), upstream.endpoint.mask, 600));
  }
}

/** The rules the upstream's blocks (and the local blocks after them) run by: a flag's, else the upstream's own. */
async function forkRules(upstream: Upstream, chainId: number, options: NodeOptions): Promise<UpstreamRules> {
  if (options.hardfork !== undefined)
    return { config: chainConfigFor(chainId, options.hardfork), source: `--hardfork ${options.hardfork}` };
  if (options.chainConfig) {
    const config = chainConfigOf(options.chainConfig.json, options.chainConfig.source);
    if (Number(config.chainId) !== chainId)
      throw new Error(`${options.chainConfig.source}: chain id ${config.chainId}, but the upstream's is ${chainId}`);
    return { config, source: options.chainConfig.source };
  }
  return fromUpstream(upstream, () => upstreamRules((method, params) => upstream.request(method, params), chainId));
}

/** The fork block's header as the upstream gave it, checked field by field. */
function forkPoint(url: string, number: bigint, block: Record<string, unknown>): ForkPoint {
  const at = (field: string) => `fork block #${number}: ${field}`;
  const optional = (field: string) =>
    block[field] === undefined || block[field] === null ? undefined : parseQuantity(block[field], at(field));
  const word = (field: string) => parseWord(block[field] ?? '0x0', at(field));
  return {
    url,
    number,
    hash: parseWord(block.hash, at('hash')),
    timestamp: parseQuantity(block.timestamp, at('timestamp')),
    gasLimit: parseQuantity(block.gasLimit, at('gasLimit')),
    baseFeePerGas: optional('baseFeePerGas'),
    coinbase: parseAddress(block.miner ?? '0x' + '00'.repeat(20), at('miner')),
    difficulty: optional('difficulty') ?? 0n,
    mixHash: word('mixHash'),
    parentHash: word('parentHash'),
    excessBlobGas: optional('excessBlobGas'),
    parentBeaconBlockRoot: block.parentBeaconBlockRoot === undefined ? undefined : word('parentBeaconBlockRoot'),
  };
}

async function forkGenesis(upstream: Upstream, options: NodeOptions): Promise<{ genesis: GenesisSpec; point: ForkPoint }> {
  const chainId = Number(BigInt((await upstream.request('eth_chainId', [])) as string));
  const number = options.fork!.blockNumber ?? BigInt((await upstream.request('eth_blockNumber', [])) as string);
  const block = (await upstream.request('eth_getBlockByNumber', ['0x' + number.toString(16), false])) as Record<string, unknown> | null;
  if (!block) throw new Error(`fork block #${number} not found upstream`);
  const point = await fromUpstream(upstream, () => forkPoint(options.fork!.url, number, block));
  const rules = await forkRules(upstream, chainId, options);
  process.stderr.write(`fork: the upstream's rules come from ${rules.source}\n`);
  return { genesis: devGenesis(rules.config, point.timestamp), point };
}

/** The rules of a fresh dev chain: a known chain's latest, a given config's as of now, or Ethereum's up to a fork. */
function devConfig(options: NodeOptions, now: bigint): GethChainConfig {
  if (options.chain !== undefined) {
    const known = knownChain(options.chain);
    if (!known) throw new Error(`unknown chain '${options.chain}'`);
    return latestRules(known.config, now);
  }
  if (options.chainConfig) return latestRules(chainConfigOf(options.chainConfig.json, options.chainConfig.source), now);
  return chainConfigFor(options.chainId, options.hardfork ?? 'prague');
}

export async function startDevNode(options: NodeOptions): Promise<RunningDevNode> {
  const accounts = devAccounts(options.accounts);
  const upstream = options.fork ? new Upstream(options.fork.url) : undefined;
  let genesis: GenesisSpec;
  let point: ForkPoint | undefined;
  if (upstream) {
    ({ genesis, point } = await forkGenesis(upstream, options));
    genesis.alloc = await fundOnFork(accounts, point);
  } else {
    const now = BigInt(Math.floor(Date.now() / 1000));
    genesis = options.genesis ? parseGenesis(options.genesis.json, options.genesis.source) : devGenesis(devConfig(options, now), now);
    genesis.alloc = fundAccounts(genesis.alloc, accounts);
  }
  const chain = await DevChain.create(genesis, accounts, point);
  const seed = options.seed === 'examples' ? await seedExamples(chain) : emptySeed;
  const context: NodeContext = { chain, upstream, seed };
  if (upstream && point) {
    upstream.onTraffic = options.forkProgress;
    const cache =
      options.forkCache &&
      new ForkCache(options.forkCache.dir, Number(genesis.config.chainId), upstream.endpoint.url, options.forkCache.maxBytes);
    context.forkSource = new ForkSource(upstream, cache ?? undefined, point.number);
  }
  const limits = {
    concurrency: Math.max(2, availableParallelism()),
    maxTimeoutMs: options.maxTraceTimeoutMs ?? defaultMaxTraceTimeoutMs,
    debug: options.debug && { ...options.debug, log: (line: string) => process.stderr.write(line + '\n') },
  };
  const methods: Methods = { ...ethMethods(context), ...debugMethods(context, runTraceJobInParts, limits), ...evmtracerMethods(context) };
  const server = await startRpcServer({
    host: options.host,
    port: options.port,
    methods,
    key: options.key,
    basic: options.basic,
    maxBodyBytes: options.maxBodyBytes,
    maxResponseBytes: options.maxResponseBytes ?? defaultMaxResponseBytes,
    maxConnectionsPerClient: options.maxConnectionsPerClient,
    cors: options.cors ?? [],
    vhosts: options.vhosts ?? [],
    log: (line) => process.stderr.write(line + '\n'),
  });
  return { ...server, chain };
}
