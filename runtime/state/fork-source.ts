// The fork node's side of upstream state: before a trace job goes to its worker, the state its block already
// has (this process's memory, then the disk cache) and what a prefetch of its target brings are put in the
// job (job.fork.known); what the worker still had to read lazily comes back for the cache. Answers that never
// change (a mined transaction, a block by hash, an old block by number) are kept in the disk cache too, so a
// second trace of the same transaction or call makes no upstream request at all.
import type { StateSource } from './alloc';
import type { ForkCache, CachedState } from './fork-cache';
import { forkStateAt } from './fork-state';
import { prefetch, targetKey, type PrefetchTarget, type Refusals } from './prefetch';
import type { Upstream } from './upstream';
import { emptySnapshot, mergeSnapshot, type UpstreamSnapshot } from './upstream-snapshot';

/** Blocks this far below the fork point are taken as final: their number → block answer is cached. */
const finalDepth = 64n;
/** Block states held in memory (the disk cache holds the rest): the most recently used ones. */
const blocksInMemory = 32;

export class ForkSource {
  private readonly states = new Map<string, Promise<CachedState>>();
  private readonly refusals: Refusals = {};

  constructor(
    readonly upstream: Upstream,
    readonly cache: ForkCache | undefined,
    private readonly forkNumber: bigint,
  ) {}

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
    const state = await this.blockState(hash);
    const key = target && targetKey(target);
    if (target && key !== undefined && !state.targets.has(key)) {
      const found = await prefetch(this.upstream, job.fork.blockNumber, target, state.snapshot, this.refusals, signal);
      await this.keep(hash, found, key);
    }
    // This process reads the fork point's state too (eth_call, eth_getBalance): it gains what the traces found.
    forkStateAt(job.fork.url, job.fork.blockNumber).seed(state.snapshot);
    return { ...job, fork: { ...job.fork, known: state.snapshot } };
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

  /** `method(params)` from the disk cache, else from the upstream (and kept when it can never change). Only
   * fixed queries read the disk: every other forwarded call goes straight upstream. */
  async request(method: string, params: unknown[]): Promise<unknown> {
    const cache = this.cache && this.fixedQuery(method, params) ? this.cache : undefined;
    const cached = cache && (await cache.rpc(method, params));
    if (cached !== undefined && this.lasting(method, params, cached)) return cached;
    const result = await this.upstream.request(method, params);
    if (cache && this.lasting(method, params, result)) await cache.saveRpc(method, params, result).catch(() => undefined);
    return result;
  }
}
