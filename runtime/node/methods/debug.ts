// debug_traceCall, debug_traceTransaction, debug_traceBlockByNumber/ByHash: each builds a TraceJob (state
// before the block, the block's transactions, which to trace) and runs it in the trace worker. The tracer's
// result is already geth-serialised JSON text and is spliced into the response as is.
import { bytesToHex } from '@ethereumjs/util';
import type { StoredBlock } from '../../chain/dev-chain';
import type { TraceJob, TraceOutcome } from '../../trace/job';
import type { Methods } from '../dispatch';
import { limiter } from '../limiter';
import * as p from '../params';
import { RawJson } from '../raw-json';
import { serverError } from '../rpc-error';
import { traceOptions, type TraceOptions } from '../trace-config';
import { resolveBlock, type NodeContext } from './context';
import { stateOverrides } from './state-overrides';
import { upstreamBlockJob, upstreamTransactionJob } from './upstream-trace';

export type RunTrace = (job: TraceJob) => Promise<TraceOutcome[]>;

/** A transaction's trace as geth answers debug_traceTransaction. */
function single(outcome: TraceOutcome): RawJson {
  if ('error' in outcome) throw serverError(outcome.error);
  return new RawJson(outcome.json);
}

/** debug_traceBlock*: one element per transaction, errors inline. */
function perTransaction(outcomes: TraceOutcome[], hashes: string[]): object[] {
  return outcomes.map((outcome, index) =>
    'error' in outcome ? { txHash: hashes[index], error: outcome.error } : { txHash: hashes[index], result: new RawJson(outcome.json) },
  );
}

export function debugMethods(context: NodeContext, runTrace: RunTrace, concurrency: number): Methods {
  const { chain } = context;
  const limited = limiter(concurrency);
  const run = (job: TraceJob) => limited(() => runTrace(job));

  /** The job re-executing local block `stored` (state after its parent), tracing `trace`. */
  const blockJob = (stored: StoredBlock, trace: number[], options: TraceOptions): TraceJob => {
    const parent = chain.blockByNumber(stored.number - 1n)!;
    return {
      chainConfig: chain.genesis.config,
      ...chain.stateAfter(parent),
      block: chain.traceBlock(stored),
      transactions: stored.block!.transactions.map((tx) => ({ raw: bytesToHex(tx.serialize()) })),
      trace,
      tracer: options.tracer,
      tracerConfig: options.tracerConfig,
      timeoutMs: options.timeoutMs,
      blockHashes: chain.blockHashesBefore(stored.number),
    };
  };

  const traceUpstreamBlock = async (number: bigint, options: TraceOptions) => {
    const { job, hashes } = await upstreamBlockJob(context, number, options);
    return perTransaction(await run(job), hashes);
  };

  const traceBlock = async (stored: StoredBlock, options: TraceOptions) => {
    if (!stored.block) return traceUpstreamBlock(stored.number, options);
    if (stored.number === 0n) throw serverError('genesis is not traceable');
    const hashes = stored.block.transactions.map((tx) => bytesToHex(tx.hash()));
    if (hashes.length === 0) return [];
    return perTransaction(await run(blockJob(stored, hashes.map((_, i) => i), options)), hashes);
  };

  return {
    debug_traceTransaction: async (params) => {
      p.requireCount(params, 1, 2);
      const hash = p.hash(params[0], 0);
      const options = traceOptions(params[1], 1);
      const found = chain.transaction(hash);
      if (found) return single((await run(blockJob(found.block, [found.index], options)))[0]);
      if (!context.upstream) throw serverError('transaction not found');
      return single((await run(await upstreamTransactionJob(context, hash, options)))[0]);
    },
    debug_traceBlockByNumber: async (params) => {
      p.requireCount(params, 1, 2);
      const ref = p.blockRef(params[0], 0);
      const options = traceOptions(params[1], 1);
      if ('tag' in ref && ref.tag === 'pending') throw serverError('tracing on top of pending is not supported');
      if ('number' in ref && !context.upstream && !chain.blockByNumber(ref.number)) throw serverError(`block #${ref.number} not found`);
      const where = resolveBlock(context, ref);
      return 'upstream' in where ? traceUpstreamBlock(where.upstream, options) : traceBlock(where.local, options);
    },
    debug_traceBlockByHash: async (params) => {
      p.requireCount(params, 1, 2);
      const hash = p.hash(params[0], 0);
      const options = traceOptions(params[1], 1);
      const stored = chain.blockByHash(hash);
      if (stored) return traceBlock(stored, options);
      if (!context.upstream) throw serverError(`block ${hash} not found`);
      const header = (await context.upstream.request('eth_getBlockByHash', [hash, false]).catch(() => null)) as { number?: string } | null;
      if (!header?.number) throw serverError(`block ${hash} not found`);
      return traceUpstreamBlock(BigInt(header.number), options);
    },
    debug_traceCall: async (params) => {
      p.requireCount(params, 2, 3);
      const call = p.callObject(params[0], 0);
      const ref = p.blockRef(params[1], 1);
      const options = traceOptions(params[2], 2);
      if ('tag' in ref && ref.tag === 'pending') throw serverError('tracing on top of pending is not supported');
      const where = resolveBlock(context, ref);
      if ('upstream' in where) throw serverError('debug_traceCall on blocks before the fork point is not supported: use the fork block or later');
      const stored = where.local;
      const source = chain.stateAfter(stored);
      const overrides = options.stateOverrides === undefined ? undefined : stateOverrides(options.stateOverrides, 2, source.preState);
      // No hash: geth's ctx for traceCall has no blockHash. The worker lowers the base fee for fee-less calls.
      const { hash: _hash, ...block } = chain.traceBlock(stored);
      return single(
        (
          await run({
            chainConfig: chain.genesis.config,
            preState: { ...source.preState, ...overrides },
            fork: source.fork,
            block,
            transactions: [{ call }],
            trace: [0],
            tracer: options.tracer,
            tracerConfig: options.tracerConfig,
            timeoutMs: options.timeoutMs,
            blockHashes: chain.blockHashesBefore(stored.number),
          })
        )[0],
      );
    },
  };
}
