// One JavaScript tracer for one transaction, run the way geth runs it (spec §1, §2, §3), driven from the
// host side: the EVM's views go in through the Bridge (primitives only), the hooks run inside the tracer's
// sealed realm (../inside), and what comes back is geth's error text or result JSON.
import * as vm from 'node:vm';
import { bigIntToUnpaddedBytes, generateAddress, generateAddress2 } from '@ethereumjs/util';
import { readMemory } from '../../evm/memory';
import { targetOpcodeName } from '../../evm/target-texts';
import type { TargetTraits } from '../../evm/target';
import { ContextKind, type Bridge, type ByteString, type RealmApi } from '../bridge';
import { fromByteString, toByteString, toByteStringForDebugger, toQuantity } from './crossing';
import { returnsOnlyNewValues } from './fresh-returns';
import { createRealm, type TracerRealm } from './realm';
import { decodeResult } from './result-json';
import { parseWrapped, v8SyntaxError } from './syntax-error';
import { emptyStep, type EnterView, type ExitView, type StepView, type TxContextView } from '../../evm/views';
import type { StateReader } from '../../state/state-reader';
import type { Serialised } from '../../evm/tx-hooks';
import type { HookName } from '../../../core/api/hook-names';

export type { HookName };

interface TracerHostOptions {
  source: string;
  /** The tracer file's URL in a debug run (else the script is geth's `<eval>`). */
  url?: string;
  /** Raw tracerConfig JSON text; `"{}"` when absent or empty. */
  config?: string;
  /** ctx fields known before evaluation (blockHash, txIndex, txHash). */
  initialContext?: TxContextView;
  /** The hooks' locations, known once the tracer expression is evaluated (before `setup` runs). */
  onLocated?: (locations: Partial<Record<HookName, string>>) => void;
  /** Told which hook is about to run (the worker shares it with the process that enforces the time-out). */
  onHook?: (hook: HookName) => void;
  /** Whose tracer API to give (target.ts). */
  traits: TargetTraits;
}

const maxUint64 = (1n << 64n) - 1n;
const hookNames: HookName[] = ['setup', 'result', 'fault', 'step', 'enter', 'exit'];

export class TracerHost {
  /** Set once the tracer expression is adopted. */
  hasStep = false;
  hasEnterExit = false;

  private readonly realm: TracerRealm;
  private readonly api: RealmApi;
  private stepView: StepView = emptyStep;
  private enterView!: EnterView;
  private exitView!: ExitView;
  private state!: StateReader;
  private precompiles = new Set<ByteString>();
  private lastHook: HookName | undefined;

  private constructor(private readonly options: TracerHostOptions) {
    this.realm = createRealm(this.bridge(options.url !== undefined), {
      previews: options.url !== undefined,
      hookErrorEndsTracer: options.traits.hookErrorEndsTracer,
      unsetLogCrashes: options.traits.unsetLogCrashes,
    });
    this.api = this.realm.api;
  }

  /** Builds the tracer, or returns geth's construction error text. */
  static create(options: TracerHostOptions): { host: TracerHost } | { error: string } {
    const wrapped = `(${options.source})`;
    const parsed = parseWrapped(wrapped);
    if (parsed.error) return { error: parsed.error };
    const host = new TracerHost(options);
    const { api, context, importModuleDynamically } = host.realm;
    let value: unknown;
    try {
      // Under the file's URL the opening `(` sits at column -1, so the file's own columns hold on line 1 too.
      const where = options.url === undefined ? { filename: '<eval>' } : { filename: options.url, columnOffset: -1 };
      const script = new vm.Script(wrapped, { ...where, importModuleDynamically: importModuleDynamically as never });
      try {
        value = script.runInContext(context);
      } catch (thrown) {
        return { error: api.constructionError(thrown) };
      }
    } catch (error) {
      return { error: v8SyntaxError(error) };
    }
    const invalid = api.adopt(value, wrapped);
    if (invalid !== undefined) return { error: invalid };
    if (parsed.program && returnsOnlyNewValues(parsed.program, api.hookOffset('result'))) api.resultBuildsItsValues();
    host.hasStep = api.hasHook('step');
    host.hasEnterExit = api.hasHook('enter');
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
      // geth's goja gets the gas figures as float64 numbers, the words (value, gasPrice) as big integers.
      else if (key === 'gas' || key === 'gasUsed') this.api.setContext(key, ContextKind.Number, Number(value));
      else if (typeof value === 'bigint') this.api.setContext(key, ContextKind.Word, toQuantity(value));
      else if (typeof value === 'string') this.api.setContext(key, ContextKind.Text, value);
      else this.api.setContext(key, ContextKind.Number, value);
    }
  }

  /** coreth told the tracer nothing of the top call (tx-hooks.ts): only what it knew before it ran stays. */
  topFailedCheck(): void {
    this.api.forgetTopCall();
    this.setContext(this.options.initialContext ?? {});
  }

  step(view: StepView): void {
    // Without a step hook geth never fills `log` in (steps may still run here, for enter/exit).
    if (!this.hasStep) return;
    this.stepView = view;
    this.notify('step');
    this.api.step(
      view.op,
      targetOpcodeName(this.options.traits, view.op),
      view.pc,
      Number(view.gas),
      Number(view.cost),
      view.depth,
      view.refund,
      view.stack.length,
      view.memory.length,
      view.error,
    );
  }

  /** The opcode of the frame's last step failed while executing; `view` is that step with the error set.
   * geth only sets the error on `log`: without a step hook the rest stays as it never was filled in. */
  fault(view: StepView): void {
    const log = this.hasStep ? view : { ...emptyStep, error: view.error };
    this.stepView = log;
    this.notify('fault');
    this.api.fault(
      log.op,
      targetOpcodeName(this.options.traits, log.op),
      log.pc,
      Number(log.gas),
      Number(log.cost),
      log.depth,
      log.refund,
      log.stack.length,
      log.memory.length,
      log.error,
    );
  }

  enter(view: EnterView): void {
    this.enterView = view;
    if (!this.hasEnterExit) return;
    this.notify('enter');
    this.api.enter(view.type, Number(view.gas));
  }

  exit(view: ExitView): void {
    this.exitView = view;
    if (!this.hasEnterExit) return;
    this.notify('exit');
    this.api.exit(Number(view.gasUsed), view.error);
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

  /** The host functions handed to the realm: primitives in, primitives out, read from the views the EVM
   * side last wrote. */
  private bridge(debugRun: boolean): Bridge {
    const bytes = debugRun ? toByteStringForDebugger : toByteString;
    const address = fromByteString;
    const frame = () => this.stepView.frame;
    return {
      stackItem: (index) => {
        const items = this.stepView.stack;
        return toQuantity(items[items.length - 1 - index]);
      },
      memorySlice: (begin, end) => bytes(this.readMemory(begin, end)),
      memoryWord: (offset) => wordHex(this.stepView.memory, offset),
      contractAddress: () => bytes(frame().address),
      contractCaller: () => bytes(frame().caller),
      contractValue: () => toQuantity(frame().value),
      contractInput: () => bytes(frame().input),
      frameFrom: () => bytes(this.enterView.from),
      frameTo: () => bytes(this.enterView.to),
      frameInput: () => bytes(this.enterView.input),
      frameValue: () => (this.enterView.value === undefined ? undefined : toQuantity(this.enterView.value)),
      frameOutput: () => bytes(this.exitView.output),
      balance: (a) => toQuantity(this.state.balance(address(a))),
      nonce: (a) => Number(this.state.nonce(address(a))),
      code: (a) => bytes(this.state.code(address(a))),
      // geth's getState answers 32 bytes whatever the backend stored.
      storage: (a, slot) => bytes(fitWord(this.state.storage(address(a), fromByteString(slot)))),
      exists: (a) => this.state.exists(address(a)),
      createAddress: (from, nonce) => bytes(generateAddress(address(from), bigIntToUnpaddedBytes(uint64(nonce)))),
      create2Address: (from, salt, initCode) => bytes(generateAddress2(address(from), fromByteString(salt), fromByteString(initCode))),
      isPrecompiled: (a) => this.precompiles.has(a),
    };
  }

  private readMemory(begin: number, end: number): Uint8Array {
    return readMemory(this.stepView.memory, BigInt(begin), BigInt(end - begin));
  }
}

/** The 32-byte word at `offset` of `memory` (zeros past its end) as 64 hex digits, read in place: no copy
 * and no Buffer, so a debugger may read it with side effects forbidden (see toByteStringForDebugger). */
function wordHex(memory: Uint8Array, offset: number): string {
  let out = '';
  for (let i = offset; i < offset + 32; i++) {
    const byte = i < memory.length ? memory[i] : 0;
    out += (byte < 16 ? '0' : '') + byte.toString(16);
  }
  return out;
}

function fitWord(value: Uint8Array): Uint8Array {
  const word = new Uint8Array(32);
  word.set(value.subarray(Math.max(0, value.length - 32)), Math.max(0, 32 - value.length));
  return word;
}

/** A nonce as geth's uint64 (the realm's ToInteger may give Infinity or more than 2^64). */
function uint64(nonce: number): bigint {
  if (!Number.isFinite(nonce)) return maxUint64;
  const n = BigInt(nonce);
  return n > maxUint64 ? maxUint64 : n;
}
