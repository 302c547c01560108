// Runs a TraceJob in this thread: Common and state from the job, the block header, earlier transactions
// replayed untraced, each traced transaction run under a fresh tracer from the caller's TracerFactory. Reports
// one outcome per traced transaction through `sink` as soon as it is known.
import { createBlock, type Block } from '@ethereumjs/block';
import { Hardfork, type Common } from '@ethereumjs/common';
import type { EVM, EVMMockBlockchainInterface } from '@ethereumjs/evm';
import { createAccessList2930Tx, createFeeMarket1559Tx, createLegacyTx, createTxFromRLP, type TypedTransaction } from '@ethereumjs/tx';
import { bytesToHex, createAddressFromString, hexToBytes, type Address } from '@ethereumjs/util';
import { runTx, type VM } from '@ethereumjs/vm';
import { tapOpcodes } from './op-taps';
import { refuseStaticWritesWhenRun } from './static-writes';
import { watchColdCallTargets } from './cold-call-targets';
import { keepUnfinalised } from './unfinalised-state';
import type { Serialised } from './tx-hooks';
import type { TracerFactory } from './tx-tracer';
import { createStateManager } from '../state/create';
import type { TraceStateManager } from '../state/state-reader';
import type { AccessListEntry, CallBlock, CallObject, PartedOutcome, TraceJob, WorkerOutcome } from './job';
import { forkStateAt } from '../state/fork-state';
import { rulesFor, toBigInt } from './common';
import type { BlockRules } from './block-rules';
import { createChainVM, ruledHeader } from './chain-vm';
import { runSystemCalls } from './system-calls';
import { applyStateOverride } from './state-override';
import { createTxTracer } from './trace-tx';
import { authorizationRefund } from './authorization-refund';
import { gethTxRejection, type RejectedTx } from './tx-errors';
import { traitsOf, type TargetTraits } from './target';

interface JobSink {
  /** A traced transaction starts (its time-out starts now, before the tracer is built). */
  txStart(index: number): void;
  outcome(index: number, outcome: WorkerOutcome): void;
}

const defaultCallGas = 50_000_000n;

function hex(value: string): `0x${string}` {
  return (value.startsWith('0x') ? value : `0x${value}`) as `0x${string}`;
}

function blockFor(b: CallBlock, rules: BlockRules, zeroBaseFee: boolean): Block {
  const { common } = rules;
  const number = BigInt(b.number);
  const london = common.isActivatedEIP(1559);
  const cancun = common.isActivatedEIP(4844);
  const baseFee = zeroBaseFee ? 0n : (toBigInt(b.baseFeePerGas) ?? 0n);
  // ethereumjs refuses a header at London's block (by its schedule) without London's initial base fee, a
  // consensus rule no execution needs (a number override or a fee-less call may give one): the block is
  // built with that fee, then given its own.
  const initialBaseFee = london && number === common.hardforkBlock(Hardfork.London) ? common.param('initialBaseFee') : undefined;
  const header = ruledHeader(rules, {
    number,
    timestamp: BigInt(b.timestamp),
    gasLimit: BigInt(b.gasLimit),
    difficulty: toBigInt(b.difficulty) ?? 0n,
    coinbase: createAddressFromString(hex(b.coinbase)),
    ...(london ? { baseFeePerGas: initialBaseFee ?? baseFee } : {}),
    ...(cancun ? { excessBlobGas: toBigInt(b.excessBlobGas) ?? 0n, blobGasUsed: 0n } : {}),
    ...(b.prevRandao ? { mixHash: hexToBytes(hex(b.prevRandao)) } : {}),
    ...(b.parentHash ? { parentHash: hexToBytes(hex(b.parentHash)) } : {}),
  });
  const block = createBlock({ header }, { common, skipConsensusFormatValidation: true, freeze: false });
  if (initialBaseFee !== undefined) (block.header as { baseFeePerGas?: bigint }).baseFeePerGas = baseFee;
  // BLOBBASEFEE reads the header's blob gas price: a set one replaces what excessBlobGas would give.
  const blobBaseFee = toBigInt(b.blobBaseFee);
  if (blobBaseFee !== undefined) block.header.getBlobGasPrice = () => blobBaseFee;
  return block;
}

/** The block, rules and VM a call runs in: with block overrides (job.callBlock), the overridden context under
 * the rules of its number and time, on the same state; its BLOBBASEFEE is the block's unless overridden, as
 * geth works it out before overriding. */
async function callSetting(job: TraceJob, blockSetting: Setting, state: TraceStateManager, blockchain: EVMMockBlockchainInterface) {
  const overridden = job.callBlock;
  if (!overridden) return { rules: blockSetting.rules, vm: blockSetting.vm, block: job.block };
  const rules = rulesFor(job.chainConfig, {
    number: BigInt(overridden.number),
    timestamp: BigInt(overridden.timestamp),
    difficulty: toBigInt(overridden.difficulty),
  });
  const vm = await createChainVM(rules, state, { coinbase: hex(overridden.coinbase), blockchain });
  const header = blockSetting.block.header;
  const blobBaseFee =
    overridden.blobBaseFee ?? (header.common.isActivatedEIP(4844) ? '0x' + header.getBlobGasPrice().toString(16) : undefined);
  return { rules, vm, block: { ...overridden, blobBaseFee } };
}

/** Where a transaction runs: the block under its rules, and the VM on the job's state. */
interface Setting {
  rules: BlockRules;
  vm: VM;
  block: Block;
}

/** BLOCKHASH reads hashes the job supplied, then (fork mode) the upstream's blocks up to the fork point. */
function blockchainFor(job: TraceJob): EVMMockBlockchainInterface {
  // A number override can put the block's own number and later ones in BLOCKHASH's range: geth knows no
  // hash for them (unless the job gives one).
  const ownNumber = BigInt(job.block.number);
  const hashes = new Map<bigint, Uint8Array>();
  for (const [number, hash] of Object.entries(job.blockHashes ?? {})) hashes.set(BigInt(number), hexToBytes(hex(hash)));
  const fork = job.fork;
  const upstreamHash = async (n: bigint): Promise<Uint8Array> => {
    if (!fork || n > BigInt(fork.blockNumber) || n >= ownNumber) return new Uint8Array(32);
    const block = (await forkStateAt(fork.url, fork.blockNumber).upstream.request('eth_getBlockByNumber', [
      '0x' + n.toString(16),
      false,
    ])) as { hash?: string } | null;
    if (!block?.hash) throw new Error(`BLOCKHASH: block #${n} not found upstream`);
    const hash = hexToBytes(hex(block.hash));
    hashes.set(n, hash);
    return hash;
  };
  const chain: EVMMockBlockchainInterface = {
    getBlock: async (n: number) => {
      const hash = hashes.get(BigInt(n)) ?? (await upstreamHash(BigInt(n)));
      return { hash: () => hash };
    },
    putBlock: async () => {},
    shallowCopy: () => chain,
  };
  return chain;
}

/** The rules for a call: geth skips the transaction checks for one (SkipTransactionChecks), EIP-7825's gas
 * cap included, so a call may use more gas than a transaction could. */
function callCommon(common: Common): Common {
  if (!common.isActivatedEIP(7825)) return common;
  const copy = common.copy();
  // Hardfork-scoped params are merged after the fork's EIP params (and survive the tx's own param update).
  copy.updateParams({ [copy.hardfork()]: { maxTransactionGasLimit: '0x' + 'f'.repeat(16) } });
  return copy;
}

/** EIP-2930's intrinsic gas of an access list: per account and per storage slot. */
const accessListGas = (list: AccessListEntry[]) => list.reduce((gas, entry) => gas + 2400n + 1900n * BigInt(entry.storageKeys.length), 0n);

export function callTx(call: CallObject, chainCommon: Common): TypedTransaction {
  const common = callCommon(chainCommon);
  const from = createAddressFromString(hex(call.from ?? '0x0000000000000000000000000000000000000000'));
  const gasPrice = toBigInt(call.gasPrice);
  const { accessList } = call;
  const fields = {
    to: call.to ? hex(call.to) : undefined,
    gasLimit: toBigInt(call.gas) ?? defaultCallGas,
    value: toBigInt(call.value) ?? 0n,
    data: hex(call.input ?? call.data ?? '0x'),
    nonce: toBigInt(call.nonce) ?? 0n,
    ...(accessList && common.isActivatedEIP(2930)
      ? {
          accessList: accessList.map((entry) => ({ address: hex(entry.address), storageKeys: entry.storageKeys.map(hex) })),
          chainId: common.chainId(),
        }
      : {}),
  };
  const options = { common, freeze: false };
  const tx = common.isActivatedEIP(1559)
    ? createFeeMarket1559Tx(
        {
          ...fields,
          maxFeePerGas: toBigInt(call.maxFeePerGas) ?? gasPrice ?? 0n,
          maxPriorityFeePerGas: toBigInt(call.maxPriorityFeePerGas) ?? gasPrice ?? 0n,
          chainId: common.chainId(),
        },
        options,
      )
    : accessList && common.isActivatedEIP(2930)
      ? createAccessList2930Tx({ ...fields, gasPrice: gasPrice ?? 0n }, options)
      : createLegacyTx({ ...fields, gasPrice: gasPrice ?? 0n }, options);
  // geth's call message carries the access list whatever the fork: before Berlin it warms nothing but its
  // intrinsic gas is still charged (IntrinsicGas has no fork check).
  if (accessList && !common.isActivatedEIP(2930)) {
    const intrinsic = tx.getIntrinsicGas.bind(tx);
    tx.getIntrinsicGas = () => intrinsic() + accessListGas(accessList);
  }
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

/** Whether the fork takes the transaction's signature (an EIP-155 one only from Spurious Dragon, a low s from
 * Homestead): geth recovers the sender before anything else. A call has no signature. */
function signatureAccepted(tx: TypedTransaction): boolean {
  try {
    tx.getSenderAddress();
    return true;
  } catch {
    return false;
  }
}

function feeless(tx: TypedTransaction): boolean {
  const t = tx as unknown as { maxPriorityFeePerGas?: bigint; maxFeePerGas?: bigint; gasPrice?: bigint };
  return (t.maxFeePerGas ?? t.gasPrice ?? 0n) === 0n && (t.maxPriorityFeePerGas ?? t.gasPrice ?? 0n) === 0n;
}

/** `ctx.gasPrice`: geth (since v1.15.0) gives the effective tip; coreth's tracer API (geth 1.13's) the whole
 * effective gas price. */
function tracerGasPrice(traits: TargetTraits, tx: TypedTransaction, baseFee: bigint | undefined): bigint {
  const tip = effectiveTip(tx, baseFee);
  return traits.gasPriceIsTip ? tip : tip + (baseFee ?? 0n);
}

/** Why a block's transactions cannot be replayed under these rules, if they cannot. */
function unreplayable(rules: BlockRules): string | undefined {
  if (rules.avalanche && !rules.avalanche.apricotPhase1) {
    return 'C-Chain blocks before Apricot Phase 1 are not reproduced: coreth replays them reading committed storage through a historical key quirk (StateDBAP0) that changes SSTORE gas';
  }
  return undefined;
}

export async function executeJob(job: TraceJob, sink: JobSink, tracers: TracerFactory): Promise<void> {
  const number = BigInt(job.block.number);
  const timestamp = BigInt(job.block.timestamp);
  const rules = rulesFor(job.chainConfig, { number, timestamp, difficulty: toBigInt(job.block.difficulty) });
  const refusal = unreplayable(rules);
  if (refusal) {
    for (const index of job.trace) sink.outcome(index, { error: `tracing failed: ${refusal}` });
    return;
  }
  const { common } = rules;
  const state = await createStateManager(job, common);
  const blockchain = blockchainFor(job);
  const vm = await createChainVM(rules, state, { coinbase: hex(job.block.coinbase), blockchain });
  const own: Setting = { rules, vm, block: blockFor(job.block, rules, false) };
  const calls = await callSetting(job, own, state, blockchain);
  if (job.startOfBlock) {
    await runSystemCalls(vm, {
      number,
      timestamp,
      parentHash: job.block.parentHash,
      parentBeaconBlockRoot: job.block.parentBeaconBlockRoot,
    });
  }
  const traced = new Set(job.trace);
  const last = Math.max(-1, ...job.trace);
  // geth numbers logs block-wide: a traced transaction's first log follows the earlier transactions' logs.
  let logsBefore = 0;
  for (let index = 0; index <= last && index < job.transactions.length; index++) {
    const entry = job.transactions[index];
    // geth runs a call that names no fee with a zero base fee (NoBaseFee).
    const setting: Setting =
      'raw' in entry
        ? own
        : { ...calls, block: blockFor(calls.block, calls.rules, !toBigInt(entry.call.gasPrice) && !toBigInt(entry.call.maxFeePerGas)) };
    if ('call' in entry && job.callState) {
      try {
        await applyStateOverride(setting.vm, state, job.callState);
      } catch (error) {
        if (traced.has(index)) sink.outcome(index, { error: describeRejection(error) });
        continue;
      }
    }
    let tx: TypedTransaction;
    try {
      tx = 'raw' in entry ? createTxFromRLP(hexToBytes(hex(entry.raw)), { common }) : callTx(entry.call, setting.rules.common);
    } catch (error) {
      if (traced.has(index)) sink.outcome(index, { error: `could not decode transaction: ${describeRejection(error)}` });
      continue;
    }
    if (!signatureAccepted(tx)) {
      if (traced.has(index)) sink.outcome(index, { error: 'invalid transaction v, r, s values' });
      continue;
    }
    const txHash = 'raw' in entry ? bytesToHex(tx.hash()) : undefined;
    const options = {
      tx,
      block: setting.block,
      skipBlockGasLimitValidation: true,
      skipHardForkValidation: true,
      ...('call' in entry ? { skipBalance: true, skipNonce: true, skipEOACheck: true } : {}),
      // geth traces with NoBaseFee: a transaction naming no fee pays none (the coinbase is not touched).
      ...(traced.has(index) && feeless(tx) ? { noFeePayment: true } : {}),
    };
    if (!traced.has(index)) {
      logsBefore += (await runTx(setting.vm, options).catch(() => undefined))?.receipt.logs.length ?? 0;
      continue;
    }
    const position = { index, txHash, firstLogIndex: logsBefore };
    const { logs, ...outcome } = await traceOne(job, setting, state, tx, position, options, sink, tracers);
    logsBefore += logs;
    sink.outcome(index, txHash ? { txHash, ...outcome } : outcome);
  }
}

/** Where a traced transaction sits in its block. */
interface TxPosition {
  index: number;
  /** Absent for a call. */
  txHash: string | undefined;
  firstLogIndex: number;
}

async function traceOne(
  job: TraceJob,
  { vm, rules, block }: Setting,
  state: TraceStateManager,
  tx: TypedTransaction,
  { index, txHash, firstLogIndex }: TxPosition,
  options: Parameters<typeof runTx>[1],
  sink: JobSink,
  tracers: TracerFactory,
): Promise<(Serialised | PartedOutcome) & { logs: number }> {
  const { common } = rules;
  sink.txStart(index);
  const blockHash = job.block.hash ? hexToBytes(hex(job.block.hash)) : undefined;
  const position = blockHash && txHash ? { blockHash, txIndex: index, txHash: hexToBytes(hex(txHash)) } : undefined;
  const tracer = tracers(position);
  if ('error' in tracer) {
    // The transaction still happens: later transactions of the block see its effects.
    const result = await runTx(vm, options).catch(() => undefined);
    return { error: tracer.error, logs: result?.receipt.logs.length ?? 0 };
  }
  const precompiles = [...vm.evm.precompiles.keys()].map((a) => hexToBytes(hex(a)));
  tracer.txStart?.({ tx, from: tx.getSenderAddress().bytes, block, common, state: state.reader, precompiles, position, firstLogIndex });
  const hooks = tracer.hooks;
  const traits = traitsOf(job.target);
  hooks.setContext({
    gas: tx.gasLimit,
    gasPrice: tracerGasPrice(traits, tx, block.header.baseFeePerGas),
    // geth gives the number's low 64 bits (a number override may be larger).
    block: Number(BigInt.asUintN(64, block.header.number)),
    ...(traits.contextCoinbase ? { coinbase: block.header.coinbase.bytes } : {}),
  });
  const forkRules = {
    eip150: common.gteHardfork('tangerineWhistle'),
    eip158: common.gteHardfork('spuriousDragon'),
    eip2200: common.gteHardfork('istanbul'),
    eip2929: common.isActivatedEIP(2929),
    selfdestructRefund: !common.gteHardfork('london'),
    eip3860: common.isActivatedEIP(3860),
    eip7702: common.isActivatedEIP(7702),
    selfdestructColdCheck: traits.detailedGasErrors,
    callStatelessCheck: traits.detailedGasErrors,
    precompiles: common,
    bn254Words: traits.bn254Words,
  };
  // Installed before the taps, which wrap the opcode table again and call these handlers.
  const coldTargets = watchColdCallTargets(vm.evm as EVM);
  const events = createTxTracer(hooks, state.reader, forkRules, {
    selectiveSteps: tracer.steps !== 'all',
    startRefund: authorizationRefund(tx, state.reader),
    traits,
    targetWasCold: () => coldTargets.wasCold(),
  });
  const evmEvents = vm.evm.events!;
  const onAfterTx = (result: { totalGasSpent: bigint }) => hooks.setContext({ gasUsed: result.totalGasSpent });
  const writesRefusedWhenRun = traits.writeProtectionInGas ? undefined : refuseStaticWritesWhenRun(vm.evm as EVM);
  const untap = tracer.steps === 'all' ? undefined : tapOpcodes(vm.evm as EVM, tracer.steps, events.step);
  if (tracer.steps === 'all') evmEvents.on('step', events.step);
  evmEvents.on('beforeMessage', events.beforeMessage);
  evmEvents.on('afterMessage', events.afterMessage);
  evmEvents.on('newContract', events.newContract as never);
  vm.events.on('afterTx', onAfterTx as never);
  const runTraced = async (): Promise<(Serialised | PartedOutcome) & { logs: number }> => {
    let logs = 0;
    try {
      logs = (await runTx(vm, options)).receipt.logs.length;
      if (rules.unreproducible.reason) return { error: `tracing failed: ${rules.unreproducible.reason}`, logs };
    } catch (error) {
      return {
        error: `tracing failed: ${describeRejection(error, { sender: tx.getSenderAddress().toString(), intrinsicGas: tx.getIntrinsicGas() })}`,
        logs,
      };
    } finally {
      untap?.();
      writesRefusedWhenRun?.();
      coldTargets.stop();
      evmEvents.off('step', events.step);
      evmEvents.off('beforeMessage', events.beforeMessage);
      evmEvents.off('afterMessage', events.afterMessage);
      evmEvents.off('newContract', events.newContract as never);
      vm.events.off('afterTx', onAfterTx as never);
    }
    return { ...tracer.result(), logs };
  };
  // coreth's tracers read the state before the transaction is finalised (target.ts).
  const unfinalised = traits.finalisedStateInResult
    ? undefined
    : keepUnfinalised(vm, new Set(precompiles.map((a) => bytesToHex(a))), state.reader);
  try {
    return await runTraced();
  } finally {
    await unfinalised?.finalise();
  }
}

function describeRejection(error: unknown, tx?: RejectedTx): string {
  const message = error instanceof Error ? error.message : String(error);
  return tx ? gethTxRejection(message, tx) : message;
}
