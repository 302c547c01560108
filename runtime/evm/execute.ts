// Runs a TraceJob in this thread: Common and state from the job, the block header, earlier transactions
// replayed untraced, each traced transaction run under a fresh TracerHost. Reports one outcome per traced
// transaction through `sink` as soon as it is known.
import { createBlock, type Block } from '@ethereumjs/block';
import type { Common } from '@ethereumjs/common';
import { getActivePrecompiles, type EVM, type EVMMockBlockchainInterface } from '@ethereumjs/evm';
import { createFeeMarket1559Tx, createLegacyTx, createTxFromRLP, type TypedTransaction } from '@ethereumjs/tx';
import { bytesToHex, createAddressFromString, hexToBytes, type Address } from '@ethereumjs/util';
import { createVM, runTx, type VM } from '@ethereumjs/vm';
import { TracerHost, type HookName } from '../tracer/host/tracer-host';
import type { BuiltinTracer } from '../builtin/builtin-tracer';
import { builtinJsSource, builtinTracer } from '../builtin/registry';
import { structLogger, structLoggerTracer } from '../builtin/struct-logger';
import { withBuiltinHint } from '../builtin/unknown-name';
import { tapOpcodes } from './op-taps';
import type { Serialised, TxHooks } from './tx-hooks';
import { createStateManager, type TraceStateManager } from '../state/create';
import type { CallObject, JobTransaction, PartedOutcome, TraceJob, WorkerOutcome } from '../trace/job';
import { commonFor, toBigInt } from './common';
import { createTxTracer } from './trace-tx';
import { authorizationRefund } from './authorization-refund';
import { kzgUnavailable, kzgWasUsed, resetKzgUse } from './no-kzg';
import { gethTxRejection, type RejectedTx } from './tx-errors';

export interface JobSink {
  /** A traced transaction starts (its time-out starts now, before the tracer is built). */
  txStart(index: number): void;
  located(hookLocations: Partial<Record<HookName, string>>): void;
  hook(name: HookName): void;
  outcome(index: number, outcome: WorkerOutcome): void;
}

const defaultCallGas = 50_000_000n;

function hex(value: string): `0x${string}` {
  return (value.startsWith('0x') ? value : `0x${value}`) as `0x${string}`;
}

function blockFor(job: TraceJob, common: Common, zeroBaseFee: boolean): Block {
  const b = job.block;
  const london = common.isActivatedEIP(1559);
  const cancun = common.isActivatedEIP(4844);
  const header = {
    number: BigInt(b.number),
    timestamp: BigInt(b.timestamp),
    gasLimit: BigInt(b.gasLimit),
    difficulty: toBigInt(b.difficulty) ?? 0n,
    coinbase: createAddressFromString(hex(b.coinbase)),
    ...(london ? { baseFeePerGas: zeroBaseFee ? 0n : toBigInt(b.baseFeePerGas) ?? 0n } : {}),
    ...(cancun ? { excessBlobGas: toBigInt(b.excessBlobGas) ?? 0n, blobGasUsed: 0n } : {}),
    ...(b.prevRandao ? { mixHash: hexToBytes(hex(b.prevRandao)) } : {}),
    ...(b.parentHash ? { parentHash: hexToBytes(hex(b.parentHash)) } : {}),
  };
  return createBlock({ header }, { common, skipConsensusFormatValidation: true });
}

/** BLOCKHASH reads hashes the job supplied; unknown numbers give zero, as for blocks out of range. */
function blockchainFor(job: TraceJob): EVMMockBlockchainInterface {
  const hashes = new Map<bigint, Uint8Array>();
  for (const [number, hash] of Object.entries(job.blockHashes ?? {})) hashes.set(BigInt(number), hexToBytes(hex(hash)));
  const chain: EVMMockBlockchainInterface = {
    getBlock: async (n: number) => ({ hash: () => hashes.get(BigInt(n)) ?? new Uint8Array(32) }),
    putBlock: async () => {},
    shallowCopy: () => chain,
  };
  return chain;
}

export function callTx(call: CallObject, common: Common): TypedTransaction {
  const from = createAddressFromString(hex(call.from ?? '0x0000000000000000000000000000000000000000'));
  const gasPrice = toBigInt(call.gasPrice);
  const fields = {
    to: call.to ? hex(call.to) : undefined,
    gasLimit: toBigInt(call.gas) ?? defaultCallGas,
    value: toBigInt(call.value) ?? 0n,
    data: hex(call.input ?? call.data ?? '0x'),
    nonce: toBigInt(call.nonce) ?? 0n,
  };
  const tx = common.isActivatedEIP(1559)
    ? createFeeMarket1559Tx(
        {
          ...fields,
          maxFeePerGas: toBigInt(call.maxFeePerGas) ?? gasPrice ?? 0n,
          maxPriorityFeePerGas: toBigInt(call.maxPriorityFeePerGas) ?? gasPrice ?? 0n,
          chainId: common.chainId(),
        },
        { common, freeze: false },
      )
    : createLegacyTx({ ...fields, gasPrice: gasPrice ?? 0n }, { common, freeze: false });
  // Impersonation: the call is unsigned; geth executes it as if `from` had signed it.
  (tx as { getSenderAddress: () => Address }).getSenderAddress = () => from;
  (tx as { isSigned: () => boolean }).isSigned = () => true;
  return tx;
}

function effectiveTip(tx: TypedTransaction, baseFee: bigint | undefined): bigint {
  const t = tx as unknown as { maxPriorityFeePerGas?: bigint; maxFeePerGas?: bigint; gasPrice?: bigint };
  const tipCap = t.maxPriorityFeePerGas ?? t.gasPrice ?? 0n;
  const feeCap = t.maxFeePerGas ?? t.gasPrice ?? 0n;
  if (baseFee === undefined) return tipCap;
  const rest = feeCap - baseFee;
  return tipCap < rest ? tipCap : rest;
}

export async function executeJob(job: TraceJob, sink: JobSink): Promise<void> {
  const number = BigInt(job.block.number);
  const timestamp = BigInt(job.block.timestamp);
  const common = commonFor(job.chainConfig, number, timestamp);
  const state = await createStateManager(job, common);
  resetKzgUse();
  const vm = await createVM({ common, stateManager: state, blockchain: blockchainFor(job) });
  // geth lowers the base fee to 0 for a traced call that pays no gas price (its block context only).
  const feeless = (entry: JobTransaction) => 'call' in entry && !toBigInt(entry.call.gasPrice) && !toBigInt(entry.call.maxFeePerGas);
  const block = blockFor(job, common, false);
  const feelessBlock = job.transactions.some(feeless) ? blockFor(job, common, true) : block;
  const traced = new Set(job.trace);
  const last = Math.max(-1, ...job.trace);
  // geth numbers logs block-wide: a traced transaction's first log follows the earlier transactions' logs.
  let logsBefore = 0;
  for (let index = 0; index <= last && index < job.transactions.length; index++) {
    const entry = job.transactions[index];
    let tx: TypedTransaction;
    try {
      tx = 'raw' in entry ? createTxFromRLP(hexToBytes(hex(entry.raw)), { common }) : callTx(entry.call, common);
    } catch (error) {
      if (traced.has(index)) sink.outcome(index, { error: `could not decode transaction: ${describeRejection(error)}` });
      continue;
    }
    const txHash = 'raw' in entry ? bytesToHex(tx.hash()) : undefined;
    const txBlock = feeless(entry) ? feelessBlock : block;
    const options = { tx, block: txBlock, skipBlockGasLimitValidation: true, skipHardForkValidation: true, ...('call' in entry ? { skipBalance: true, skipNonce: true } : {}) };
    if (!traced.has(index)) {
      logsBefore += (await runTx(vm, options).catch(() => undefined))?.receipt.logs.length ?? 0;
      continue;
    }
    const position = { index, txHash, firstLogIndex: logsBefore };
    const { logs, ...outcome } = await traceOne(job, vm, state, common, txBlock, tx, position, options, sink);
    logsBefore += logs;
    sink.outcome(index, txHash ? { txHash, ...outcome } : outcome);
  }
}

/** The tracer for one transaction: a built-in one by name, else the JavaScript tracer the job carries. */
interface TxTracer {
  hooks: TxHooks;
  steps: 'all' | readonly number[];
  txStart?: BuiltinTracer['txStart'];
  result(): Serialised | PartedOutcome;
}

/** Where a traced transaction sits in its block. */
interface TxPosition {
  index: number;
  /** Absent for a call. */
  txHash: string | undefined;
  firstLogIndex: number;
}

function buildTracer(job: TraceJob, index: number, txHash: string | undefined, sink: JobSink): TxTracer | { error: string } {
  const builtin = job.tracer === structLoggerTracer ? structLogger : builtinTracer(job.tracer);
  if (builtin) {
    const made = builtin(job.tracerConfig);
    if ('error' in made) return made;
    return { hooks: made, steps: made.steps, txStart: made.txStart?.bind(made), result: () => made.result() };
  }
  const blockHash = job.block.hash ? hexToBytes(hex(job.block.hash)) : undefined;
  const built = TracerHost.create({
    source: builtinJsSource(job.tracer) ?? job.tracer,
    url: job.tracerUrl,
    config: job.tracerConfig,
    // traceCall (no tx hash) has no block hash, index or tx hash in ctx.
    initialContext: blockHash && txHash ? { blockHash, txIndex: index, txHash: hexToBytes(hex(txHash)) } : {},
    onLocated: (locations) => sink.located(locations),
    onHook: (name) => sink.hook(name),
  });
  if ('error' in built) return { error: withBuiltinHint(job.tracer, built.error) };
  const host = built.host;
  // Steps are only needed for step hooks and for call types of enter/exit; without either, the EVM runs
  // at full speed (and geth's `log` stays unfilled, as for a tracer with no step).
  return { hooks: host, steps: host.hasStep || host.hasEnterExit ? 'all' : [], result: () => host.result() };
}

async function traceOne(
  job: TraceJob, vm: VM, state: TraceStateManager, common: Common, block: Block, tx: TypedTransaction,
  { index, txHash, firstLogIndex }: TxPosition, options: Parameters<typeof runTx>[1], sink: JobSink,
): Promise<(Serialised | PartedOutcome) & { logs: number }> {
  sink.txStart(index);
  const tracer = buildTracer(job, index, txHash, sink);
  if ('error' in tracer) {
    // The transaction still happens: later transactions of the block see its effects.
    const result = await runTx(vm, options).catch(() => undefined);
    return { error: tracer.error, logs: result?.receipt.logs.length ?? 0 };
  }
  const precompiles = [...getActivePrecompiles(common).keys()].map((a) => hexToBytes(hex(a)));
  if (tracer.hooks instanceof TracerHost) tracer.hooks.begin(state.reader, precompiles);
  const blockHash = job.block.hash ? hexToBytes(hex(job.block.hash)) : undefined;
  const position = blockHash && txHash ? { blockHash, txIndex: index, txHash: hexToBytes(hex(txHash)) } : undefined;
  tracer.txStart?.({ tx, from: tx.getSenderAddress().bytes, block, common, state: state.reader, precompiles, position, firstLogIndex });
  const hooks = tracer.hooks;
  hooks.setContext({
    gas: Number(tx.gasLimit),
    gasPrice: effectiveTip(tx, block.header.baseFeePerGas),
    block: Number(block.header.number),
    coinbase: block.header.coinbase.bytes,
  });
  const rules = {
    eip150: common.gteHardfork('tangerineWhistle'), eip2200: common.gteHardfork('istanbul'), eip2929: common.isActivatedEIP(2929),
    selfdestructRefund: !common.gteHardfork('london'), eip3860: common.isActivatedEIP(3860), eip7702: common.isActivatedEIP(7702),
  };
  const events = createTxTracer(hooks, state.reader, rules, tracer.steps !== 'all', authorizationRefund(tx, state.reader));
  const evmEvents = vm.evm.events!;
  const onAfterTx = (result: { totalGasSpent: bigint }) => hooks.setContext({ gasUsed: Number(result.totalGasSpent) });
  const untap = tracer.steps === 'all' ? undefined : tapOpcodes(vm.evm as EVM, tracer.steps, events.step);
  if (tracer.steps === 'all') evmEvents.on('step', events.step);
  evmEvents.on('beforeMessage', events.beforeMessage);
  evmEvents.on('afterMessage', events.afterMessage);
  evmEvents.on('newContract', events.newContract as never);
  vm.events.on('afterTx', onAfterTx as never);
  let logs = 0;
  try {
    logs = (await runTx(vm, options)).receipt.logs.length;
    if (kzgWasUsed()) return { error: `tracing failed: ${kzgUnavailable}`, logs };
  } catch (error) {
    return { error: `tracing failed: ${describeRejection(error, { sender: tx.getSenderAddress().toString(), intrinsicGas: tx.getIntrinsicGas() })}`, logs };
  } finally {
    untap?.();
    evmEvents.off('step', events.step);
    evmEvents.off('beforeMessage', events.beforeMessage);
    evmEvents.off('afterMessage', events.afterMessage);
    evmEvents.off('newContract', events.newContract as never);
    vm.events.off('afterTx', onAfterTx as never);
  }
  return { ...tracer.result(), logs };
}

function describeRejection(error: unknown, tx?: RejectedTx): string {
  const message = error instanceof Error ? error.message : String(error);
  return tx ? gethTxRejection(message, tx) : message;
}
