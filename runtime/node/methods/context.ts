// What every method handler works on: the dev chain, and in fork mode the upstream it continues from.
import type { CallLimits, DevChain, StoredBlock } from '../../devchain/dev-chain';
import type { ForkSource } from '../../state/fork-source';
import type { Upstream } from '../../state/upstream';
import type { Target } from '../../evm/target';
import type { SeedInfo } from '../seed-examples';
import type { BlockRef } from '../params';
import { serverError } from '../rpc-error';

export interface NodeContext {
  chain: DevChain;
  /** Fork mode: blocks, transactions and state up to the fork point are read here. */
  upstream?: Upstream;
  /** Fork mode: the upstream with its caches and prefetching, for trace jobs and lasting answers. */
  forkSource?: ForkSource;
  /** What `--seed` put on the chain (the empty seed when nothing). */
  seed: SeedInfo;
  /** The gas cap and time-out of eth_call and eth_estimateGas (the gas cap of debug_traceCall too). */
  callLimits: CallLimits;
  /** Whose tracers traces reproduce unless a trace config names a `target` (--target, else chosen by the chain). */
  target: Target;
}

/** Where a block reference points: a block of the dev chain, or (fork mode) an upstream block number. */
export type ResolvedBlock = { local: StoredBlock } | { upstream: bigint };

export function resolveBlock(context: NodeContext, ref: BlockRef): ResolvedBlock {
  const { chain } = context;
  if ('tag' in ref) {
    if (ref.tag === 'earliest') return context.upstream ? { upstream: 0n } : { local: chain.blockByNumber(0n)! };
    return { local: chain.head };
  }
  if ('hash' in ref) {
    const local = chain.blockByHash(ref.hash);
    if (!local) throw serverError('header for hash not found');
    return { local };
  }
  if (context.upstream && ref.number < chain.firstNumber) return { upstream: ref.number };
  const local = chain.blockByNumber(ref.number);
  if (!local) throw serverError('header not found');
  return { local };
}
