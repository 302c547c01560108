// geth's call frame (`enter`) and frame result (`exit`) objects (spec §3.4, §3.5), one each per transaction.
import { fromByteString } from './bytes';
import type { Env } from './env';

export interface FrameState {
  type: string;
  gas: number;
  gasUsed: number;
  error: string | undefined;
}

export function createCallFrame(env: Env, f: FrameState) {
  const { guard, bridge } = env;
  return {
    getType: () => (guard.check(), f.type),
    getFrom: () => (guard.check(), fromByteString(bridge.frameFrom())),
    getTo: () => (guard.check(), fromByteString(bridge.frameTo())),
    getInput: () => (guard.check(), fromByteString(bridge.frameInput())),
    getGas: () => (guard.check(), f.gas),
    getValue: () => {
      guard.check();
      const value = bridge.frameValue();
      return value === undefined ? undefined : env.bigInt(value);
    },
  };
}

export function createFrameResult(env: Env, f: FrameState) {
  const { guard, bridge } = env;
  return {
    getGasUsed: () => (guard.check(), f.gasUsed),
    getOutput: () => (guard.check(), fromByteString(bridge.frameOutput())),
    getError: () => (guard.check(), f.error === undefined ? undefined : env.note(f.error)),
  };
}
