// The built-ins this realm's own code relies on, captured when the realm is installed, before any tracer
// code runs. Tracer code shares the realm and may replace `Array.prototype.push`, `JSON.stringify` or
// `String.prototype.slice`; the tracer API keeps working as geth's Go host objects do, because it calls
// these captured originals (with `apply`, never through a lookup on a value the tracer can reach).
const { apply } = Reflect;

function uncurry<T, A extends unknown[], R>(method: (this: T, ...args: A) => R): (self: T, ...args: A) => R {
  return (self, ...args) => apply(method, self, args);
}

function getter<T, R>(prototype: object, key: PropertyKey): (self: T) => R {
  const get = Object.getOwnPropertyDescriptor(prototype, key)!.get!;
  return (self) => apply(get, self, []) as R;
}

const typedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype) as object;

export const ObjectCtor = Object;
export const ObjectCreate = Object.create;
export const ObjectDefineProperty = Object.defineProperty;
export const ObjectKeys = Object.keys;
export const ObjectPrototypeToString = uncurry(Object.prototype.toString as (this: unknown) => string);
export const ArrayIsArray = Array.isArray;
export const ErrorCtor = Error;
export const TypeErrorCtor = TypeError;
export const Uint8ArrayCtor = Uint8Array;
export const JSONStringify = JSON.stringify;
export const MathTrunc = Math.trunc;
export const MathMax = Math.max;
export const NumberCtor = Number;
export const NumberIsNaN = Number.isNaN;
export const StringCtor = String;
export const StringFromCharCode = String.fromCharCode;
export const StringPrototypeCharCodeAt = uncurry(String.prototype.charCodeAt);
export const StringPrototypeSlice = uncurry(String.prototype.slice);
export const StringPrototypeValueOf = uncurry(String.prototype.valueOf);
export const StringPrototypeIndexOf = uncurry(String.prototype.indexOf as (this: string, search: string, from?: number) => number);
export const RegExpPrototypeExec = uncurry(RegExp.prototype.exec);
export const FunctionPrototypeToString = uncurry(Function.prototype.toString as (this: unknown) => string);
export const ReflectApply = apply;
/** The typed array kind of `value` (`'Uint8Array'`…), or undefined for anything else, proxies included. */
export const TypedArrayKind = getter<unknown, string | undefined>(typedArrayPrototype, Symbol.toStringTag);
export const TypedArrayLength = getter<Uint8Array, number>(typedArrayPrototype, 'length');
export const TypedArrayPrototypeSubarray = uncurry(
  Uint8Array.prototype.subarray as (this: Uint8Array, begin?: number, end?: number) => Uint8Array,
);
export const TypedArrayPrototypeSet = uncurry(
  Uint8Array.prototype.set as (this: Uint8Array, source: ArrayLike<number>, offset?: number) => void,
);
export const StringPrototypeLastIndexOf = uncurry(String.prototype.lastIndexOf as (this: string, search: string) => number);
