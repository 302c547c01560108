// The fork node's side of upstream state: before a trace job goes to its worker, the state its block already
// has (this process's memory, then the disk cache) and what a prefetch of its target brings are put in the
// job (job.fork.known); what the worker still had to read lazily comes back for the cache. Answers that never
// change (a mined transaction, a block by hash, an old block by number) are kept in the disk cache too, so a
// second trace of the same transaction or call makes no upstream request at all. Blocks asked in order are
// read ahead (block-read-ahead.ts) and their state prefetched before their traces are asked for.
import { isAddress, isHash, quantity } from '../../core/chain/shapes';
import type { StateSource } from './alloc';
import { BlockReadAhead } from './block-read-ahead';
import type { ForkCache, CachedState } from './fork-cache';
import { forkStateAt } from './fork-state';
import { prefetch, targetKey, type PrefetchTarget, type Refusals, type RpcTransaction } from './prefetch';
import type { Upstream } from './upstream';
import { emptySnapshot, mergeSnapshot, type UpstreamSnapshot } from './upstream-snapshot';

/** Blocks this far below the fork point are taken as final: their number → block answer is cached. */
const finalDepth = 64n;
/** Block states held in memory (the disk cache holds the rest): the most recently used ones. */
const blocksInMemory = 32;

export class ForkSource {
  private readonly states = new Map<string, Promise<CachedState>>();
  private readonly refusals: Refusals = {};
  /** Prefetches of blocks read ahead, by target key, while under way (they never reject). */
  private readonly warming = new Map<string, Promise<void>>();
  private readonly readAhead: BlockReadAhead;

  constructor(
    readonly upstream: Upstream,
    readonly cache: ForkCache | undefined,
    private readonly forkNumber: bigint,
  ) {
    this.readAhead = new BlockReadAhead(
      (method, params) => this.fetched(method, params),
      forkNumber,
      (block) => this.warm(block),
    );
  }

  private blockState(hash: string): Promise<CachedState> {
    let state = this.states.get(hash);
    if (state) this.states.delete(hash);
    state ??= this.cache ? this.cache.state(hash) : Promise.resolve({ snapshot: emptySnapshot(), targets: new Set<string>() });
    // Map order is use order: the first is the least recently used.
    this.states.set(hash, state);
    if (this.states.size > blocksInMemory) this.states.delete(this.states.keys().next().value!);
    return state;
  }

  /** Adds upstream values of block `hash` (a prefetch's, a worker's lazy reads) to memory and the disk cache. */
  async keep(hash: string, snapshot: UpstreamSnapshot, target?: string): Promise<void> {
    const state = await this.blockState(hash);
    const { added } = mergeSnapshot(state.snapshot, snapshot);
    const newTarget = target !== undefined && !state.targets.has(target);
    if (target !== undefined) state.targets.add(target);
    if ((added > 0 || newTarget) && this.cache)
      await this.cache.saveState(hash, { snapshot, targets: new Set(target === undefined ? [] : [target]) }).catch(() => undefined);
  }

  /**
   * `job` with what is known of its upstream state, after prefetching `target` unless that was done before
   * (here or, through the disk cache, in another process). Aborting `signal` stops the fetching.
   */
  async prepare<J extends StateSource>(job: J, target: PrefetchTarget | undefined, signal?: AbortSignal): Promise<J> {
    const hash = job.fork?.blockHash;
    if (!job.fork || hash === undefined) return job;
    const key = target && targetKey(target);
    if (key !== undefined) await this.warming.get(key);
    const state = await this.blockState(hash);
    if (target && key !== undefined && !state.targets.has(key)) {
      const found = await prefetch(this.upstream, job.fork.blockNumber, target, state.snapshot, this.refusals, signal);
      await this.keep(hash, found, key);
    }
    // This process reads the fork point's state too (eth_call, eth_getBalance): it gains what the traces found.
    forkStateAt(job.fork.url, job.fork.blockNumber).seed(state.snapshot);
    return { ...job, fork: { ...job.fork, known: state.snapshot } };
  }

  /** Prefetches the state a block read ahead will be traced on (the state at its parent), as `prepare` would:
   * a failure here is left for the trace's own prefetch to meet. Blocks without transactions need none. */
  private warm(block: Record<string, unknown>): void {
    const number = quantity(block.number);
    const timestamp = quantity(block.timestamp);
    const transactions = block.transactions as RpcTransaction[];
    const coinbase = block.miner ?? `0x${'00'.repeat(20)}`;
    if (!number || timestamp === undefined || !isHash(block.parentHash) || !isAddress(coinbase) || transactions.length === 0) return;
    const target: PrefetchTarget = { kind: 'block', hash: String(block.hash), number, timestamp, coinbase, transactions };
    const key = targetKey(target);
    const parentHash = block.parentHash;
    const warming = (async () => {
      const state = await this.blockState(parentHash);
      if (state.targets.has(key)) return;
      const found = await prefetch(this.upstream, `0x${(number - 1n).toString(16)}`, target, state.snapshot, this.refusals);
      await this.keep(parentHash, found, key);
    })()
      .catch(() => undefined)
      .finally(() => this.warming.delete(key));
    this.warming.set(key, warming);
  }

  /** Whether `method(params)` asks for something fixed once mined: a transaction, a block by hash, a final block. */
  private fixedQuery(method: string, params: unknown[]): boolean {
    if (method === 'eth_getTransactionByHash' || method === 'eth_getBlockByHash') return true;
    if (method !== 'eth_getBlockByNumber' || typeof params[0] !== 'string' || !/^0x[0-9a-f]+$/i.test(params[0])) return false;
    return BigInt(params[0]) + finalDepth <= this.forkNumber;
  }

  /** Whether the answer to `method(params)` can never change, so that the disk cache may keep it. */
  private lasting(method: string, params: unknown[], result: unknown): boolean {
    if (result === null || typeof result !== 'object' || !this.fixedQuery(method, params)) return false;
    // A pending transaction (no block yet) is still to be mined.
    return method !== 'eth_getTransactionByHash' || typeof (result as { blockHash?: unknown }).blockHash === 'string';
  }

  /** `method(params)` from blocks read ahead, the disk cache, else from the upstream (and kept when it can never
   * change). Only fixed queries read the disk: every other forwarded call goes straight upstream. */
  request(method: string, params: unknown[]): Promise<unknown> {
    return this.readAhead.answer(method, params) ?? this.fetched(method, params);
  }

  private async fetched(method: string, params: unknown[]): Promise<unknown> {
    const cache = this.cache && this.fixedQuery(method, params) ? this.cache : undefined;
    const cached = cache && (await cache.rpc(method, params));
    if (cached !== undefined && this.lasting(method, params, cached)) return cached;
    const result = await this.upstream.request(method, params);
    if (cache && this.lasting(method, params, result)) await cache.saveRpc(method, params, result).catch(() => undefined);
    return result;
  }
}
