// Entry point of the code that runs inside a tracer's own realm (bundled by build/tracer-realm.mjs into one
// script that the host evaluates in each fresh context before the tracer's source). It builds the whole
// tracer API from this realm's objects, installs the globals geth gives a tracer (bigInt and the helpers),
// pins the stack-trace API, and returns the functions the host drives the tracer with (RealmApi). Nothing
// here can reach the host except through the primitive-only Bridge it is handed.
import type { HookName } from '../../../core/api/hook-names';
import { ContextKind, type BigIntFactory, type Bridge, type ByteString, type RealmApi, type RealmOptions } from '../bridge';
import { fromByteString } from './bytes';
import { createDb } from './db';
import { createEnv } from './env';
import { createGuard, offsetToLocation, thrownText } from './failures';
import { createCallFrame, createFrameResult, type FrameState } from './frames';
import { createHelpers } from './helpers';
import {
  FunctionPrototypeToString,
  ObjectCreate,
  ObjectCtor,
  ObjectDefineProperty,
  ObjectKeys,
  ReflectApply,
  StringPrototypeIndexOf,
} from './intrinsics';
import { createLog } from './log';
import { lockStackTraceApi, removeNonGojaGlobals } from './lockdown';
import { definePreviews } from './previews';
import { serialiseResult } from './serialize';
import { emptyStepState } from './step-state';

type Hook = (...args: unknown[]) => unknown;
const located = ['setup', 'result', 'fault', 'step', 'enter', 'exit'] as const;

function defineGlobal(name: string, value: unknown): void {
  ObjectDefineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
}

export function install(
  hostBridge: Bridge,
  bigInt: BigIntFactory,
  { previews, hookErrorEndsTracer, unsetLogCrashes }: RealmOptions,
): RealmApi {
  lockStackTraceApi();
  removeNonGojaGlobals();
  const guard = createGuard();
  const env = createEnv(hostBridge, guard, bigInt);
  defineGlobal('bigInt', bigInt);
  const helpers = createHelpers(env);
  for (const name in helpers) defineGlobal(name, helpers[name as keyof typeof helpers]);

  const step = emptyStepState();
  const frame: FrameState = { type: '', gas: 0, gasUsed: 0, error: undefined };
  const log = createLog(env, step, () => unsetLogCrashes && hooks.step === undefined);
  const db = createDb(env);
  const callFrame = createCallFrame(env, frame);
  const frameResult = createFrameResult(env, frame);
  const ctx = new ObjectCtor() as Record<string, unknown>;
  if (previews) definePreviews({ log, db, ctx, callFrame, frameResult }, step, frame, env);

  let tracer: object | undefined;
  let wrapped = '';
  const hooks = ObjectCreate(null) as Partial<Record<HookName, Hook>>;
  const locations = ObjectCreate(null) as Partial<Record<string, string>>;
  const offsets = ObjectCreate(null) as Partial<Record<string, number>>;
  let resultBuildsValues = false;
  let failed: string | undefined;
  let crashed = false;
  let lastHookFailed = false;
  let topCallStarted = true;

  /** 1-based line:column of a function's source in the wrapped text (hooks defined elsewhere: none). */
  const locate = (name: string, fn: Hook) => {
    let text: string;
    try {
      text = FunctionPrototypeToString(fn);
    } catch {
      return;
    }
    const offset = StringPrototypeIndexOf(wrapped, text);
    if (offset < 0) return;
    offsets[name] = offset;
    locations[name] = `${name} (<eval>:${offsetToLocation(wrapped, offset)})`;
  };

  /** Runs a hook with `this` = the tracer. Its error (thrown, or a host-function failure, which wins) is
   * recorded: the first one is final (geth), or the latest replaces it (coreth, where hooks run on). */
  const invoke = (name: HookName, fn: Hook, args: unknown[]): unknown => {
    let value: unknown;
    let thrown: unknown;
    let threw = false;
    try {
      value = ReflectApply(fn, tracer, args);
    } catch (error) {
      [threw, thrown] = [true, error];
    }
    // A crash of the node's own code fails the whole request, whatever ran before or would run after.
    if (guard.crashed()) {
      [crashed, failed] = [true, 'method handler crashed'];
      return value;
    }
    const hostFailure = failed === undefined || !hookErrorEndsTracer ? guard.failure(locations[name]) : undefined;
    const text = hostFailure ?? (threw && guard.failure(undefined) === undefined ? thrownText(thrown, locations[name]) : undefined);
    if (text !== undefined && (failed === undefined || !hookErrorEndsTracer))
      failed = `${text}    in server-side tracer function '${name}'`;
    if (!hookErrorEndsTracer) guard.clear();
    lastHookFailed = text !== undefined;
    return value;
  };
  /** Whether `exit` and `result` run: not after a failure where the first one ends the tracer. */
  const runsOn = () => !crashed && (failed === undefined || !hookErrorEndsTracer);

  const setStep = (
    op: number,
    opName: string,
    pc: number,
    gas: number,
    cost: number,
    depth: number,
    refund: number,
    stackLength: number,
    memoryLength: number,
    error: string | undefined,
  ) => {
    step.op = op;
    step.opName = opName;
    step.pc = pc;
    step.gas = gas;
    step.cost = cost;
    step.depth = depth;
    step.refund = refund;
    step.stackLength = stackLength;
    step.memoryLength = memoryLength;
    step.error = error;
  };

  return {
    adopt(value, wrappedText) {
      wrapped = wrappedText;
      // geth panics on null/undefined; its RPC layer recovers that as this text.
      if (value === null || value === undefined) return 'method handler crashed';
      const object = ObjectCtor(value) as Record<string, unknown>;
      try {
        const pick = (name: HookName) => {
          const fn = object[name];
          if (typeof fn === 'function') hooks[name] = fn as Hook;
        };
        pick('result');
        if (!hooks.result) return 'trace object must expose a function result()';
        pick('fault');
        if (!hooks.fault) return 'trace object must expose a function fault()';
        pick('step');
        pick('enter');
        pick('exit');
        if ((hooks.enter === undefined) !== (hooks.exit === undefined)) {
          return 'trace object must expose either both or none of enter() and exit()';
        }
        pick('setup');
      } catch (error) {
        return thrownText(error, undefined);
      }
      tracer = object;
      // An index loop: the tracer's top-level code may already have replaced the array iterator.
      for (let i = 0; i < located.length; i++) {
        const fn = hooks[located[i]];
        if (fn) locate(located[i], fn);
      }
      return undefined;
    },

    constructionError: (thrown) => guard.failure(undefined) ?? thrownText(thrown, undefined),
    hasHook: (name) => hooks[name as HookName] !== undefined,
    hookLocation: (name) => locations[name],
    hookOffset: (name) => offsets[name],
    resultBuildsItsValues() {
      resultBuildsValues = true;
    },

    setup(config) {
      const setup = hooks.setup;
      if (!setup) return undefined;
      try {
        ReflectApply(setup, tracer, [config]);
      } catch (error) {
        return guard.failure(locations.setup) ?? thrownText(error, locations.setup);
      }
      return guard.failure(undefined);
    },

    step(op, opName, pc, gas, cost, depth, refund, stackLength, memoryLength, error) {
      setStep(op, opName, pc, gas, cost, depth, refund, stackLength, memoryLength, error);
      if (failed === undefined && hooks.step) invoke('step', hooks.step, [log, db]);
    },

    fault(op, opName, pc, gas, cost, depth, refund, stackLength, memoryLength, error) {
      setStep(op, opName, pc, gas, cost, depth, refund, stackLength, memoryLength, error);
      if (failed === undefined && hooks.fault) invoke('fault', hooks.fault, [log, db]);
    },

    enter(type, gas) {
      frame.type = type;
      frame.gas = gas;
      if (failed === undefined && hooks.enter) invoke('enter', hooks.enter, [callFrame]);
    },

    exit(gasUsed, error) {
      frame.gasUsed = gasUsed;
      frame.error = error;
      if (runsOn() && hooks.exit) invoke('exit', hooks.exit, [frameResult]);
    },

    setContext(key, kind, value) {
      // Values are rebuilt here, in this realm: bytes as a fresh Uint8Array, words as bigInt.
      if (kind === ContextKind.Bytes) ctx[key] = fromByteString(value as ByteString);
      else if (kind === ContextKind.Word) ctx[key] = env.bigInt(value);
      else if (kind === ContextKind.Text) ctx[key] = env.note(value as string);
      else ctx[key] = value;
    },

    forgetTopCall() {
      const keys = ObjectKeys(ctx);
      for (let i = 0; i < keys.length; i++) delete ctx[keys[i]];
      topCallStarted = false;
    },

    result() {
      if (runsOn() && hooks.result) {
        const value = invoke('result', hooks.result, [ctx, topCallStarted ? db : undefined]);
        if (failed === undefined) return serialiseResult(value, env, !resultBuildsValues);
        // After an earlier error (coreth), a value `result` returned is still encoded: an encoding error wins.
        const encoded = lastHookFailed || crashed ? undefined : serialiseResult(value, env, !resultBuildsValues);
        if (encoded?.startsWith('E')) return encoded;
      }
      return `E${failed ?? 'tracer produced no result'}`;
    },

    failed: () => failed,
  };
}
