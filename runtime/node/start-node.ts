// Starts the dev node in this process: genesis (default, a geth genesis file, or a fork of an upstream
// chain), the dev chain, the JSON-RPC methods and the HTTP/WebSocket server.
import { availableParallelism } from 'node:os';
import { DevChain, type ForkPoint } from '../chain/dev-chain';
import { devAccountBalance, devAccounts, type DevAccount } from '../chain/dev-accounts';
import { forkStateAt } from '../state/fork-state';
import { devGenesis, fundAccounts, parseGenesis, type GenesisSpec } from '../chain/genesis';
import { Upstream } from '../state/upstream';
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
  hardfork: string;
  accounts: number;
  key?: string;
  basic?: { username: string; password: string };
  /** A parsed geth genesis JSON object, and where it came from (for errors). */
  genesis?: { json: unknown; source: string };
  fork?: { url: string; blockNumber?: bigint };
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

export interface RunningDevNode extends RpcServer {
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

async function forkGenesis(upstream: Upstream, options: NodeOptions): Promise<{ genesis: GenesisSpec; point: ForkPoint }> {
  const chainId = Number(BigInt((await upstream.request('eth_chainId', [])) as string));
  const number = options.fork!.blockNumber ?? BigInt((await upstream.request('eth_blockNumber', [])) as string);
  const block = (await upstream.request('eth_getBlockByNumber', ['0x' + number.toString(16), false])) as Record<string, string> | null;
  if (!block) throw new Error(`fork block #${number} not found upstream`);
  const genesis = devGenesis({ chainId, hardfork: options.hardfork, timestamp: BigInt(block.timestamp) });
  const point: ForkPoint = {
    url: options.fork!.url,
    number,
    hash: block.hash,
    timestamp: BigInt(block.timestamp),
    gasLimit: BigInt(block.gasLimit),
    baseFeePerGas: block.baseFeePerGas === undefined ? undefined : BigInt(block.baseFeePerGas),
  };
  return { genesis, point };
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
    genesis = options.genesis
      ? parseGenesis(options.genesis.json, options.genesis.source)
      : devGenesis({ chainId: options.chainId, hardfork: options.hardfork, timestamp: BigInt(Math.floor(Date.now() / 1000)) });
    genesis.alloc = fundAccounts(genesis.alloc, accounts);
  }
  const chain = await DevChain.create(genesis, accounts, point);
  const seed = options.seed === 'examples' ? await seedExamples(chain) : emptySeed;
  const context: NodeContext = { chain, upstream, seed };
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
