// geth's texts for a request object's badly typed members: Go's encoding/json decoding into geth's hexutil
// and fixed-size byte types, with the field path Go puts in its error. Go decodes members in their order and
// stops at the first error a type's own decoder reports (hexutil, addresses, hashes), while a value of the
// wrong JSON kind for a plain struct, map or slice is only remembered (the first one) and decoding goes on:
// `GoDecoder` keeps that order, so the text is the one geth gives first.
import { invalidParams } from './rpc-error';

/** Where a member sits in Go's terms: the innermost struct's name and the Go field path inside the object;
 * undefined for a value outside any struct (a method's parameter itself, a map's key or value there). */
export type GoField = { struct: string; path: string } | undefined;

class GoDecodeError extends Error {}

/** The JSON kind Go names for a value of the wrong kind. */
function jsonKind(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'object' : typeof value === 'boolean' ? 'bool' : typeof value;
}

function typeError(what: string, field: GoField, type: string): GoDecodeError {
  const into = field ? `Go struct field ${field.struct}.${field.path}` : 'Go value';
  return new GoDecodeError(`json: cannot unmarshal ${what} into ${into} of type ${type}`);
}

function hasPrefix(text: string): boolean {
  return text.length >= 2 && text[0] === '0' && (text[1] === 'x' || text[1] === 'X');
}

const nibbles = /^[0-9a-fA-F]*$/;

/** hexutil's quantity text: digits after 0x, no leading zero, at most `maxDigits`; "" is 0. The problem as
 * hexutil words it, else the value. */
function quantityText(text: string, maxDigits: number): bigint | string {
  if (text === '') return 0n;
  if (!hasPrefix(text)) return 'hex string without 0x prefix';
  const digits = text.slice(2);
  if (digits === '') return 'hex string "0x"';
  if (digits.length > 1 && digits[0] === '0') return 'hex number with leading zero digits';
  if (digits.length > maxDigits) return `hex number > ${maxDigits * 4} bits`;
  if (!nibbles.test(digits)) return 'invalid hex string';
  return BigInt('0x' + digits);
}

/** The hexutil quantity types: *hexutil.Big (256 bits), hexutil.Uint64 and hexutil.Uint (64 bits here). */
type GoQuantity = '*hexutil.Big' | 'hexutil.Uint64' | 'hexutil.Uint';

export function goQuantity(value: unknown, field: GoField, type: GoQuantity): bigint {
  if (typeof value !== 'string') throw typeError('non-string', field, type);
  const parsed = quantityText(value, type === '*hexutil.Big' ? 64 : 16);
  if (typeof parsed === 'string') throw typeError(parsed, field, type);
  return parsed;
}

/** The hex digits of a byte string as hexutil checks it first: a 0x-prefixed string of even length ("" is
 * none). */
function byteDigits(value: unknown, field: GoField, type: string): string {
  if (typeof value !== 'string') throw typeError('non-string', field, type);
  if (value !== '' && !hasPrefix(value)) throw typeError('hex string without 0x prefix', field, type);
  const digits = value.slice(2);
  if (digits.length % 2 !== 0) throw typeError('hex string of odd length', field, type);
  return digits;
}

/** hexutil.Bytes; lower-case hex. */
export function goBytes(value: unknown, field: GoField): string {
  const digits = byteDigits(value, field, 'hexutil.Bytes');
  if (!nibbles.test(digits)) throw typeError('invalid hex string', field, 'hexutil.Bytes');
  return '0x' + digits.toLowerCase();
}

/** common.Address (20 bytes) or common.Hash (32): exactly that many bytes; lower-case hex. */
export function goFixedBytes(value: unknown, field: GoField, type: 'common.Address' | 'common.Hash'): string {
  const size = type === 'common.Address' ? 20 : 32;
  const digits = byteDigits(value, field, type);
  // Not a decoding error of hexutil's own, so Go reports it bare, without the field.
  if (digits.length !== size * 2) throw new GoDecodeError(`hex string has length ${digits.length}, want ${size * 2} for ${type}`);
  if (!nibbles.test(digits)) throw typeError('invalid hex string', field, type);
  return '0x' + digits.toLowerCase();
}

/** gencodec's error for a required member that is absent or null. */
export function goMissingField(name: string, type: string): Error {
  return new GoDecodeError(`missing required field '${name}' for ${type}`);
}

/** One decoding pass: a type's own error ends it at once; a wrong JSON kind is kept and reported at the end
 * unless such an error comes first. */
export class GoDecoder {
  private saved: GoDecodeError | undefined;

  /** A value of the wrong JSON kind for a struct, map or slice: remembered, decoding goes on. */
  wrongKind(value: unknown, field: GoField, type: string): void {
    this.saved ??= typeError(jsonKind(value), field, type);
  }

  /** Throws the remembered error, if any (call after the last member). */
  finish(): void {
    if (this.saved) throw this.saved;
  }
}

/** Go's rule for which struct field a member's key sets: the exact name, else a case-insensitive match. */
export function goFieldName<T extends string>(key: string, names: readonly T[]): T | undefined {
  return names.find((name) => name === key) ?? names.find((name) => name.toLowerCase() === key.toLowerCase());
}

/** Decodes parameter `index` with a fresh decoder; a decoding error is geth's invalid-params answer for it. */
export function goDecoded<T>(index: number, decode: (decoder: GoDecoder) => T): T {
  const decoder = new GoDecoder();
  try {
    const value = decode(decoder);
    decoder.finish();
    return value;
  } catch (error) {
    if (error instanceof GoDecodeError) throw invalidParams(`invalid argument ${index}: ${error.message}`);
    throw error;
  }
}
