// Fork mode: tracing a transaction or block of the upstream chain. The block and its transactions come from
// the upstream; the job runs on the upstream state at the parent block (read lazily in the worker) and
// replays the block's earlier transactions before the traced one.
import { createTxFromRPC } from '@ethereumjs/tx';
import { bytesToHex } from '@ethereumjs/util';
import type { TraceJob } from '../../evm/job';
import { serverError } from '../rpc-error';
import type { TraceOptions } from '../trace-config';
import type { NodeContext } from './context';
import { proxy } from './eth';

interface RpcBlock {
  number: string;
  hash: string;
  parentHash: string;
  timestamp: string;
  gasLimit: string;
  difficulty?: string;
  miner: string;
  baseFeePerGas?: string;
  excessBlobGas?: string;
  mixHash?: string;
  parentBeaconBlockRoot?: string;
  transactions: Array<Record<string, unknown> & { hash: string }>;
}

async function upstreamBlock(context: NodeContext, number: bigint): Promise<RpcBlock> {
  const block = (await proxy(context, 'eth_getBlockByNumber', ['0x' + number.toString(16), true])) as RpcBlock | null;
  if (!block) throw serverError(`block #${number} not found upstream`);
  if (number === 0n) throw serverError('genesis is not traceable');
  return block;
}

async function jobFor(context: NodeContext, block: RpcBlock, trace: (hashes: string[]) => number[], options: TraceOptions) {
  const { chain } = context;
  const number = BigInt(block.number);
  const common = chain.commonAt(number, BigInt(block.timestamp));
  const transactions = await Promise.all(
    block.transactions.map(async (tx) => ({ raw: bytesToHex((await createTxFromRPC(tx as never, { common })).serialize()) })),
  );
  const hashes = block.transactions.map((tx) => tx.hash);
  const job: TraceJob = {
    chainConfig: chain.genesis.config,
    preState: {},
    fork: { url: chain.fork!.url, blockNumber: '0x' + (number - 1n).toString(16) },
    block: {
      number: block.number,
      timestamp: block.timestamp,
      gasLimit: block.gasLimit,
      difficulty: block.difficulty,
      coinbase: block.miner,
      baseFeePerGas: block.baseFeePerGas,
      excessBlobGas: block.excessBlobGas,
      prevRandao: block.mixHash,
      hash: block.hash,
      parentHash: block.parentHash,
      parentBeaconBlockRoot: block.parentBeaconBlockRoot,
    },
    transactions,
    trace: trace(hashes),
    startOfBlock: true,
    tracer: options.tracer,
    tracerConfig: options.tracerConfig,
    timeoutMs: options.timeoutMs,
    blockHashes: { [(number - 1n).toString()]: block.parentHash },
  };
  return { job, hashes };
}

export async function upstreamTransactionJob(context: NodeContext, hash: string, options: TraceOptions): Promise<TraceJob> {
  const tx = (await proxy(context, 'eth_getTransactionByHash', [hash])) as { blockNumber?: string | null } | null;
  if (!tx) throw serverError('transaction not found');
  if (!tx.blockNumber) throw serverError('transaction is pending: only mined transactions can be traced');
  const block = await upstreamBlock(context, BigInt(tx.blockNumber));
  const { job } = await jobFor(context, block, (hashes) => [hashes.indexOf(hash)], options);
  if (job.trace[0] < 0) throw serverError(`transaction ${hash} is not in block ${block.hash} upstream`);
  return job;
}

export async function upstreamBlockJob(context: NodeContext, number: bigint, options: TraceOptions) {
  return jobFor(context, await upstreamBlock(context, number), (hashes) => hashes.map((_, index) => index), options);
}
