// Starts the dev node in this process: genesis (default, a geth genesis file, or a fork of an upstream
// chain), the dev chain, the JSON-RPC methods and the HTTP/WebSocket server.
import { availableParallelism } from 'node:os';
import { DevChain, type ForkPoint } from '../devchain/dev-chain';
import { devAccounts } from '../chain/dev-accounts';
import { chainConfigOf, devGenesis, fundAccounts, parseGenesis, type GenesisSpec } from '../chain/genesis';
import { chainConfigFor } from '../chain/hardforks';
import { knownChain, latestRules } from '../chain/rules/registry';
import type { GethChainConfig } from '../chain/rules/config-value';
import type { ForkCache } from '../state/fork-cache';
import { ForkSource } from '../state/fork-source';
import { Upstream, type Traffic } from '../state/upstream';
import { startUpstreamRelay } from '../state/upstream-relay';
import { runTraceJobInParts } from '../trace/run';
import { stopBusyWorkers } from '../trace/worker-pool';
import { devExecutor } from './dev-executor';
import { defaultGasCap } from './gas-cap';
import type { Methods } from './dispatch';
import type { NodeContext } from './methods/context';
import { debugMethods } from './methods/debug';
import { ethMethods } from './methods/eth';
import { evmtracerMethods } from './methods/evmtracer';
import { startFork } from './fork-start';
import { emptySeed, seedExamples, type SeedName } from './seed-examples';
import { startRpcServer, type RpcServer } from './server';
import { chainTarget, type Target } from '../evm/target';
import { targetTitles } from '../../core/client-targets';
import type { PaceLimits } from '../../core/rpc/request-pacer';

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
  /** The upstream, the block to fork at, and how many requests it may be sent a second and at once. */
  fork?: { url: string; blockNumber?: bigint; pace?: PaceLimits };
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
  /** --rpc-gas-cap: the most gas eth_call, eth_estimateGas and debug_traceCall give a call (0: no cap). */
  rpcGasCap?: bigint;
  /** --rpc-evm-timeout: how long eth_call and eth_estimateGas may run. */
  rpcEvmTimeoutMs?: number;
  /** --max-response-bytes: larger answers become JSON-RPC errors. */
  maxResponseBytes?: number;
  /** --max-connections-per-client: open connections one remote address may hold. */
  maxConnectionsPerClient?: number;
  /** `examples` deploys the example contracts and mines example transactions before the node listens. */
  seed?: SeedName;
  /** --target: whose tracers traces reproduce (default: chosen by the chain, target.ts's chainTarget). */
  target?: Target;
  /** --debug-traces: run debug runs (a trace config's `debug` carrying this secret), which open the inspector
   * in their worker; one that no debugger attaches to within `attachTimeoutMs` ends with an error. */
  debug?: { secret: string; attachTimeoutMs: number };
}

/** geth's HTTP WriteTimeout: geth never delivers a trace running longer over HTTP, so nothing is lost. */
export const defaultMaxTraceTimeoutMs = 30_000;
/** geth's default --rpc.evmtimeout. */
export const defaultEvmTimeoutMs = 5_000;
/** Room for the largest results a trace worker (512 MB heap) can build, while bounding what one client holds. */
export const defaultMaxResponseBytes = 100 * 1024 * 1024;

interface RunningDevNode extends RpcServer {
  chain: DevChain;
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

/** The node's target: --target, else the chain's (a fork's reachable upstream is asked what it is). A chosen
 * coreth is said on start-up, since results then differ from geth's. */
async function nodeTarget(options: NodeOptions, config: GethChainConfig, upstream: Upstream | undefined): Promise<Target> {
  if (options.target) return options.target;
  let chosen = chainTarget(config);
  if (chosen.target === 'geth' && upstream) {
    // One batch; an upstream that refuses either, or is down, says nothing.
    const [version, chainConfig] = await Promise.all(
      ['web3_clientVersion', 'eth_getChainConfig'].map((method) => upstream.request(method, []).catch(() => undefined)),
    );
    chosen = chainTarget(config, {
      clientVersion: typeof version === 'string' ? version : undefined,
      chainConfig: typeof chainConfig === 'object' && chainConfig !== null,
    });
  }
  if (chosen.target !== 'geth')
    process.stderr.write(`tracers: run as on ${targetTitles[chosen.target]}, for ${chosen.reason} (--target geth for geth's)\n`);
  return chosen.target;
}

export async function startDevNode(options: NodeOptions): Promise<RunningDevNode> {
  const accounts = devAccounts(options.accounts);
  if (options.fork?.pace) await startUpstreamRelay(options.fork.url, options.fork.pace);
  const upstream = options.fork ? new Upstream(options.fork.url) : undefined;
  let genesis: GenesisSpec;
  let fork: { point: ForkPoint; funding: GenesisSpec['alloc'] } | undefined;
  let cache: ForkCache | undefined;
  let offline = false;
  if (upstream) {
    const { forkCache, hardfork, chainConfig } = options;
    const started = await startFork(upstream, accounts, { ...options.fork!, hardfork, chainConfig, cache: forkCache });
    ({ genesis, cache, offline } = started);
    fork = started;
  } else {
    const now = BigInt(Math.floor(Date.now() / 1000));
    genesis = options.genesis ? parseGenesis(options.genesis.json, options.genesis.source) : devGenesis(devConfig(options, now), now);
    genesis.alloc = fundAccounts(genesis.alloc, accounts);
  }
  const forkSource = upstream && fork && new ForkSource(upstream, cache, fork.point.number);
  if (upstream) upstream.onTraffic = options.forkProgress;
  const chain = await DevChain.create(
    genesis,
    accounts,
    devExecutor(() => forkSource),
    fork,
  );
  const callLimits = { gasCap: options.rpcGasCap ?? defaultGasCap, timeoutMs: options.rpcEvmTimeoutMs ?? defaultEvmTimeoutMs };
  const seed = options.seed === 'examples' ? await seedExamples(chain, callLimits) : emptySeed;
  const target = await nodeTarget(options, chain.genesis.config, offline ? undefined : upstream);
  const context: NodeContext = { chain, upstream, seed, callLimits, forkSource, target };
  const limits = {
    concurrency: Math.max(2, availableParallelism()),
    maxTimeoutMs: options.maxTraceTimeoutMs ?? defaultMaxTraceTimeoutMs,
    maxResultBytes: options.maxResponseBytes ?? defaultMaxResponseBytes,
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
  // Work still running in trace workers must not keep a stopping node alive.
  return {
    ...server,
    chain,
    close: async () => {
      stopBusyWorkers();
      await server.close();
    },
  };
}
