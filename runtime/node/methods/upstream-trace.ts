// Fork mode: tracing a transaction or block of the upstream chain. The block and its transactions come from
// the upstream; the job runs on the upstream state at the parent block (prefetched for the block's
// transactions up to the last traced one, the rest read lazily in the worker) and replays the block's
// earlier transactions before the traced one.
import { createTxFromRPC } from '@ethereumjs/tx';
import { bytesToHex } from '@ethereumjs/util';
import type { PrefetchTarget, RpcTransaction } from '../../state/prefetch';
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

/** An upstream block with its transactions, by number or (a mined transaction's) hash. */
async function upstreamBlock(context: NodeContext, at: { number: bigint } | { hash: string }): Promise<RpcBlock> {
  const block = (
    'hash' in at
      ? await proxy(context, 'eth_getBlockByHash', [at.hash, true])
      : await proxy(context, 'eth_getBlockByNumber', ['0x' + at.number.toString(16), true])
  ) as RpcBlock | null;
  if (!block) throw serverError(`block ${'hash' in at ? at.hash : `#${at.number}`} not found upstream`);
  if (BigInt(block.number) === 0n) throw serverError('genesis is not traceable');
  return block;
}

/** What a prefetch fetches for: the block's transactions up to the last traced one. */
function blockTarget(block: RpcBlock, trace: number[]): PrefetchTarget {
  const last = Math.max(0, ...trace);
  return {
    kind: 'block',
    hash: block.hash,
    number: BigInt(block.number),
    timestamp: BigInt(block.timestamp),
    coinbase: block.miner,
    transactions: block.transactions.slice(0, last + 1) as RpcTransaction[],
  };
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
    fork: { url: chain.fork!.url, blockNumber: '0x' + (number - 1n).toString(16), blockHash: block.parentHash.toLowerCase() },
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
  return { job, hashes, target: blockTarget(block, job.trace) };
}

export async function upstreamTransactionJob(
  context: NodeContext,
  hash: string,
  options: TraceOptions,
): Promise<{ job: TraceJob; target: PrefetchTarget }> {
  const tx = (await proxy(context, 'eth_getTransactionByHash', [hash])) as { blockHash?: string | null } | null;
  if (!tx) throw serverError('transaction not found');
  if (!tx.blockHash) throw serverError('transaction is pending: only mined transactions can be traced');
  const block = await upstreamBlock(context, { hash: tx.blockHash });
  const { job, target } = await jobFor(context, block, (hashes) => [hashes.indexOf(hash)], options);
  if (job.trace[0] < 0) throw serverError(`transaction ${hash} is not in block ${block.hash} upstream`);
  return { job, target };
}

export async function upstreamBlockJob(context: NodeContext, number: bigint, options: TraceOptions) {
  return jobFor(context, await upstreamBlock(context, { number }), (hashes) => hashes.map((_, index) => index), options);
}
