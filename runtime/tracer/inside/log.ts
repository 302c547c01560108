// geth's `log` (spec §3.1): op, stack, memory, contract and the step's numbers, one object per transaction
// reading whatever step the host last reported.
import { fromByteString, toInteger } from './bytes';
import type { Env } from './env';
import { Uint8ArrayCtor } from './intrinsics';
import type { StepState } from './step-state';

const paddingLimit = 1024 * 1024;

/** `unset`: whether reading the stack, memory and contract now crashes (a log never filled in, on coreth). */
export function createLog(env: Env, s: StepState, unset: () => boolean) {
  const { guard, bridge } = env;
  const set = () => {
    guard.check();
    if (unset()) guard.crash();
  };
  const op = {
    toNumber: () => (guard.check(), s.op),
    toString: () => (guard.check(), env.note(s.opName)),
    isPush: () => (guard.check(), s.op >= 0x5f && s.op <= 0x7f),
  };
  const stack = {
    peek(index?: unknown) {
      set();
      const i = toInteger(index);
      if (i < 0 || i >= s.stackLength) guard.fail(`tracer accessed out of bound stack: size ${s.stackLength}, index ${i}`);
      return env.bigInt(bridge.stackItem(i));
    },
    length: () => (set(), s.stackLength),
  };
  const memory = {
    slice(begin?: unknown, end?: unknown) {
      guard.check();
      const a = toInteger(begin);
      const b = toInteger(end);
      if (a === b) return new Uint8ArrayCtor(0);
      if (a < 0 || b < a) guard.fail(`tracer accessed out of bound memory: offset ${a}, end ${b}`);
      // An empty or refused slice is answered before the memory is read.
      set();
      if (b > s.memoryLength && b - s.memoryLength > paddingLimit)
        guard.fail(`reached limit for padding memory slice: ${b - s.memoryLength}`);
      return fromByteString(bridge.memorySlice(a, b));
    },
    getUint(offset?: unknown) {
      set();
      const a = toInteger(offset);
      if (a < 0 || a + 32 > s.memoryLength)
        guard.fail(`tracer accessed out of bound memory: available ${s.memoryLength}, offset ${a}, size 32`);
      return env.bigInt(bridge.memoryWord(a), 16);
    },
    length: () => (set(), s.memoryLength),
  };
  const contract = {
    getAddress: () => (set(), fromByteString(bridge.contractAddress())),
    getCaller: () => (set(), fromByteString(bridge.contractCaller())),
    getValue: () => (set(), env.bigInt(bridge.contractValue())),
    getInput: () => (set(), fromByteString(bridge.contractInput())),
  };
  return {
    op,
    stack,
    memory,
    contract,
    getPC: () => (guard.check(), s.pc),
    getGas: () => (guard.check(), s.gas),
    getCost: () => (guard.check(), s.cost),
    getDepth: () => (guard.check(), s.depth),
    getRefund: () => (guard.check(), s.refund),
    getError: () => (guard.check(), s.error === undefined ? undefined : env.note(s.error)),
  };
}
