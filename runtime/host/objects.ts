// The tracer-facing objects `log`, `db`, `callFrame` and `frameResult`: one instance each per transaction,
// reading whatever view the EVM side last wrote (geth reuses them too, spec §3.1).
import { opcodeName } from '../evm/opcode-names';
import { bufferArg, fitBytes, toInteger } from './bytes';
import type { HostGuard } from './guard';
import type { HostStrings } from './host-strings';
import { toRealmBigInt, type TracerRealm } from './realm';
import type { EnterView, ExitView, StateReader, StepView } from './views';

const paddingLimit = 1024 * 1024;

export interface HostEnv {
  realm: TracerRealm;
  guard: HostGuard;
  strings: HostStrings;
}

/** A copy in the tracer's realm (geth hands out fresh byte arrays on every call). */
export function copyBytes(env: HostEnv, bytes: Uint8Array): Uint8Array {
  const out = new env.realm.Uint8Array(bytes.length);
  out.set(bytes);
  return out;
}

export function createLog(env: HostEnv, current: () => StepView) {
  const { guard, realm } = env;
  const op = {
    toNumber: () => (guard.check(), current().op),
    toString: () => (guard.check(), env.strings.note(opcodeName(current().op))),
    isPush: () => {
      guard.check();
      const code = current().op;
      return code >= 0x5f && code <= 0x7f;
    },
  };
  const stack = {
    peek(index?: unknown) {
      guard.check();
      const items = current().stack;
      const i = toInteger(index);
      if (i < 0 || i >= items.length) guard.fail(`tracer accessed out of bound stack: size ${items.length}, index ${i}`);
      return toRealmBigInt(realm, items[items.length - 1 - i]);
    },
    length: () => (guard.check(), current().stack.length),
  };
  const memory = {
    slice(begin?: unknown, end?: unknown) {
      guard.check();
      const a = toInteger(begin);
      const b = toInteger(end);
      if (a === b) return new realm.Uint8Array(0);
      if (a < 0 || b < a) guard.fail(`tracer accessed out of bound memory: offset ${a}, end ${b}`);
      const mem = current().memory;
      if (b > mem.length && b - mem.length > paddingLimit) guard.fail(`reached limit for padding memory slice: ${b - mem.length}`);
      const out = new realm.Uint8Array(b - a);
      if (a < mem.length) out.set(mem.subarray(a, Math.min(b, mem.length)));
      return out;
    },
    getUint(offset?: unknown) {
      guard.check();
      const a = toInteger(offset);
      const mem = current().memory;
      if (a < 0 || a + 32 > mem.length) guard.fail(`tracer accessed out of bound memory: available ${mem.length}, offset ${a}, size 32`);
      let hex = '';
      for (let i = a; i < a + 32; i++) hex += mem[i].toString(16).padStart(2, '0');
      return realm.bigInt(hex, 16);
    },
    length: () => (guard.check(), current().memory.length),
  };
  const contract = {
    getAddress: () => (guard.check(), copyBytes(env, current().frame.address)),
    getCaller: () => (guard.check(), copyBytes(env, current().frame.caller)),
    getValue: () => (guard.check(), toRealmBigInt(realm, current().frame.value)),
    getInput: () => (guard.check(), copyBytes(env, current().frame.input)),
  };
  return {
    op,
    stack,
    memory,
    contract,
    getPC: () => (guard.check(), current().pc),
    getGas: () => (guard.check(), current().gas),
    getCost: () => (guard.check(), current().cost),
    getDepth: () => (guard.check(), current().depth),
    getRefund: () => (guard.check(), current().refund),
    getError: () => {
      guard.check();
      const error = current().error;
      return error === undefined ? undefined : env.strings.note(error);
    },
  };
}

export function createDb(env: HostEnv, state: () => StateReader) {
  const { guard, realm } = env;
  const address = (value: unknown) => {
    guard.check();
    return fitBytes(bufferArg(guard, value, realm.TypeError), 20);
  };
  return {
    getBalance: (a: unknown) => toRealmBigInt(realm, state().balance(address(a))),
    getNonce: (a: unknown) => Number(state().nonce(address(a))),
    getCode: (a: unknown) => copyBytes(env, state().code(address(a))),
    getState: (a: unknown, slot: unknown) => {
      const addr = address(a);
      const key = fitBytes(bufferArg(guard, slot, realm.TypeError), 32);
      return copyBytes(env, fitBytes(state().storage(addr, key), 32));
    },
    exists: (a: unknown) => state().exists(address(a)),
  };
}

export function createCallFrame(env: HostEnv, current: () => EnterView) {
  const { guard, realm } = env;
  return {
    getType: () => (guard.check(), current().type),
    getFrom: () => (guard.check(), copyBytes(env, current().from)),
    getTo: () => (guard.check(), copyBytes(env, current().to)),
    getInput: () => (guard.check(), copyBytes(env, current().input)),
    getGas: () => (guard.check(), current().gas),
    getValue: () => {
      guard.check();
      const value = current().value;
      return value === undefined ? undefined : toRealmBigInt(realm, value);
    },
  };
}

export function createFrameResult(env: HostEnv, current: () => ExitView) {
  const { guard } = env;
  return {
    getGasUsed: () => (guard.check(), current().gasUsed),
    getOutput: () => (guard.check(), copyBytes(env, current().output)),
    getError: () => {
      guard.check();
      const error = current().error;
      return error === undefined ? undefined : env.strings.note(error);
    },
  };
}
