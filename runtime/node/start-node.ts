// Starts the dev node in this process: genesis (default, a geth genesis file, or a fork of an upstream
// chain), the dev chain, the JSON-RPC methods and the HTTP/WebSocket server.
import { availableParallelism } from 'node:os';
import { DevChain, type ForkPoint } from '../chain/dev-chain';
import { devAccounts } from '../chain/dev-accounts';
import { devGenesis, fundAccounts, parseGenesis, type GenesisSpec } from '../chain/genesis';
import { Upstream } from '../state/upstream';
import { runTraceJob } from '../trace/run';
import type { Methods } from './dispatch';
import type { NodeContext } from './methods/context';
import { debugMethods } from './methods/debug';
import { ethMethods } from './methods/eth';
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
}

export interface RunningDevNode extends RpcServer {
  chain: DevChain;
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
  if (upstream) ({ genesis, point } = await forkGenesis(upstream, options));
  else if (options.genesis) genesis = parseGenesis(options.genesis.json, options.genesis.source);
  else genesis = devGenesis({ chainId: options.chainId, hardfork: options.hardfork, timestamp: BigInt(Math.floor(Date.now() / 1000)) });
  genesis.alloc = fundAccounts(genesis.alloc, accounts);
  const chain = await DevChain.create(genesis, accounts, point);
  const context: NodeContext = { chain, upstream };
  const methods: Methods = { ...ethMethods(context), ...debugMethods(context, runTraceJob, Math.max(2, availableParallelism())) };
  const server = await startRpcServer({ host: options.host, port: options.port, methods, key: options.key, basic: options.basic, maxBodyBytes: options.maxBodyBytes });
  return { ...server, chain };
}
