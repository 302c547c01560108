// Byte values as geth's host functions take and give them (spec §3.1, §3.2, §3.6), and their crossing form.
import type { ByteString } from '../bridge';
import {
  ArrayIsArray,
  MathTrunc,
  NumberCtor,
  NumberIsNaN,
  StringFromCharCode,
  StringPrototypeCharCodeAt,
  StringPrototypeValueOf,
  TypeErrorCtor,
  TypedArrayKind,
  TypedArrayLength,
  TypedArrayPrototypeSet,
  TypedArrayPrototypeSubarray,
  Uint8ArrayCtor,
} from './intrinsics';

type Fail = (message: string) => never;

/** goja's ToInteger then truncation: missing → 0, NaN → 0 (may run the value's valueOf). */
export function toInteger(value: unknown): number {
  if (value === undefined) return 0;
  const n = NumberCtor(value);
  return NumberIsNaN(n) ? 0 : MathTrunc(n);
}

/** A buffer argument: a Uint8Array (proxies and look-alikes are not) or an Array of numbers. */
export function bufferArg(value: unknown, fail: Fail): Uint8Array {
  if (value === undefined || value === null) throw new TypeErrorCtor('Cannot convert undefined or null to object');
  if (TypedArrayKind(value) === 'Uint8Array') return value as Uint8Array;
  if (ArrayIsArray(value)) {
    const items = value as unknown[];
    const length = toInteger(items.length);
    const out = new Uint8ArrayCtor(length);
    for (let i = 0; i < length; i++) out[i] = toInteger(items[i]) & 0xff;
    return out;
  }
  return fail('invalid buffer type');
}

/** A buffer, or a hex string (optional 0x, odd length padded, decoding stops at the first bad digit). A
 * String object counts as a string, as in geth (it goes by the value's class). */
export function bufferOrHexArg(value: unknown, fail: Fail): Uint8Array {
  const text = stringValue(value);
  return text === undefined ? bufferArg(value, fail) : hexToBytesLenient(text);
}

function stringValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return undefined;
  try {
    return StringPrototypeValueOf(value as unknown as string);
  } catch {
    return undefined;
  }
}

function hexDigit(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

export function hexToBytesLenient(text: string): Uint8Array {
  const prefixed = text.length >= 2 && text[0] === '0' && (text[1] === 'x' || text[1] === 'X');
  const start = prefixed ? 2 : 0;
  const digits = text.length - start;
  // An odd count is read as if a 0 were prepended.
  const odd = digits % 2;
  const digitAt = (k: number) => (k < 0 ? 0 : hexDigit(StringPrototypeCharCodeAt(text, start + k)));
  const out = new Uint8ArrayCtor((digits + odd) / 2);
  let count = 0;
  for (let k = -odd; k + 1 < digits; k += 2) {
    const hi = digitAt(k);
    const lo = digitAt(k + 1);
    if (hi < 0 || lo < 0) break;
    out[count++] = hi * 16 + lo;
  }
  return TypedArrayPrototypeSubarray(out, 0, count);
}

/** Left-pads to `size`, or keeps the last `size` bytes (geth's BytesToAddress / BytesToHash). */
export function fitBytes(bytes: Uint8Array, size: number): Uint8Array {
  const out = new Uint8ArrayCtor(size);
  const length = TypedArrayLength(bytes);
  if (length >= size) TypedArrayPrototypeSet(out, TypedArrayPrototypeSubarray(bytes, length - size));
  else TypedArrayPrototypeSet(out, bytes, size - length);
  return out;
}

/** A fresh copy of `bytes` (geth hands out new byte arrays on every call). */
export function copyBytes(bytes: Uint8Array, begin = 0, end = TypedArrayLength(bytes)): Uint8Array {
  const out = new Uint8ArrayCtor(end - begin);
  TypedArrayPrototypeSet(out, TypedArrayPrototypeSubarray(bytes, begin, end));
  return out;
}

const hexTable: string[] = [];
for (let i = 0; i < 256; i++) hexTable[i] = (i < 16 ? '0' : '') + i.toString(16);

export function bytesToHexString(bytes: Uint8Array): string {
  let out = '0x';
  const length = TypedArrayLength(bytes);
  for (let i = 0; i < length; i++) out += hexTable[bytes[i]];
  return out;
}

/** Bytes in the crossing form as 0x-prefixed hex, read in place (no Uint8Array is written: a debugger
 * reads the API's values with side effects forbidden, and V8 counts that as one). */
export function byteStringToHex(text: ByteString): string {
  let out = '0x';
  for (let i = 0; i < text.length; i++) out += hexTable[StringPrototypeCharCodeAt(text, i)];
  return out;
}

/** Into the crossing form, by calls of captured functions only (no lookups the tracer controls). */
export function toByteString(bytes: Uint8Array): ByteString {
  const length = TypedArrayLength(bytes);
  let out = '';
  for (let i = 0; i < length; i++) out += StringFromCharCode(bytes[i]);
  return out;
}

export function fromByteString(text: ByteString): Uint8Array {
  const out = new Uint8ArrayCtor(text.length);
  for (let i = 0; i < text.length; i++) out[i] = StringPrototypeCharCodeAt(text, i);
  return out;
}
