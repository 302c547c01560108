// Fork mode: tracing a transaction or block of the upstream chain. The block and its transactions come from
// the upstream; the job runs on the upstream state at the parent block (prefetched for the block's
// transactions up to the last traced one, the rest read lazily in the worker) and replays the block's
// earlier transactions before the traced one. The block is checked before a job is made of it: what is wrong
// in it is the upstream's fault, said so, any text of it masked and shortened (a hostile upstream may echo
// the key from its URL).
import { createTxFromRPC } from '@ethereumjs/tx';
import { bytesToHex } from '@ethereumjs/util';
import type { PrefetchTarget, RpcTransaction } from '../../state/prefetch';
import type { TraceJob } from '../../evm/job';
import { toQuantity } from '../../chain/hex';
import { rpcHeader, type RpcHeader } from '../../chain/rpc-header';
import { isHash, isRecord } from '../../../core/chain/shapes';
import { serverError } from '../rpc-error';
import type { TraceOptions } from '../trace-config';
import type { NodeContext } from './context';
import { proxy } from './eth';

/** An upstream block with its transactions, its header checked. */
interface UpstreamBlock {
  header: RpcHeader & { parentHash: string; miner: string };
  transactions: Array<Record<string, unknown> & { hash: string }>;
}

/** `work` on the upstream's answers; its failure is the upstream's (Upstream.blame), as a -32000 error. */
async function checked<T>(context: NodeContext, work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw serverError(context.upstream!.blame(error).message);
  }
}

/** An upstream block with its transactions, by number or (a mined transaction's) hash: that block, well-formed. */
async function upstreamBlock(context: NodeContext, at: { number: bigint } | { hash: string }): Promise<UpstreamBlock> {
  const name = 'hash' in at ? at.hash : `#${at.number}`;
  const block =
    'hash' in at
      ? await proxy(context, 'eth_getBlockByHash', [at.hash, true])
      : await proxy(context, 'eth_getBlockByNumber', [toQuantity(at.number), true]);
  if (block === null) throw serverError(`block ${name} not found upstream`);
  const checkedBlock = await checked(context, () => {
    if (!isRecord(block) || !Array.isArray(block.transactions) || !block.transactions.every((tx) => isRecord(tx) && isHash(tx.hash)))
      throw new Error(`block ${name}: the answer is not a block with its transactions (each with its hash)`);
    const header = rpcHeader(block, `block ${name}`);
    if ('hash' in at ? header.hash !== at.hash.toLowerCase() : header.number !== at.number)
      throw new Error(`block ${name}: the upstream answered block ${'hash' in at ? header.hash : `#${header.number}`} instead`);
    if (header.parentHash === undefined) throw new Error(`block ${name}: no parentHash`);
    const miner = header.miner ?? '0x' + '00'.repeat(20);
    return {
      header: { ...header, parentHash: header.parentHash, miner },
      transactions: block.transactions as UpstreamBlock['transactions'],
    };
  });
  if (checkedBlock.header.number === 0n) throw serverError('genesis is not traceable');
  return checkedBlock;
}

/** What a prefetch fetches for: the block's transactions up to the last traced one. */
function blockTarget({ header, transactions }: UpstreamBlock, trace: number[]): PrefetchTarget {
  const last = Math.max(0, ...trace);
  return {
    kind: 'block',
    hash: header.hash,
    number: header.number,
    timestamp: header.timestamp,
    coinbase: header.miner,
    transactions: transactions.slice(0, last + 1) as RpcTransaction[],
  };
}

async function jobFor(context: NodeContext, block: UpstreamBlock, trace: (hashes: string[]) => number[], options: TraceOptions) {
  const { chain } = context;
  const { header } = block;
  const common = chain.commonAt(header.number, header.timestamp);
  const transactions = await checked(context, () =>
    Promise.all(block.transactions.map(async (tx) => ({ raw: bytesToHex((await createTxFromRPC(tx as never, { common })).serialize()) }))),
  );
  const hashes = block.transactions.map((tx) => tx.hash);
  const optional = (value: bigint | undefined) => (value === undefined ? undefined : toQuantity(value));
  const parent = header.number - 1n;
  const job: TraceJob = {
    chainConfig: chain.genesis.config,
    preState: {},
    fork: { url: chain.fork!.url, blockNumber: toQuantity(parent), blockHash: header.parentHash },
    block: {
      number: toQuantity(header.number),
      timestamp: toQuantity(header.timestamp),
      gasLimit: toQuantity(header.gasLimit),
      difficulty: optional(header.difficulty),
      coinbase: header.miner,
      baseFeePerGas: optional(header.baseFeePerGas),
      excessBlobGas: optional(header.excessBlobGas),
      prevRandao: header.mixHash,
      hash: header.hash,
      parentHash: header.parentHash,
      parentBeaconBlockRoot: header.parentBeaconBlockRoot,
    },
    transactions,
    trace: trace(hashes),
    startOfBlock: true,
    tracer: options.tracer,
    tracerConfig: options.tracerConfig,
    timeoutMs: options.timeoutMs,
    blockHashes: { [parent.toString()]: header.parentHash },
  };
  return { job, hashes, target: blockTarget(block, job.trace) };
}

export async function upstreamTransactionJob(
  context: NodeContext,
  hash: string,
  options: TraceOptions,
): Promise<{ job: TraceJob; target: PrefetchTarget }> {
  const tx = await proxy(context, 'eth_getTransactionByHash', [hash]);
  if (tx === null) throw serverError('transaction not found');
  const blockHash = isRecord(tx) ? tx.blockHash : undefined;
  if (blockHash === null) throw serverError('transaction is pending: only mined transactions can be traced');
  if (!isHash(blockHash)) throw serverError(context.upstream!.blame(`transaction ${hash}: the answer names no block hash`).message);
  const block = await upstreamBlock(context, { hash: blockHash });
  const { job, target } = await jobFor(context, block, (hashes) => [hashes.indexOf(hash)], options);
  if (job.trace[0] < 0) throw serverError(`transaction ${hash} is not in block ${block.header.hash} upstream`);
  return { job, target };
}

export async function upstreamBlockJob(context: NodeContext, at: { number: bigint } | { hash: string }, options: TraceOptions) {
  return jobFor(context, await upstreamBlock(context, at), (hashes) => hashes.map((_, index) => index), options);
}
