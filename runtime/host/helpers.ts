// The global helpers geth installs in every tracer runtime (spec §3.6): toHex, toWord, toAddress,
// toContract, toContract2, isPrecompiled, slice.
import { bigIntToUnpaddedBytes, generateAddress, generateAddress2 } from '@ethereumjs/util';
import { bufferArg, bufferOrHexArg, bytesToHexString, fitBytes, hexToBytesLenient, toInteger } from './bytes';
import { copyBytes, type HostEnv } from './objects';

export function createHelpers(env: HostEnv, isPrecompiledAddress: (address: Uint8Array) => boolean) {
  const { guard, realm } = env;
  const buffer = (value: unknown) => (guard.check(), bufferArg(guard, value, realm.TypeError));
  const bufferOrHex = (value: unknown) => (guard.check(), bufferOrHexArg(guard, value, realm.TypeError));
  return {
    toHex: (value: unknown) => env.strings.note(bytesToHexString(buffer(value))),
    toWord: (value: unknown) => copyBytes(env, fitBytes(bufferOrHex(value), 32)),
    toAddress: (value: unknown) => copyBytes(env, fitBytes(bufferOrHex(value), 20)),
    toContract(from: unknown, nonce: unknown) {
      const sender = fitBytes(bufferOrHex(from), 20);
      const n = BigInt(Math.max(0, toInteger(nonce)));
      return copyBytes(env, generateAddress(sender, bigIntToUnpaddedBytes(n)));
    },
    toContract2(from: unknown, salt: unknown, initcode: unknown) {
      const sender = fitBytes(bufferOrHex(from), 20);
      const saltWord = fitBytes(hexToBytesLenient(String(salt)), 32);
      return copyBytes(env, generateAddress2(sender, saltWord, bufferOrHex(initcode)));
    },
    isPrecompiled: (value: unknown) => isPrecompiledAddress(fitBytes(bufferOrHex(value), 20)),
    slice(value: unknown, start: unknown, end: unknown) {
      const bytes = buffer(value);
      const s = toInteger(start);
      const e = toInteger(end);
      if (s < 0 || s > e || e > bytes.length) {
        guard.fail(`Tracer accessed out of bound memory: available ${bytes.length}, offset ${s}, size ${e - s}`);
      }
      return copyBytes(env, bytes.subarray(s, e));
    },
  };
}
