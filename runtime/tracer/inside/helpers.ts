// The global helpers geth installs in every tracer runtime (spec §3.6). Pure byte work happens here; the
// hashing of toContract/toContract2 and the fork's precompile set are the host's.
import {
  bufferArg,
  bufferOrHexArg,
  bytesToHexString,
  copyBytes,
  fitBytes,
  fromByteString,
  hexToBytesLenient,
  toByteString,
  toInteger,
} from './bytes';
import type { Env } from './env';
import { MathMax, StringCtor, TypedArrayLength } from './intrinsics';

export function createHelpers(env: Env) {
  const { guard, bridge } = env;
  const fail = guard.fail;
  const buffer = (value: unknown) => (guard.check(), bufferArg(value, fail));
  const bufferOrHex = (value: unknown) => (guard.check(), bufferOrHexArg(value, fail));
  const address = (value: unknown) => toByteString(fitBytes(bufferOrHex(value), 20));
  return {
    toHex: (value: unknown) => env.note(bytesToHexString(buffer(value))),
    toWord: (value: unknown) => fitBytes(bufferOrHex(value), 32),
    toAddress: (value: unknown) => fitBytes(bufferOrHex(value), 20),
    toContract(from: unknown, nonce: unknown) {
      const sender = address(from);
      return fromByteString(bridge.createAddress(sender, MathMax(0, toInteger(nonce))));
    },
    toContract2(from: unknown, salt: unknown, initcode: unknown) {
      const sender = address(from);
      const saltWord = toByteString(fitBytes(hexToBytesLenient(StringCtor(salt)), 32));
      return fromByteString(bridge.create2Address(sender, saltWord, toByteString(bufferOrHex(initcode))));
    },
    isPrecompiled: (value: unknown) => bridge.isPrecompiled(address(value)),
    slice(value: unknown, start: unknown, end: unknown) {
      const bytes = buffer(value);
      const s = toInteger(start);
      const e = toInteger(end);
      const length = TypedArrayLength(bytes);
      if (s < 0 || s > e || e > length) fail(`Tracer accessed out of bound memory: available ${length}, offset ${s}, size ${e - s}`);
      return copyBytes(bytes, s, e);
    },
  };
}
