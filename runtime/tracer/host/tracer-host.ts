// One JavaScript tracer for one transaction, run the way geth runs it (spec §1, §2, §3), driven from the
// host side: the EVM's views go in through the Bridge (primitives only), the hooks run inside the tracer's
// sealed realm (../inside), and what comes back is geth's error text or result JSON.
import * as vm from 'node:vm';
import { bigIntToUnpaddedBytes, generateAddress, generateAddress2 } from '@ethereumjs/util';
import { opcodeName } from '../../evm/opcode-names';
import { ContextKind, type Bridge, type RealmApi } from '../bridge';
import { fromByteString, toByteString, toQuantity } from './crossing';
import { createRealm } from './realm';
import { decodeResult } from './result-json';
import { gethSyntaxError, v8SyntaxError } from './syntax-error';
import type { EnterView, ExitView, StateReader, StepView, TxContextView } from './views';

export type HookName = 'setup' | 'step' | 'fault' | 'enter' | 'exit' | 'result';
export type Serialised = { json: string } | { error: string };

export interface TracerHostOptions {
  source: string;
  /** Raw tracerConfig JSON text; `"{}"` when absent or empty. */
  config?: string;
  /** ctx fields known before evaluation (blockHash, txIndex, txHash). */
  initialContext?: TxContextView;
  /** The hooks' locations, known once the tracer expression is evaluated (before `setup` runs). */
  onLocated?: (locations: Partial<Record<HookName, string>>) => void;
  /** Told which hook is about to run (the worker shares it with the process that enforces the time-out). */
  onHook?: (hook: HookName) => void;
}

/** The `log` a tracer sees before any step was recorded (geth: op STOP, zeros, empty stack and memory). */
export const emptyStep: StepView = {
  op: 0, pc: 0, gas: 0, cost: 0, depth: 0, refund: 0, stack: [], memory: new Uint8Array(0), error: undefined,
  frame: { address: new Uint8Array(20), caller: new Uint8Array(20), value: 0n, input: new Uint8Array(0) },
};

const maxUint64 = (1n << 64n) - 1n;
const hookNames: HookName[] = ['setup', 'result', 'fault', 'step', 'enter', 'exit'];

export class TracerHost {
  readonly hasStep: boolean;
  readonly hasEnterExit: boolean;

  private stepView: StepView = emptyStep;
  private enterView!: EnterView;
  private exitView!: ExitView;
  private state!: StateReader;
  private precompiles = new Set<string>();
  private lastHook: HookName | undefined;

  private constructor(
    private readonly api: RealmApi,
    private readonly options: TracerHostOptions,
  ) {
    this.hasStep = api.hasHook('step');
    this.hasEnterExit = api.hasHook('enter');
  }

  /** Builds the tracer, or returns geth's construction error text. */
  static create(options: TracerHostOptions): { host: TracerHost } | { error: string } {
    const wrapped = `(${options.source})`;
    const syntax = gethSyntaxError(wrapped);
    if (syntax) return { error: syntax };
    let host: TracerHost | undefined;
    const realm = createRealm(bridgeOf(() => host!));
    let script: vm.Script;
    try {
      script = new vm.Script(wrapped, { filename: '<eval>', importModuleDynamically: realm.importModuleDynamically as never });
    } catch (error) {
      return { error: v8SyntaxError(error) };
    }
    const { api } = realm;
    let value: unknown;
    try {
      value = script.runInContext(realm.context);
    } catch (thrown) {
      return { error: api.constructionError(thrown) };
    }
    const invalid = api.adopt(value, wrapped);
    if (invalid !== undefined) return { error: invalid };
    host = new TracerHost(api, options);
    host.setContext(options.initialContext ?? {});
    const locations: Partial<Record<HookName, string>> = {};
    for (const name of hookNames) if (api.hasHook(name)) locations[name] = api.hookLocation(name);
    options.onLocated?.(locations);
    if (api.hasHook('setup')) {
      host.notify('setup');
      const failed = api.setup(options.config === undefined || options.config === '' ? '{}' : options.config);
      if (failed !== undefined) return { error: failed };
    }
    return { host };
  }

  /** Transaction start: the live state, the fork's precompiles. */
  begin(state: StateReader, precompiles: Uint8Array[]): void {
    this.state = state;
    this.precompiles = new Set(precompiles.map(toByteString));
  }

  setContext(fields: TxContextView): void {
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      if (value instanceof Uint8Array) this.api.setContext(key, ContextKind.Bytes, toByteString(value));
      else if (typeof value === 'bigint') this.api.setContext(key, ContextKind.Word, toQuantity(value));
      else if (typeof value === 'string') this.api.setContext(key, ContextKind.Text, value);
      else this.api.setContext(key, ContextKind.Number, value);
    }
  }

  step(view: StepView): void {
    this.stepView = view;
    if (!this.hasStep) return;
    this.notify('step');
    this.api.step(view.op, opcodeName(view.op), view.pc, view.gas, view.cost, view.depth, view.refund, view.stack.length, view.memory.length, view.error);
  }

  /** The opcode of the frame's last step failed while executing; `view` is that step with the error set. */
  fault(view: StepView): void {
    this.stepView = view;
    this.notify('fault');
    this.api.fault(view.op, opcodeName(view.op), view.pc, view.gas, view.cost, view.depth, view.refund, view.stack.length, view.memory.length, view.error);
  }

  enter(view: EnterView): void {
    this.enterView = view;
    if (!this.hasEnterExit) return;
    this.notify('enter');
    this.api.enter(view.type, view.gas);
  }

  exit(view: ExitView): void {
    this.exitView = view;
    if (!this.hasEnterExit) return;
    this.notify('exit');
    this.api.exit(view.gasUsed, view.error);
  }

  result(): Serialised {
    this.notify('result');
    return decodeResult(this.api.result());
  }

  private notify(name: HookName): void {
    if (this.lastHook === name) return;
    this.lastHook = name;
    this.options.onHook?.(name);
  }

  /** Bridge answers, from the views the EVM side last wrote. */
  readStack(index: number): bigint {
    const items = this.stepView.stack;
    return items[items.length - 1 - index];
  }

  readMemory(begin: number, end: number): Uint8Array {
    const memory = this.stepView.memory;
    const out = new Uint8Array(end - begin);
    if (begin < memory.length) out.set(memory.subarray(begin, Math.min(end, memory.length)));
    return out;
  }

  get frame() {
    return this.stepView.frame;
  }

  get entered(): EnterView {
    return this.enterView;
  }

  get exited(): ExitView {
    return this.exitView;
  }

  get reader(): StateReader {
    return this.state;
  }

  hasPrecompile(address: string): boolean {
    return this.precompiles.has(address);
  }
}

/** The host functions handed to the realm: primitives in, primitives out. */
function bridgeOf(host: () => TracerHost): Bridge {
  const bytes = (value: Uint8Array) => toByteString(value);
  const address = (text: string) => fromByteString(text);
  return {
    stackItem: (index) => toQuantity(host().readStack(index)),
    memorySlice: (begin, end) => bytes(host().readMemory(begin, end)),
    memoryWord: (offset) => Buffer.from(host().readMemory(offset, offset + 32)).toString('hex'),
    contractAddress: () => bytes(host().frame.address),
    contractCaller: () => bytes(host().frame.caller),
    contractValue: () => toQuantity(host().frame.value),
    contractInput: () => bytes(host().frame.input),
    frameFrom: () => bytes(host().entered.from),
    frameTo: () => bytes(host().entered.to),
    frameInput: () => bytes(host().entered.input),
    frameValue: () => {
      const value = host().entered.value;
      return value === undefined ? undefined : toQuantity(value);
    },
    frameOutput: () => bytes(host().exited.output),
    balance: (a) => toQuantity(host().reader.balance(address(a))),
    nonce: (a) => Number(host().reader.nonce(address(a))),
    code: (a) => bytes(host().reader.code(address(a))),
    storage: (a, slot) => {
      const value = host().reader.storage(address(a), fromByteString(slot));
      // geth's getState answers 32 bytes whatever the backend stored.
      const word = new Uint8Array(32);
      word.set(value.subarray(Math.max(0, value.length - 32)), Math.max(0, 32 - value.length));
      return bytes(word);
    },
    exists: (a) => host().reader.exists(address(a)),
    createAddress: (from, nonce) => {
      // toInteger may give Infinity; geth's nonce is a uint64.
      const n = Number.isFinite(nonce) ? BigInt(nonce) : maxUint64;
      return bytes(generateAddress(address(from), bigIntToUnpaddedBytes(n > maxUint64 ? maxUint64 : n)));
    },
    create2Address: (from, salt, initCode) => bytes(generateAddress2(address(from), fromByteString(salt), fromByteString(initCode))),
    isPrecompiled: (a) => host().hasPrecompile(a),
  };
}
