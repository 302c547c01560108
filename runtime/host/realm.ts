// A fresh JavaScript context per traced transaction: ES built-ins only (no console, require or timers),
// plus BigInteger.js evaluated inside it, so `bigInt` values, Uint8Arrays and errors the host hands to
// the tracer all belong to the tracer's own realm.
import * as vm from 'node:vm';
import { bigIntLibrarySource } from './bigint-source';

/** The BigInteger.js API surface the host uses. */
export interface BigIntValue {
  toString(radix?: number): string;
}
export type BigIntFactory = ((value: number | string, radix?: number) => BigIntValue) & {
  isInstance(value: unknown): boolean;
};

export interface TracerRealm {
  context: vm.Context;
  Uint8Array: Uint8ArrayConstructor;
  Object: ObjectConstructor;
  TypeError: ErrorConstructor;
  Error: ErrorConstructor;
  JSON: JSON;
  bigInt: BigIntFactory;
}

let compiledBigInt: vm.Script | undefined;

/** Compiled once per thread; a vm.Script runs in any context. */
function bigIntScript(): vm.Script {
  // geth ships the pre-native build of the library; hiding BigInt keeps it on its own arithmetic, so values
  // behave as there (typeof 'object', valueOf a JS number).
  compiledBigInt ??= new vm.Script(`(function (BigInt) {${bigIntLibrarySource}\nreturn bigInt; })(undefined)`, { filename: 'bigInt' });
  return compiledBigInt;
}

export function createRealm(): TracerRealm {
  const context = vm.createContext({}, { codeGeneration: { strings: true, wasm: false } });
  const bigInt = bigIntScript().runInContext(context) as BigIntFactory;
  const builtins = vm.runInContext('({ Uint8Array: Uint8Array, Object: Object, TypeError: TypeError, Error: Error, JSON: JSON })', context);
  Object.defineProperty(context, 'bigInt', { value: bigInt, writable: true, configurable: true, enumerable: false });
  return { context, bigInt, ...builtins };
}

const smallLimit = BigInt(Number.MAX_SAFE_INTEGER);

/** A native bigint as a bigInt of the realm (the common small case avoids string parsing). */
export function toRealmBigInt(realm: TracerRealm, value: bigint): BigIntValue {
  return value <= smallLimit && value >= -smallLimit ? realm.bigInt(Number(value)) : realm.bigInt(value.toString());
}
