// geth's `db` (spec §3.2): synchronous reads of the live state, addresses and slots fitted as geth does.
import { bufferArg, fitBytes, fromByteString, toByteString } from './bytes';
import type { Env } from './env';

export function createDb(env: Env) {
  const { guard, bridge } = env;
  const fail = guard.fail;
  const address = (value: unknown) => {
    guard.check();
    return toByteString(fitBytes(bufferArg(value, fail), 20));
  };
  return {
    getBalance: (a: unknown) => env.bigInt(bridge.balance(address(a))),
    getNonce: (a: unknown) => bridge.nonce(address(a)),
    getCode: (a: unknown) => fromByteString(bridge.code(address(a))),
    getState: (a: unknown, slot: unknown) => {
      const at = address(a);
      return fromByteString(bridge.storage(at, toByteString(fitBytes(bufferArg(slot, fail), 32))));
    },
    exists: (a: unknown) => bridge.exists(address(a)),
  };
}
