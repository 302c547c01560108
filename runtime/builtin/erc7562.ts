// geth's erc7562Tracer: the call tree of an ERC-4337 validation with what the ERC-7562 rules check per frame
// (opcodes used, storage slots read with their value before the first read, slots written, transient
// slots, EXTCODE* targets, code sizes of accounts called or inspected, out of gas), plus every KECCAK256
// preimage of the transaction at the top.
import { bytesToHex, bigIntToBytes, setLengthLeft } from '@ethereumjs/util';
import type { BuiltinFactory, BuiltinTracer } from './builtin-tracer';
import { erc7562Config, type Erc7562Config } from './erc7562-config';
import { hexBytes, quantity } from './json-hex';
import { readMemory } from '../evm/memory';
import { revertReason } from './revert-reason';
import type { EnterView, ExitView, StepView, TxContextView } from '../evm/views';
import type { StateReader } from '../state/state-reader';
import type { TxStartEnv } from '../evm/tx-tracer';
import { callOpcodes, op } from '../../core/api/opcodes';

const { KECCAK256, SLOAD, SSTORE, TLOAD, TSTORE, GAS, ISZERO, EXTCODESIZE, EXTCODECOPY, EXTCODEHASH, RETURN, REVERT, LOG0, LOG4 } = op;
const extOps = new Set<number>([EXTCODESIZE, EXTCODECOPY, EXTCODEHASH]);

/** The stack items geth's OnOpcode reads for each opcode. It reads them also where fewer are there (a stack
 * underflow, an opcode of a later fork, undefined here) and panics, which its RPC layer answers with
 * 'method handler crashed'. */
const itemsRead = new Uint8Array(256);
for (const code of [...extOps, SLOAD, SSTORE, TLOAD, TSTORE]) itemsRead[code] = 1;
for (const code of [KECCAK256, ...callOpcodes]) itemsRead[code] = 2;

interface Log {
  address: string;
  topics: string[];
  data: string;
  index: number;
  position: number;
}

interface Frame {
  type: string;
  from: Uint8Array;
  to: Uint8Array | undefined;
  input: Uint8Array;
  gas: bigint;
  gasUsed: bigint;
  output?: Uint8Array;
  error?: string;
  revertReason?: string;
  logs: Log[];
  value: bigint | undefined;
  reads: Map<string, string[]>;
  writes: Map<string, number>;
  transientReads: Map<string, number>;
  transientWrites: Map<string, number>;
  extCodeAccessInfo: string[];
  usedOpcodes: Map<number, number>;
  contractSize: Map<string, { contractSize: number; opcode: number }>;
  outOfGas: boolean;
  calls: Frame[];
}

function newFrame(
  type: string,
  from: Uint8Array,
  to: Uint8Array | undefined,
  input: Uint8Array,
  gas: bigint,
  value: bigint | undefined,
): Frame {
  return {
    // Copies: call data and outputs can be views of EVM memory that later opcodes overwrite.
    type,
    from,
    to,
    input: input.slice(),
    gas,
    gasUsed: 0n,
    logs: [],
    value,
    reads: new Map(),
    writes: new Map(),
    transientReads: new Map(),
    transientWrites: new Map(),
    extCodeAccessInfo: [],
    usedOpcodes: new Map(),
    contractSize: new Map(),
    outOfGas: false,
    calls: [],
  };
}

/** geth's output handling: a failed frame keeps output only for a revert (with its decoded reason); a failed create has no `to`. */
function settle(frame: Frame, output: Uint8Array, error: string | undefined): void {
  if (error === undefined) {
    frame.output = output.slice();
    return;
  }
  frame.error = error;
  if (frame.type === 'CREATE' || frame.type === 'CREATE2') frame.to = undefined;
  if (error !== 'execution reverted' || output.length === 0) return;
  frame.output = output.slice();
  frame.revertReason = revertReason(output);
}

const codeStoreOutOfGas = 'contract creation code storage out of gas';

const word = (value: bigint) => setLengthLeft(bigIntToBytes(value), 32);
const addressHex = (value: bigint) => bytesToHex(word(value).subarray(12));
const inc = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

class Erc7562Tracer implements BuiltinTracer {
  readonly steps = 'all';
  private readonly stack: Frame[] = [];
  private readonly keccak = new Set<string>();
  private last: { op: number; top: bigint | undefined } | undefined;
  private txGas = 0n;
  private state: StateReader | undefined;
  private logIndex = 0;
  /** Before Homestead a create that cannot pay for its code store reverts nothing: geth counts it a success. */
  private homestead = true;
  /** geth's tracer panicked: the whole trace fails. */
  private crashed = false;

  constructor(private readonly config: Erc7562Config) {}

  txStart(env: TxStartEnv): void {
    this.state = env.state;
    // geth numbers logs block-wide.
    this.logIndex = env.firstLogIndex;
    this.homestead = env.common.gteHardfork('homestead');
  }

  setContext(fields: TxContextView): void {
    if (fields.gas !== undefined) this.txGas = fields.gas;
    if (fields.type !== undefined) this.stack.push(newFrame(fields.type, fields.from!, fields.to, fields.input!, this.txGas, fields.value));
    const root = this.stack[0];
    if (!root) return;
    if (fields.to !== undefined) root.to = fields.to;
    if (fields.output !== undefined) settle(root, fields.output, this.kept(fields.error));
    if (fields.gasUsed !== undefined) root.gasUsed = fields.gasUsed;
  }

  enter(view: EnterView): void {
    this.stack.push(newFrame(view.type, view.from, view.to, view.input, view.gas, view.value));
  }

  exit(view: ExitView): void {
    if (this.stack.length <= 1) return;
    const frame = this.stack.pop()!;
    const error = view.error;
    frame.outOfGas = error !== undefined && (error.startsWith('out of gas') || error === codeStoreOutOfGas);
    frame.gasUsed = view.gasUsed;
    settle(frame, view.output, this.kept(error));
    this.stack.at(-1)!.calls.push(frame);
  }

  fault(): void {}

  /** A frame's error as geth's processOutput keeps it: none for what reverted nothing. */
  private kept(error: string | undefined): string | undefined {
    return !this.homestead && error === codeStoreOutOfGas ? undefined : error;
  }

  step(view: StepView): void {
    const frame = this.stack.at(-1);
    if (!frame || this.crashed) return;
    const { op, stack } = view;
    if (stack.length < itemsRead[op]) {
      this.crashed = true;
      return;
    }
    const top = (i: number): bigint | undefined => stack[stack.length - 1 - i];
    if (op === RETURN || op === REVERT) this.last = undefined;
    const last = this.last;
    // [OP-051] an EXTCODE* result used for anything but EXTCODESIZE's ISZERO check.
    if (last && extOps.has(last.op) && last.top !== undefined && !(last.op === EXTCODESIZE && op === ISZERO)) {
      frame.extCodeAccessInfo.push(addressHex(last.top));
    }
    // [OP-041] the code size of every account inspected or called, first opcode wins.
    const target = extOps.has(op) ? top(0) : callOpcodes.has(op) ? top(1) : undefined;
    if (target !== undefined) {
      const address = addressHex(target);
      if (!frame.contractSize.has(address))
        frame.contractSize.set(address, { contractSize: this.state!.code(word(target).subarray(12)).length, opcode: op });
    }
    // [OP-012] GAS counts only when its value is used by something other than a call.
    if (last?.op === GAS && !callOpcodes.has(op)) inc(frame.usedOpcodes, GAS);
    if (op !== GAS && !this.config.ignoredOpcodes.has(op)) inc(frame.usedOpcodes, op);
    this.storageAccess(frame, view);
    const offset = top(0),
      size = top(1);
    if (op === KECCAK256 && offset !== undefined && size !== undefined) this.keccak.add(hexBytes(readMemory(view.memory, offset, size)));
    if (this.config.withLog && op >= LOG0 && op <= LOG4 && view.error === undefined) this.log(frame, view);
    this.last = { op, top: top(0) };
  }

  result() {
    if (this.crashed) return { error: 'method handler crashed' };
    if (this.stack.length !== 1) return { error: 'incorrect number of top-level calls' };
    const root = this.stack[0];
    if (this.config.withLog) clearFailedLogs(root, false);
    const keccak = [...this.keccak].sort();
    return { json: frameJson(root, keccak) };
  }

  private storageAccess(frame: Frame, view: StepView): void {
    const op = view.op;
    if (op !== SLOAD && op !== SSTORE && op !== TLOAD && op !== TSTORE) return;
    const top = view.stack.at(-1);
    if (top === undefined) return;
    const slot = bytesToHex(word(top));
    if (op === SLOAD) {
      // The value before the frame's first access: a slot written first is not a read of the old value.
      if (!frame.reads.has(slot) && !frame.writes.has(slot)) {
        frame.reads.set(slot, [bytesToHex(setLengthLeft(this.state!.storage(view.frame.address, word(top)), 32))]);
      }
    } else if (op === SSTORE) inc(frame.writes, slot);
    else if (op === TLOAD) inc(frame.transientReads, slot);
    else inc(frame.transientWrites, slot);
  }

  private log(frame: Frame, view: StepView): void {
    const s = view.stack;
    const count = view.op - LOG0;
    if (s.length < 2 + count) return;
    const topics = Array.from({ length: count }, (_, i) => bytesToHex(word(s[s.length - 3 - i])));
    frame.logs.push({
      address: bytesToHex(view.frame.address),
      topics,
      data: hexBytes(readMemory(view.memory, s[s.length - 1], s[s.length - 2])),
      index: this.logIndex++,
      position: frame.calls.length,
    });
  }
}

/** Logs of a reverted frame, and of everything under it, never happened. */
function clearFailedLogs(frame: Frame, parentFailed: boolean): void {
  const failed = parentFailed || frame.error !== undefined;
  if (failed) frame.logs = [];
  for (const call of frame.calls) clearFailedLogs(call, failed);
}

const mapJson = <V>(map: Map<string, V>, value: (v: V) => string) =>
  `{${[...map.keys()]
    .sort()
    .map((k) => `"${k}":${value(map.get(k)!)}`)
    .join(',')}}`;

/** geth's field order; maps with sorted keys as Go prints them. */
function frameJson(frame: Frame, keccak?: string[]): string {
  const parts = [`"from":"${bytesToHex(frame.from)}"`, `"gas":"${quantity(frame.gas)}"`, `"gasUsed":"${quantity(frame.gasUsed)}"`];
  if (frame.to) parts.push(`"to":"${bytesToHex(frame.to)}"`);
  parts.push(`"input":"${hexBytes(frame.input)}"`);
  if (frame.output && frame.output.length > 0) parts.push(`"output":"${hexBytes(frame.output)}"`);
  if (frame.error) parts.push(`"error":${JSON.stringify(frame.error)}`);
  if (frame.revertReason) parts.push(`"revertReason":${JSON.stringify(frame.revertReason)}`);
  if (frame.logs.length > 0) {
    const logs = frame.logs.map(
      (l) =>
        `{"address":"${l.address}","topics":[${l.topics.map((t) => `"${t}"`).join(',')}],"data":"${l.data}","index":"${quantity(l.index)}","position":"${quantity(l.position)}"}`,
    );
    parts.push(`"logs":[${logs.join(',')}]`);
  }
  if (frame.value !== undefined) parts.push(`"value":"${quantity(frame.value)}"`);
  const count = (n: number) => String(n);
  parts.push(
    `"accessedSlots":{"reads":${mapJson(frame.reads, (v) => `[${v.map((x) => `"${x}"`).join(',')}]`)},"writes":${mapJson(frame.writes, count)},` +
      `"transientReads":${mapJson(frame.transientReads, count)},"transientWrites":${mapJson(frame.transientWrites, count)}}`,
  );
  parts.push(`"extCodeAccessInfo":[${frame.extCodeAccessInfo.map((a) => `"${a}"`).join(',')}]`);
  const opcodes = new Map([...frame.usedOpcodes].map(([op, n]) => [quantity(op), n]));
  parts.push(`"usedOpcodes":${mapJson(opcodes, count)}`);
  parts.push(`"contractSize":${mapJson(frame.contractSize, (c) => `{"contractSize":${c.contractSize},"opcode":${c.opcode}}`)}`);
  parts.push(`"outOfGas":${frame.outOfGas}`);
  if (keccak && keccak.length > 0) parts.push(`"keccak":[${keccak.map((k) => `"${k}"`).join(',')}]`);
  if (frame.calls.length > 0) parts.push(`"calls":[${frame.calls.map((c) => frameJson(c)).join(',')}]`);
  parts.push(`"type":"${frame.type}"`);
  return `{${parts.join(',')}}`;
}

export const erc7562Tracer: BuiltinFactory = (text) => {
  const config = erc7562Config(text);
  if ('error' in config) return config;
  return new Erc7562Tracer(config);
};
