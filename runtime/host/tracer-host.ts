// One JavaScript tracer for one transaction, run the way geth runs it (spec §1, §2, §3): a fresh context,
// `(`+source+`)` evaluated and validated with geth's texts, `setup` given the raw config, hooks called with
// `this` = the tracer, the first error ending all further hooks, and the result serialised as geth does.
import * as vm from 'node:vm';
import { HostGuard } from './guard';
import { createHelpers } from './helpers';
import { HostStrings } from './host-strings';
import { offsetToLocation, tracerFrame } from './location';
import { createCallFrame, createDb, createFrameResult, createLog, copyBytes, type HostEnv } from './objects';
import { createRealm, toRealmBigInt } from './realm';
import { serialiseResult, type Serialised } from './serialize';
import { gethSyntaxError, v8SyntaxError } from './syntax-error';
import type { EnterView, ExitView, StateReader, StepView, TxContextView } from './views';

export type HookName = 'step' | 'fault' | 'enter' | 'exit' | 'result';
type Hook = (...args: unknown[]) => unknown;

export interface TracerHostOptions {
  source: string;
  /** Raw tracerConfig JSON text; `"{}"` when absent or empty. */
  config?: string;
  /** ctx fields known before evaluation (blockHash, txIndex, txHash). */
  initialContext?: TxContextView;
  /** Told which hook is about to run (the worker shares it with the thread that enforces the time-out). */
  onHook?: (hook: HookName) => void;
}

/** The `log` a tracer sees before any step was recorded (geth: op STOP, zeros, empty stack and memory). */
export const emptyStep: StepView = {
  op: 0, pc: 0, gas: 0, cost: 0, depth: 0, refund: 0, stack: [], memory: new Uint8Array(0), error: undefined,
  frame: { address: new Uint8Array(20), caller: new Uint8Array(20), value: 0n, input: new Uint8Array(0) },
};

export class TracerHost {
  /** The geth error text that ended the trace, if any. */
  failed: string | undefined;
  readonly hasStep: boolean;
  readonly hasEnterExit: boolean;
  /** `fn (<eval>:L:C)` of each hook, for errors raised outside the tracer's own code (time-outs). */
  readonly hookLocations: Partial<Record<HookName, string>>;

  private stepView: StepView = emptyStep;
  private enterView!: EnterView;
  private exitView!: ExitView;
  private state!: StateReader;
  private precompiles = new Set<string>();
  private lastHook: HookName | undefined;
  private readonly log: unknown;
  private readonly db: unknown;
  private readonly callFrame: unknown;
  private readonly frameResult: unknown;
  private readonly ctx: Record<string, unknown>;

  private constructor(
    private readonly env: HostEnv,
    private readonly tracer: object,
    private readonly hooks: Partial<Record<HookName, Hook>>,
    private readonly options: TracerHostOptions,
    wrapped: string,
  ) {
    this.hasStep = hooks.step !== undefined;
    this.hasEnterExit = hooks.enter !== undefined;
    this.log = createLog(env, () => this.stepView);
    this.db = createDb(env, () => this.state);
    this.callFrame = createCallFrame(env, () => this.enterView);
    this.frameResult = createFrameResult(env, () => this.exitView);
    this.ctx = new env.realm.Object() as Record<string, unknown>;
    this.hookLocations = {};
    for (const [name, fn] of Object.entries(hooks) as Array<[HookName, Hook]>) {
      const at = functionLocation(fn, wrapped);
      this.hookLocations[name] = at ? `${name} (<eval>:${at})` : undefined;
    }
  }

  /** Builds the tracer, or returns geth's construction error text. */
  static create(options: TracerHostOptions): { host: TracerHost } | { error: string } {
    const realm = createRealm();
    const strings = new HostStrings();
    const guard = new HostGuard((m) => new realm.Error(m));
    const env: HostEnv = { realm, guard, strings };
    let precompileCheck: (address: Uint8Array) => boolean = () => false;
    const helpers = createHelpers(env, (address) => precompileCheck(address));
    for (const [name, fn] of Object.entries(helpers)) {
      Object.defineProperty(realm.context, name, { value: fn, writable: true, configurable: true, enumerable: false });
    }

    const wrapped = `(${options.source})`;
    const syntax = gethSyntaxError(wrapped);
    if (syntax) return { error: syntax };
    let script: vm.Script;
    try {
      script = new vm.Script(wrapped, { filename: '<eval>' });
    } catch (error) {
      return { error: v8SyntaxError(error) };
    }

    let value: unknown;
    try {
      value = script.runInContext(realm.context);
    } catch (error) {
      return { error: guard.failure ? hostErrorText(guard, undefined) : thrownText(error, undefined) };
    }
    if (value === null || value === undefined) return { error: 'method handler crashed' };
    const object = Object(value) as Record<string, unknown>;
    const hooks: Partial<Record<HookName, Hook>> = {};
    let setup: Hook | undefined;
    try {
      const pick = (name: string) => (typeof object[name] === 'function' ? (object[name] as Hook) : undefined);
      hooks.result = pick('result');
      if (!hooks.result) return { error: 'trace object must expose a function result()' };
      hooks.fault = pick('fault');
      if (!hooks.fault) return { error: 'trace object must expose a function fault()' };
      hooks.step = pick('step');
      hooks.enter = pick('enter');
      hooks.exit = pick('exit');
      if ((hooks.enter === undefined) !== (hooks.exit === undefined)) {
        return { error: 'trace object must expose either both or none of enter() and exit()' };
      }
      setup = pick('setup');
    } catch (error) {
      return { error: thrownText(error, undefined) };
    }
    for (const name of Object.keys(hooks) as HookName[]) if (!hooks[name]) delete hooks[name];

    const host = new TracerHost(env, object, hooks, options, wrapped);
    precompileCheck = (address) => host.precompiles.has(hexKey(address));
    host.setContext(options.initialContext ?? {});
    if (setup) {
      const config = options.config === undefined || options.config === '' ? '{}' : options.config;
      try {
        setup.call(object, config);
      } catch (error) {
        const setupAt = functionLocation(setup, wrapped);
        const fallback = setupAt ? `setup (<eval>:${setupAt})` : undefined;
        return { error: guard.failure ? hostErrorText(guard, fallback) : thrownText(error, fallback) };
      }
      if (guard.failure) return { error: hostErrorText(guard, undefined) };
    }
    return { host };
  }

  /** Transaction start: the live state, the fork's precompiles. */
  begin(state: StateReader, precompiles: Uint8Array[]): void {
    this.state = state;
    this.precompiles = new Set(precompiles.map(hexKey));
  }

  setContext(fields: TxContextView): void {
    const realm = this.env.realm;
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      if (value instanceof Uint8Array) this.ctx[key] = copyBytes(this.env, value);
      else if (typeof value === 'bigint') this.ctx[key] = toRealmBigInt(realm, value);
      else this.ctx[key] = typeof value === 'string' ? this.env.strings.note(value) : value;
    }
  }

  step(view: StepView): void {
    this.stepView = view;
    if (this.hooks.step) this.call('step', this.hooks.step, this.log, this.db);
  }

  /** The opcode of the frame's last step failed while executing; `view` is that step with the error set. */
  fault(view: StepView): void {
    this.stepView = view;
    if (this.hooks.fault) this.call('fault', this.hooks.fault, this.log, this.db);
  }

  enter(view: EnterView): void {
    this.enterView = view;
    if (this.hooks.enter) this.call('enter', this.hooks.enter, this.callFrame);
  }

  exit(view: ExitView): void {
    this.exitView = view;
    if (this.hooks.exit) this.call('exit', this.hooks.exit, this.frameResult);
  }

  result(): Serialised {
    if (this.failed === undefined && this.hooks.result) {
      const value = this.call('result', this.hooks.result, this.ctx, this.db);
      if (this.failed === undefined) return serialiseResult(value, this.env.realm, this.env.strings);
    }
    return { error: this.failed ?? 'tracer produced no result' };
  }

  private call(name: HookName, fn: Hook, ...args: unknown[]): unknown {
    if (this.failed !== undefined) return undefined;
    if (this.lastHook !== name) {
      this.lastHook = name;
      this.options.onHook?.(name);
    }
    const guard = this.env.guard;
    let value: unknown;
    try {
      value = fn.apply(this.tracer, args);
    } catch (error) {
      if (!guard.failure) this.failed = `${thrownText(error, this.hookLocations[name])}    in server-side tracer function '${name}'`;
    }
    if (guard.failure && this.failed === undefined) {
      this.failed = `${hostErrorText(guard, this.hookLocations[name])}    in server-side tracer function '${name}'`;
    }
    return value;
  }
}

function hexKey(address: Uint8Array): string {
  return Buffer.from(address).toString('hex');
}

function hostErrorText(guard: HostGuard, fallback: string | undefined): string {
  const failure = guard.failure!;
  const where = failure.where ?? fallback;
  return where ? `${failure.message} at ${where}` : failure.message;
}

/** goja's `<value as string> at <where>` for a value thrown by tracer code. */
function thrownText(error: unknown, fallback: string | undefined): string {
  let message: string;
  try {
    message = String(error);
  } catch {
    message = Object.prototype.toString.call(error);
  }
  let where: string | undefined;
  if (typeof error === 'object' && error !== null) {
    try {
      const stack = (error as { stack?: unknown }).stack;
      where = typeof stack === 'string' ? tracerFrame(stack) : undefined;
    } catch {
      where = undefined;
    }
  }
  where ??= fallback;
  return where ? `${message} at ${where}` : message;
}

/** 1-based line:column of a function's source in the wrapped tracer text (hooks defined elsewhere: none). */
function functionLocation(fn: Hook, wrapped: string): string | undefined {
  let text: string;
  try {
    text = Function.prototype.toString.call(fn);
  } catch {
    return undefined;
  }
  const offset = wrapped.indexOf(text);
  return offset < 0 ? undefined : offsetToLocation(wrapped, offset);
}
