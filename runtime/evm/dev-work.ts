// The dev chain's own EVM work (eth_call, eth_estimateGas, mining a sent transaction) as plain, structured-
// cloneable data and results, so that it runs in a trace worker, where a time-out can stop it and other
// clients are served meanwhile, rather than on the node's thread.
import { createBlock, type HeaderData } from '@ethereumjs/block';
import { createTxFromRLP } from '@ethereumjs/tx';
import { bytesToHex, createAddressFromString, hexToBytes } from '@ethereumjs/util';
import { runTx, type RunTxResult } from '@ethereumjs/vm';
import type { GethChainConfig } from '../chain/rules/config-value';
import type { AllocAccount, StateSource } from '../state/alloc';
import { createStateManager } from '../state/create';
import { dumpState } from '../state/dump';
import { createChainVM, ruledHeader } from './chain-vm';
import { rulesFor } from './common';
import { callTx } from './execute';
import type { CallObject } from './job';
import { runSystemCalls } from './system-calls';
import { applyStateOverride, type StateOverride } from './state-override';

/** A block's header fields as the work needs them (hex strings for bytes). */
export interface WorkHeader {
  number: bigint;
  timestamp: bigint;
  gasLimit: bigint;
  coinbase: string;
  difficulty?: bigint;
  mixHash?: string;
  parentHash?: string;
  baseFeePerGas?: bigint;
}

interface WorkBase {
  chainConfig: GethChainConfig;
  header: WorkHeader;
  state: StateSource;
}

/** A call on the state `state` in the block `header` (whose base fee is already geth's NoBaseFee choice). */
interface CallWork extends WorkBase {
  kind: 'call';
  call: CallObject;
  overrides?: StateOverride;
}

/** eth_estimateGas: the call's lowest gas limit up to `cap` that succeeds. */
interface EstimateWork extends WorkBase {
  kind: 'estimate';
  call: CallObject;
  cap: bigint;
}

/** A signed transaction executed as the only one of the new block `header` (after the block's system calls). */
interface MineWork extends WorkBase {
  kind: 'mine';
  raw: string;
}

export type DevWork = CallWork | EstimateWork | MineWork;

/** What a call did: `error` is ethereumjs' EVM error (undefined on success). */
export interface CallOutcome {
  returnValue: string;
  error?: string;
  gasUsed: bigint;
  gasRefund: bigint;
}

export type EstimateOutcome = { gas: bigint } | { failure: CallOutcome; cap: bigint };

export interface MineOutcome {
  gasUsed: bigint;
  error?: string;
  logs: Array<{ address: string; topics: string[]; data: string }>;
  bloom: string;
  createdAddress?: string;
  /** The state after the block. */
  state: Record<string, AllocAccount>;
}

export interface DevOutcomes {
  call: CallOutcome;
  estimate: EstimateOutcome;
  mine: MineOutcome;
}

/** Runs dev work somewhere it can be stopped; rejects with WorkTimedOut after `timeoutMs`. */
export type DevExecutor = <W extends DevWork>(work: W, timeoutMs: number) => Promise<DevOutcomes[W['kind']]>;

/** The work ran longer than its bound and was stopped. */
export class WorkTimedOut extends Error {
  constructor(readonly timeoutMs: number) {
    super(`no result within ${timeoutMs} ms`);
  }
}

export function workHeaderData(header: WorkHeader): HeaderData {
  const { mixHash, parentHash, coinbase, ...rest } = header;
  return {
    ...rest,
    coinbase: createAddressFromString(coinbase),
    ...(mixHash ? { mixHash: hexToBytes(mixHash as `0x${string}`) } : {}),
    ...(parentHash ? { parentHash: hexToBytes(parentHash as `0x${string}`) } : {}),
  };
}

async function setting({ chainConfig, header, state }: WorkBase) {
  const rules = rulesFor(chainConfig, { number: header.number, timestamp: header.timestamp });
  const block = createBlock(
    { header: ruledHeader(rules, workHeaderData(header)) },
    { common: rules.common, skipConsensusFormatValidation: true },
  );
  const stateManager = await createStateManager(state, rules.common);
  const vm = await createChainVM(rules, stateManager, { coinbase: block.header.coinbase });
  return { rules, block, stateManager, vm };
}

function callOutcome(result: RunTxResult): CallOutcome {
  return {
    returnValue: bytesToHex(result.execResult.returnValue),
    error: result.execResult.exceptionError?.error,
    gasUsed: result.totalGasSpent,
    gasRefund: result.gasRefund,
  };
}

async function runCall(work: WorkBase & { call: CallObject; overrides?: StateOverride }): Promise<CallOutcome> {
  const { rules, block, stateManager, vm } = await setting(work);
  if (work.overrides) await applyStateOverride(vm, stateManager, work.overrides);
  const { call } = work;
  const sender = createAddressFromString(call.from ?? '0x' + '00'.repeat(20));
  const tx = callTx(call, rules.common);
  const balance = (await stateManager.getAccount(sender))?.balance ?? 0n;
  const want = tx.gasLimit * ('maxFeePerGas' in tx ? tx.maxFeePerGas : tx.gasPrice) + tx.value;
  if (balance < want) throw new Error(`insufficient funds for gas * price + value: address ${sender} have ${balance} want ${want}`);
  const options = { tx, block, skipNonce: true, skipEOACheck: true, skipBlockGasLimitValidation: true, skipHardForkValidation: true };
  const result = await runTx(vm, options);
  if (rules.unreproducible.reason) throw new Error(`this local chain cannot run the call: ${rules.unreproducible.reason}`);
  return callOutcome(result);
}

/** EIP-7825's transaction gas cap (geth's params.MaxTxGas), the most geth's estimate searches up to from Osaka. */
const maxTxGas = 16_777_216n;
const txGas = 21_000n;

/** geth's estimate (its gasestimator): a plain transfer to an account without code tries 21,000 first; then
 * run at the cap (EIP-7825's from Osaka), then binary-search the lowest gas limit that succeeds, starting from
 * an optimistic guess (gas used + refund + call stipend, ×64/63), bisecting towards the low side and stopping
 * within 1.5%. */
async function estimate(work: EstimateWork): Promise<EstimateOutcome> {
  const { rules, stateManager } = await setting(work);
  const cap = work.cap > maxTxGas && rules.common.isActivatedEIP(7825) ? maxTxGas : work.cap;
  const run = (gas: bigint) => runCall({ ...work, call: { ...work.call, gas: '0x' + gas.toString(16) } });
  const { to, input, data } = work.call;
  if (to && (input ?? data ?? '0x').length <= 2 && (await stateManager.getCode(createAddressFromString(to))).length === 0) {
    // A transfer that 21,000 cannot pay for (an access list, a value it lacks) goes on to the search.
    const transfer = await run(txGas).catch(() => undefined);
    if (transfer && transfer.error === undefined) return { gas: txGas };
  }
  const first = await run(cap);
  if (first.error) return { failure: first, cap };
  let low = first.gasUsed - 1n;
  let high = cap;
  const optimistic = ((first.gasUsed + first.gasRefund + 2300n) * 64n) / 63n;
  if (optimistic < high) {
    if ((await run(optimistic)).error) low = optimistic;
    else high = optimistic;
  }
  // geth compares the ratio as float64.
  while (low + 1n < high && Number(high - low) / Number(high) >= 0.015) {
    const middle = low + (high - low) / 2n;
    const skewed = middle > low * 2n ? low * 2n : middle;
    if ((await run(skewed)).error) low = skewed;
    else high = skewed;
  }
  return { gas: high };
}

async function mine(work: MineWork): Promise<MineOutcome> {
  const { rules, block, stateManager, vm } = await setting(work);
  const tx = createTxFromRLP(hexToBytes(work.raw as `0x${string}`), { common: rules.common });
  await runSystemCalls(vm, {
    number: work.header.number,
    timestamp: work.header.timestamp,
    parentHash: work.header.parentHash,
    parentBeaconBlockRoot: block.header.parentBeaconBlockRoot && bytesToHex(block.header.parentBeaconBlockRoot),
  });
  const result = await runTx(vm, { tx, block, skipHardForkValidation: true });
  if (rules.unreproducible.reason) throw new Error(`this local chain cannot run the transaction: ${rules.unreproducible.reason}`);
  return {
    gasUsed: result.totalGasSpent,
    error: result.execResult.exceptionError?.error,
    logs: (result.execResult.logs ?? []).map(([address, topics, data]) => ({
      address: bytesToHex(address),
      topics: topics.map((topic) => bytesToHex(topic)),
      data: bytesToHex(data),
    })),
    bloom: bytesToHex(result.bloom.bitvector),
    createdAddress: result.createdAddress?.toString(),
    state: dumpState(stateManager),
  };
}

export async function runDevWork(work: DevWork): Promise<DevOutcomes[DevWork['kind']]> {
  switch (work.kind) {
    case 'call':
      return runCall(work);
    case 'estimate':
      return estimate(work);
    case 'mine':
      return mine(work);
  }
}
