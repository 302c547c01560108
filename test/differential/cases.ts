// A differential case: a world (fork, block, accounts with generated programs), one transaction or call to
// trace (sometimes after an earlier one in the same block) and a tracer. Kept as structured parts so the
// shrinker can drop pieces; `caseJob` renders it as the TraceJob both sides run.
import { createAccessList2930Tx, createEOACode7702Tx, createFeeMarket1559Tx, createLegacyTx, type TypedTransaction } from '@ethereumjs/tx';
import { bytesToHex, eoaCode7702SignAuthorization, hexToBytes, privateToAddress } from '@ethereumjs/util';
import { chainConfigFor, hardforkNames } from '../../runtime/chain/hardforks';
import { commonFor } from '../../runtime/evm/common';
import type { AllocAccount } from '../../runtime/state/alloc';
import type { CallObject, JobTransaction, TraceJob } from '../../runtime/evm/job';
import {
  contractAddresses,
  contractCode,
  delegatedAccount,
  laterOpcodes,
  plainAccount,
  snippet,
  terminator,
  type ProgramContext,
  type Snippet,
} from './programs';
import { Random } from './random';
import { randomTracer, renderTracer, type TracerSpec } from './tracers';

/** Every Ethereum fork from Frontier to Osaka, by its `--hardfork` name. */
export const forks = hardforkNames;
export type Fork = string;
const at = (fork: Fork, from: Fork) => forks.indexOf(fork) >= forks.indexOf(from);

const chainId = 1337;
const senderKey = hexToBytes(`0x${'5e'.repeat(32)}`);
export const sender = bytesToHex(privateToAddress(senderKey));
const authorityKeys = ['a1', 'a2'].map((b) => hexToBytes(`0x${b.repeat(32)}`));
export const authorities = authorityKeys.map((k) => bytesToHex(privateToAddress(k)));

export interface ContractSpec {
  snippets: Snippet[];
  end: Snippet;
  balance: bigint;
  storage: Record<string, string>;
}

export interface TxSpec {
  kind: 'call' | 'legacy' | 'accessList' | 'dynamicFee' | 'setCode';
  /** A contract index, or 'create' (the first contract's program as init code). */
  to: number | 'create';
  gas: bigint;
  value: bigint;
  data: string;
  /** Fee fields: a call may name none (then geth lowers the base fee to 0). */
  fees: { gasPrice?: bigint; maxFeePerGas?: bigint; maxPriorityFeePerGas?: bigint };
  accessList?: Array<{ address: string; storageKeys: string[] }>;
  authorizations?: Array<{ authority: number; address: string; chainId: number; nonceOffset: number }>;
}

export interface CaseSpec {
  seed: number;
  fork: Fork;
  block: {
    number: bigint;
    timestamp: bigint;
    coinbase: string;
    baseFee: bigint;
    randao: string;
    hash: string;
    parentHash: string;
    blockHashes: Record<string, string>;
  };
  contracts: ContractSpec[];
  senderNonce: number;
  /** An untraced transaction before the traced one, in the same block. */
  prior?: TxSpec;
  tx: TxSpec;
  tracer: TracerSpec;
}

export function precompilesAt(fork: Fork): number[] {
  const list = [1, 2, 3, 4];
  if (at(fork, 'byzantium')) list.push(5, 6, 7, 8);
  if (at(fork, 'istanbul')) list.push(9);
  if (at(fork, 'prague')) list.push(0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11);
  if (at(fork, 'osaka')) list.push(0x100);
  return list;
}

function programContext(fork: Fork, self: number): ProgramContext {
  let labels = 0;
  return {
    self,
    precompiles: precompilesAt(fork),
    has: (op) => laterOpcodes[op] === undefined || at(fork, laterOpcodes[op]),
    label: () => `L${labels++}`,
  };
}

function randomTx(r: Random, fork: Fork, baseFee: bigint, traced: boolean): TxSpec {
  const london = at(fork, 'london');
  const kind = r.weighted({
    call: traced ? 4 : 0,
    legacy: 1,
    accessList: at(fork, 'berlin') ? 1 : 0,
    dynamicFee: london ? 3 : 0,
    setCode: at(fork, 'prague') ? 1 : 0,
  });
  const to = traced && kind !== 'setCode' && r.chance(0.08) ? 'create' : r.chance(0.85) ? 0 : r.int(contractAddresses.length);
  // An earlier transaction must be valid: geth refuses to trace after one that fails.
  const gas = traced ? BigInt(r.pick([21000 + r.int(3000), 30000 + r.int(20000), 100000, 300000, 1000000, 3000000])) : 3000000n;
  const value = traced ? r.pick([0n, 0n, 0n, 1n, 10n ** 18n, 10n ** 24n]) : 0n;
  const data = '0x' + r.hex(r.pick([0, 0, 4, 32, 36, 68]));
  const tip = BigInt(r.int(4));
  let fees: TxSpec['fees'] = {};
  if (kind === 'legacy' || kind === 'accessList') fees = { gasPrice: baseFee + tip + BigInt(r.int(3)) };
  // Now and then a fee cap below the base fee: the transaction is refused.
  if (kind === 'dynamicFee' || kind === 'setCode')
    fees = {
      ...(traced && r.chance(0.05) && baseFee > 1n
        ? { maxFeePerGas: baseFee - 1n, maxPriorityFeePerGas: 0n }
        : { maxFeePerGas: baseFee + tip + BigInt(r.int(3)), maxPriorityFeePerGas: tip }),
    };
  if (kind === 'call')
    fees = r.pick<TxSpec['fees']>(
      london ? [{}, {}, { gasPrice: baseFee + tip }, { maxFeePerGas: baseFee + 5n, maxPriorityFeePerGas: tip }] : [{}, { gasPrice: tip }],
    );
  const spec: TxSpec = { kind, to, gas, value, data, fees };
  if (kind !== 'call' && kind !== 'legacy' && r.chance(0.4)) {
    spec.accessList = [
      { address: r.pick([...contractAddresses, plainAccount]), storageKeys: r.chance(0.5) ? ['0x' + '00'.repeat(31) + '01'] : [] },
    ];
  }
  if (kind === 'setCode') {
    spec.authorizations = Array.from({ length: r.int(2) + 1 }, () => ({
      authority: r.int(authorityKeys.length),
      address: r.pick([contractAddresses[2], contractAddresses[1], '0x' + '00'.repeat(20)]),
      chainId: r.pick([chainId, chainId, 0, 99]),
      nonceOffset: r.pick([0, 0, 0, 1]),
    }));
  }
  return spec;
}

/** Mostly the latest forks, now and then any earlier one. */
const forkWeights: Record<Fork, number> = {
  ...Object.fromEntries(forks.map((fork) => [fork, 0.25])),
  osaka: 6,
  prague: 2,
  cancun: 1,
  shanghai: 1,
};

/** The case of a seed; `fork`: at this fork rather than a drawn one. */
export function randomCase(seed: number, fork?: Fork): CaseSpec {
  const r = new Random(seed);
  fork ??= r.weighted(forkWeights);
  const london = at(fork, 'london');
  const baseFee = london ? BigInt(r.pick([7, 7, 1, 1000])) : 0n;
  const number = BigInt(r.int(5000) + 1);
  const hash = () => '0x' + r.hex(32);
  const blockHashes: Record<string, string> = {};
  for (const back of [1n, 2n, 3n, 256n]) if (number - back > 0n) blockHashes[(number - back).toString()] = hash();
  const block = {
    number,
    timestamp: BigInt(1_700_000_000 + r.int(10_000_000)),
    coinbase: r.pick(['0x' + '00'.repeat(20), '0x' + r.hex(20), plainAccount, contractAddresses[0]]),
    baseFee,
    randao: hash(),
    hash: hash(),
    parentHash: hash(),
    blockHashes,
  };
  const contracts = contractAddresses.map((_, self): ContractSpec => {
    const ctx = programContext(fork, self);
    const length = r.int([8, 5, 4][self]) + (self === 0 ? 2 : 0);
    const snippets = Array.from({ length }, () => snippet(r, ctx));
    const storage: Record<string, string> = {};
    for (let s = 0; s < 4; s++)
      if (r.chance(0.4))
        storage['0x' + s.toString(16).padStart(64, '0')] =
          '0x' +
          r
            .pick([1n, 2n, r.word() || 1n])
            .toString(16)
            .padStart(64, '0');
    return { snippets, end: terminator(r, ctx), balance: r.pick([0n, 1000n, 10n ** 18n]), storage };
  });
  const prior = r.chance(0.12) ? randomTx(r, fork, baseFee, false) : undefined;
  const tx = randomTx(r, fork, baseFee, true);
  const opcodes = [
    ...new Set(contracts.flatMap((c) => [...c.snippets, c.end].flatMap((s) => s.items.filter((i): i is string => typeof i === 'string')))),
  ];
  const names = new Map<string, number>([
    ['SSTORE', 0x55],
    ['SLOAD', 0x54],
    ['CALL', 0xf1],
    ['CREATE', 0xf0],
    ['CREATE2', 0xf5],
    ['REVERT', 0xfd],
    ['RETURN', 0xf3],
    ['LOG1', 0xa1],
    ['MSTORE', 0x52],
  ]);
  const tracer = randomTracer(
    r,
    opcodes.filter((o) => names.has(o)).map((o) => names.get(o)!),
  );
  return { seed, fork, block, contracts, senderNonce: r.int(4), prior, tx, tracer };
}

function chainConfig(fork: Fork): TraceJob['chainConfig'] {
  return chainConfigFor(chainId, fork);
}

function preState(spec: CaseSpec): Record<string, AllocAccount> {
  const state: Record<string, AllocAccount> = {
    [sender]: { balance: '0x' + (10n ** 24n * 3n).toString(16), nonce: spec.senderNonce },
    [plainAccount]: { balance: '0xde0b6b3a7640000' },
    [delegatedAccount]: { balance: '0x3e8', code: '0xef0100' + contractAddresses[2].slice(2) },
  };
  for (const authority of authorities) state[authority] = { balance: '0x3e8', nonce: 1 };
  spec.contracts.forEach((contract, i) => {
    state[contractAddresses[i]] = {
      balance: '0x' + contract.balance.toString(16),
      nonce: 1,
      code: codeOf(spec, i),
      storage: contract.storage,
    };
  });
  return state;
}

/** The code of contract `index` (0 is also the init code of a create transaction). */
export function codeOf(spec: CaseSpec, index: number): string {
  return contractCode(spec.contracts[index].snippets, spec.contracts[index].end, at(spec.fork, 'shanghai'));
}

/** The job transaction for a TxSpec: an unsigned call, or a transaction signed by the sender. */
function jobTransaction(spec: CaseSpec, tx: TxSpec, nonce: number): JobTransaction {
  const to = tx.to === 'create' ? undefined : (contractAddresses[tx.to] as `0x${string}`);
  const data = tx.to === 'create' ? codeOf(spec, 0) : tx.data;
  const q = (v: bigint | undefined) => (v === undefined ? undefined : '0x' + v.toString(16));
  if (tx.kind === 'call') {
    const call: CallObject = { from: sender, to: to ?? null, gas: q(tx.gas), value: q(tx.value), data };
    if (tx.fees.gasPrice !== undefined) call.gasPrice = q(tx.fees.gasPrice);
    if (tx.fees.maxFeePerGas !== undefined) call.maxFeePerGas = q(tx.fees.maxFeePerGas);
    if (tx.fees.maxPriorityFeePerGas !== undefined) call.maxPriorityFeePerGas = q(tx.fees.maxPriorityFeePerGas);
    return { call };
  }
  const common = commonFor(chainConfig(spec.fork), spec.block.number, spec.block.timestamp);
  const fields = { nonce: BigInt(nonce), gasLimit: tx.gas, to, value: tx.value, data: data as `0x${string}`, chainId: BigInt(chainId) };
  const accessList = (tx.accessList ?? []).map((e) => ({
    address: e.address as `0x${string}`,
    storageKeys: e.storageKeys as `0x${string}`[],
  }));
  let unsigned: TypedTransaction;
  if (tx.kind === 'legacy') unsigned = createLegacyTx({ ...fields, gasPrice: tx.fees.gasPrice }, { common });
  else if (tx.kind === 'accessList') unsigned = createAccessList2930Tx({ ...fields, gasPrice: tx.fees.gasPrice, accessList }, { common });
  else if (tx.kind === 'dynamicFee')
    unsigned = createFeeMarket1559Tx(
      { ...fields, maxFeePerGas: tx.fees.maxFeePerGas, maxPriorityFeePerGas: tx.fees.maxPriorityFeePerGas, accessList },
      { common },
    );
  else {
    const authorizationList = (tx.authorizations ?? []).map((a) =>
      eoaCode7702SignAuthorization(
        {
          chainId: q(BigInt(a.chainId))! as `0x${string}`,
          address: a.address as `0x${string}`,
          nonce: q(BigInt(1 + a.nonceOffset))! as `0x${string}`,
        },
        authorityKeys[a.authority],
      ),
    );
    unsigned = createEOACode7702Tx(
      { ...fields, maxFeePerGas: tx.fees.maxFeePerGas, maxPriorityFeePerGas: tx.fees.maxPriorityFeePerGas, accessList, authorizationList },
      { common },
    );
  }
  return { raw: bytesToHex(unsigned.sign(senderKey).serialize()) };
}

export function caseJob(spec: CaseSpec): TraceJob {
  const b = spec.block;
  const q = (v: bigint) => '0x' + v.toString(16);
  const merged = at(spec.fork, 'paris');
  const transactions: JobTransaction[] = [];
  if (spec.prior) transactions.push(jobTransaction(spec, spec.prior, spec.senderNonce));
  // A call after a signed transaction keeps the sender's nonce in step only for signed ones.
  transactions.push(jobTransaction(spec, spec.tx, spec.senderNonce + (spec.prior ? 1 : 0)));
  const { tracer, tracerConfig } = renderTracer(spec.tracer);
  return {
    chainConfig: chainConfig(spec.fork),
    preState: preState(spec),
    block: {
      number: q(b.number),
      timestamp: q(b.timestamp),
      gasLimit: q(30_000_000n),
      // After the Merge the difficulty is 0 and PREVRANDAO reads the mix hash.
      difficulty: merged ? '0x0' : q(131072n + b.number),
      coinbase: b.coinbase,
      ...(at(spec.fork, 'london') ? { baseFeePerGas: q(b.baseFee) } : {}),
      ...(at(spec.fork, 'cancun') ? { excessBlobGas: '0x0' } : {}),
      ...(merged ? { prevRandao: b.randao } : {}),
      hash: b.hash,
      parentHash: b.parentHash,
    },
    transactions,
    trace: [transactions.length - 1],
    tracer,
    ...(tracerConfig === undefined ? {} : { tracerConfig }),
    timeoutMs: 60_000,
    blockHashes: b.blockHashes,
  };
}
