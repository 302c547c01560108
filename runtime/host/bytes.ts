// Argument conversion for the tracer's host functions, with geth's rules (spec §3.1, §3.2, §3.6).
import type { HostGuard } from './guard';

/** Buffers are Uint8Array or plain Array (any realm); strings, numbers and other typed arrays are not. */
export function bufferArg(guard: HostGuard, value: unknown, TypeErrorCtor: ErrorConstructor): Uint8Array {
  if (value === undefined || value === null) throw new TypeErrorCtor('Cannot convert undefined or null to object');
  if (Object.prototype.toString.call(value) === '[object Uint8Array]') return value as Uint8Array;
  if (Array.isArray(value)) {
    const out = new Uint8Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = toInteger(value[i]) & 0xff;
    return out;
  }
  return guard.fail('invalid buffer type');
}

/** A buffer, or a hex string (optional 0x, odd length padded, decoding stops at the first bad digit). */
export function bufferOrHexArg(guard: HostGuard, value: unknown, TypeErrorCtor: ErrorConstructor): Uint8Array {
  if (typeof value === 'string') return hexToBytesLenient(value);
  return bufferArg(guard, value, TypeErrorCtor);
}

export function hexToBytesLenient(text: string): Uint8Array {
  let hex = text.startsWith('0x') || text.startsWith('0X') ? text.slice(2) : text;
  if (hex.length % 2 === 1) hex = '0' + hex;
  const out: number[] = [];
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const byte = parseHexByte(hex.charCodeAt(i), hex.charCodeAt(i + 1));
    if (byte < 0) break;
    out.push(byte);
  }
  return Uint8Array.from(out);
}

function hexDigit(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

function parseHexByte(hi: number, lo: number): number {
  const a = hexDigit(hi);
  const b = hexDigit(lo);
  return a < 0 || b < 0 ? -1 : a * 16 + b;
}

/** Left-pads to `size`, or keeps the last `size` bytes (geth's BytesToAddress / BytesToHash). */
export function fitBytes(bytes: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(size);
  if (bytes.length >= size) out.set(bytes.subarray(bytes.length - size));
  else out.set(bytes, size - bytes.length);
  return out;
}

/** goja's ToInteger then truncation to an integer: missing → 0, NaN → 0. */
export function toInteger(value: unknown): number {
  if (value === undefined) return 0;
  const n = Number(value);
  if (Number.isNaN(n)) return 0;
  return Math.trunc(n);
}

const hexTable = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export function bytesToHexString(bytes: Uint8Array): string {
  let out = '0x';
  for (let i = 0; i < bytes.length; i++) out += hexTable[bytes[i]];
  return out;
}
