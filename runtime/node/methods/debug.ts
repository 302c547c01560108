// debug_traceCall, debug_traceTransaction, debug_traceBlockByNumber/ByHash: each builds a TraceJob (state
// before the block, the block's transactions, which to trace) and runs it in the trace worker. The tracer's
// result is already geth-serialised JSON text and is spliced into the response as is. Traces share the trace
// slots fairly between clients (limiter.ts), and a trace whose client went away is cancelled (its worker killed).
// debug_traceCall runs on the state after its block, or with `txIndex` inside it; its block and state
// overrides reach the call only.
import { bytesToHex } from '@ethereumjs/util';
import type { StoredBlock } from '../../devchain/dev-chain';
import type { PrefetchTarget } from '../../state/prefetch';
import type { TraceBlock, TraceJob, WorkerOutcome } from '../../evm/job';
import { cancelledText, type RunOptions } from '../../trace/run';
import type { Methods, RequestContext } from '../dispatch';
import { debugRunAllowed } from '../debug-run';
import { CancelledWhileWaiting, fairLimiter } from '../limiter';
import * as p from '../params';
import { RawJson } from '../raw-json';
import { handlerCrashed, handlerCrashedText, responseTooLarge, RpcError, serverError } from '../rpc-error';
import { traceCallOptions as parseTraceCallOptions, traceOptions as parseTraceOptions, type TraceOptions } from '../trace-config';
import { resolveBlock, type NodeContext, type ResolvedBlock } from './context';
import { checkNumberOverride, nextBlockHash, overriddenBlock } from '../block-overrides';
import { traitsOf } from '../../evm/target';
import { forkTrace } from './fork-trace';
import { cappedCall } from '../gas-cap';
import { upstreamBlockJob, upstreamTransactionJob } from './upstream-trace';

type RunTrace = (job: TraceJob, options: RunOptions & { signal: AbortSignal }) => Promise<WorkerOutcome[]>;

interface TraceLimits {
  /** Traces running at once (each in its own worker process). */
  concurrency: number;
  /** --max-trace-timeout: a longer `timeout` is clamped to it. */
  maxTimeoutMs: number;
  /** --max-response-bytes: a struct log is stopped once it grows past it. */
  maxResultBytes: number;
  /** --debug-traces: the node runs debug runs (trace config `debug`) that carry `secret`, printing each
   * inspector's URL with `log`; a run no debugger attaches to within `attachTimeoutMs` ends with an error. */
  debug?: { secret: string; attachTimeoutMs: number; log(line: string): void };
}

/** A transaction's trace as geth answers debug_traceTransaction: a tracer that panics there (erc7562Tracer's
 * missing stack items, coreth's nil pointers) crashes the method, whose answer is the RPC server's. */
function single(outcome: WorkerOutcome): RawJson {
  if ('error' in outcome) {
    if (outcome.error === handlerCrashedText) throw handlerCrashed();
    throw outcome.tooLarge ? new RpcError(responseTooLarge, outcome.error) : serverError(outcome.error);
  }
  return new RawJson('jsonParts' in outcome ? outcome.jsonParts : outcome.json);
}

/** debug_traceBlock*: one element per transaction, errors inline. */
function perTransaction(outcomes: WorkerOutcome[], hashes: string[]): object[] {
  return outcomes.map((outcome, index) =>
    'error' in outcome ? { txHash: hashes[index], error: outcome.error } : { txHash: hashes[index], result: single(outcome) },
  );
}

export function debugMethods(context: NodeContext, runTrace: RunTrace, limits: TraceLimits): Methods {
  const { chain } = context;
  const limited = fairLimiter(limits.concurrency);
  // Debug runs hold their worker while a person steps through the tracer: they get one slot of their own,
  // shared by all, so they never take the slots of plain traces.
  const debugSlot = fairLimiter(1);
  const traceOptions = (value: unknown, index: number) => parseTraceOptions(value, index, limits.maxTimeoutMs);
  const traceCallOptions = (value: unknown, index: number) => parseTraceCallOptions(value, index, limits.maxTimeoutMs, context.target);
  /** Runs once a slot is free and the node's unsent answers are within bounds, so big results do not pile up.
   * In fork mode the job first gets the upstream state known or prefetched for `target` (forkTrace). */
  const run = async (job: TraceJob, request: RequestContext, { debug, target: client }: TraceOptions, target?: PrefetchTarget) => {
    const debugging = limits.debug;
    if (debug && !debugging)
      throw serverError(
        'this node does not run debug traces: start it with --debug-traces (the CLI and the extension do for their own local node)',
      );
    if (debug && !debugRunAllowed(debug, debugging!.secret))
      throw serverError('debug run refused: its "secret" is not the one of the program that started this node');
    const inspect: RunOptions['inspect'] = debug && {
      ...debug.inspect,
      attachTimeoutMs: debugging!.attachTimeoutMs,
      onListening: (url, warning) => {
        if (warning) debugging!.log(warning);
        debugging!.log(`Debugger listening on ${url}`);
      },
    };
    try {
      return await (debug ? debugSlot : limited)(request.client, request.signal, async () => {
        await request.drained();
        const traced: TraceJob = {
          ...job,
          target: client ?? context.target,
          maxResultBytes: limits.maxResultBytes,
          ...(debug ? { tracerUrl: debug.tracerUrl } : {}),
        };
        return forkTrace(context, traced, target, request.signal, (ready, onFetched) =>
          runTrace(ready, { signal: request.signal, inspect, onFetched }),
        );
      });
    } catch (error) {
      throw error instanceof CancelledWhileWaiting ? serverError(cancelledText) : error;
    }
  };

  /** The job re-executing local block `stored` (on the state it started from), tracing `trace`. */
  const blockJob = (stored: StoredBlock, trace: number[], options: TraceOptions): TraceJob => {
    return {
      chainConfig: chain.genesis.config,
      ...chain.stateBefore(stored),
      block: chain.traceBlock(stored),
      transactions: stored.block!.transactions.map((tx) => ({ raw: bytesToHex(tx.serialize()) })),
      trace,
      startOfBlock: true,
      tracer: options.tracer,
      tracerConfig: options.tracerConfig,
      timeoutMs: options.timeoutMs,
      blockHashes: chain.blockHashesBefore(stored.number),
    };
  };

  const traceUpstreamBlock = async (at: { number: bigint } | { hash: string }, options: TraceOptions, request: RequestContext) => {
    const { job, hashes, target } = await upstreamBlockJob(context, at, options);
    return perTransaction(await run(job, request, options, target), hashes);
  };

  const traceBlock = async (stored: StoredBlock, options: TraceOptions, request: RequestContext) => {
    if (!stored.block) return traceUpstreamBlock({ number: stored.number }, options, request);
    if (stored.number === 0n) throw serverError('genesis is not traceable');
    const hashes = stored.block.transactions.map((tx) => bytesToHex(tx.hash()));
    if (hashes.length === 0) return [];
    return perTransaction(
      await run(
        blockJob(
          stored,
          hashes.map((_, i) => i),
          options,
        ),
        request,
        options,
      ),
      hashes,
    );
  };

  /** traceCall without txIndex: the state after the block, nothing replayed. */
  const onBlockJob = (where: ResolvedBlock, options: TraceOptions): TraceJob => {
    if ('upstream' in where)
      throw serverError('debug_traceCall on blocks before the fork point is not supported: use the fork block or later');
    const stored = where.local;
    return {
      chainConfig: chain.genesis.config,
      ...chain.stateAfter(stored),
      block: chain.traceBlock(stored),
      transactions: [],
      trace: [],
      tracer: options.tracer,
      tracerConfig: options.tracerConfig,
      timeoutMs: options.timeoutMs,
      blockHashes: chain.blockHashesBefore(stored.number),
    };
  };

  /** traceCall with txIndex: the block re-executed from its parent's state up to transaction `txIndex` (geth's
   * StateAtTransaction, its texts included; an empty block's index 0 is the state after its system calls). */
  const insideBlockJob = async (
    where: ResolvedBlock,
    txIndex: bigint,
    options: TraceOptions,
  ): Promise<{ job: TraceJob; target?: PrefetchTarget }> => {
    // The fork point is a local block whose transactions only the upstream has.
    const local = 'local' in where && where.local.block ? where.local : undefined;
    const number = 'upstream' in where ? where.upstream : where.local.number;
    if (number === 0n) throw serverError('no transaction in genesis');
    const { job, target } = local
      ? { job: blockJob(local, [], options), target: undefined }
      : await upstreamBlockJob(context, { number }, options);
    const count = BigInt(job.transactions.length);
    if (!(txIndex >= 0n && txIndex < count) && !(txIndex === 0n && count === 0n)) {
      throw serverError(`transaction index ${txIndex} out of range for block ${job.block.hash}`);
    }
    return { job: { ...job, transactions: job.transactions.slice(0, Number(txIndex)) }, target };
  };

  return {
    // The rules this node runs by, as geth answers (fork mode: the upstream's, as found at start).
    debug_chainConfig: async (params) => {
      p.requireCount(params, 0, 0);
      return chain.genesis.config;
    },
    debug_traceTransaction: async (params, request) => {
      p.requireCount(params, 1, 2);
      const hash = p.hash(params[0], 0);
      const options = traceOptions(params[1], 1);
      const found = chain.transaction(hash);
      if (found) return single((await run(blockJob(found.block, [found.index], options), request, options))[0]);
      if (!context.upstream) throw serverError('transaction not found');
      const upstream = await upstreamTransactionJob(context, hash, options);
      return single((await run(upstream.job, request, options, upstream.target))[0]);
    },
    debug_traceBlockByNumber: async (params, request) => {
      p.requireCount(params, 1, 2);
      const ref = p.blockRef(params[0], 0);
      const options = traceOptions(params[1], 1);
      if ('tag' in ref && ref.tag === 'pending') throw serverError('tracing on top of pending is not supported');
      if ('number' in ref && !context.upstream && !chain.blockByNumber(ref.number)) throw serverError(`block #${ref.number} not found`);
      const where = resolveBlock(context, ref);
      return 'upstream' in where
        ? traceUpstreamBlock({ number: where.upstream }, options, request)
        : traceBlock(where.local, options, request);
    },
    debug_traceBlockByHash: async (params, request) => {
      p.requireCount(params, 1, 2);
      const hash = p.hash(params[0], 0);
      const options = traceOptions(params[1], 1);
      const stored = chain.blockByHash(hash);
      if (stored) return traceBlock(stored, options, request);
      if (!context.upstream) throw serverError(`block ${hash} not found`);
      return traceUpstreamBlock({ hash }, options, request);
    },
    debug_traceCall: async (params, request) => {
      p.requireCount(params, 2, 3);
      const call = cappedCall(p.callObject(params[0], 0), context.callLimits.gasCap);
      const ref = p.blockRef(params[1], 1);
      const options = traceCallOptions(params[2], 2);
      if ('tag' in ref && ref.tag === 'pending') throw serverError('tracing on top of pending is not supported');
      const where = resolveBlock(context, ref);
      const { blockOverrides } = options;
      const client = traitsOf(options.target ?? context.target).blockOverrides;
      if (blockOverrides) checkNumberOverride(blockOverrides, client);
      const { job: base, target } =
        options.txIndex === undefined
          ? { job: onBlockJob(where, options), target: undefined }
          : await insideBlockJob(where, options.txIndex, options);
      const block = base.block as TraceBlock & { hash: string };
      // No hash: geth's ctx for traceCall has no blockHash. The worker lowers the base fee for fee-less calls.
      const { hash: _hash, ...plain } = block;
      const prefix = base.transactions;
      const job: TraceJob = {
        ...base,
        block: plain,
        transactions: [...prefix, { call }],
        trace: [prefix.length],
        callBlock: blockOverrides && overriddenBlock(plain, blockOverrides, client),
        callState: options.stateOverrides,
        blockHashes: { ...base.blockHashes, ...(blockOverrides && nextBlockHash(block, blockOverrides)) },
      };
      // The call as the upstream takes it, at the fork point: no overrides (their values are not the upstream's).
      const callTarget: PrefetchTarget | undefined =
        target ?? (job.fork && { kind: 'call', call: params[0] as Record<string, unknown>, coinbase: block.coinbase });
      return single((await run(job, request, options, callTarget))[0]);
    },
  };
}
