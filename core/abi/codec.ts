// ABI encoding and decoding of argument lists (heads and tails, dynamic types, arrays, tuples).
// Decoded values are display-ready: integers as decimal strings, addresses and bytes as 0x hex.
import { isHexData } from '../chain/shapes';
import { selectorOf, toHex } from './signature';
import { canonicalType, MAX_TYPE_DEPTH, type AbiFunction, type AbiParam, type AbiType } from './types';

export type AbiValue = string | boolean | AbiValue[];

export class AbiDecodeError extends Error {}

/** Encoding failed for one argument: `index` and `param` say which. */
export class AbiEncodeError extends Error {
  constructor(
    readonly index: number,
    readonly param: AbiParam,
    readonly reason: string,
  ) {
    super(`argument ${index + 1} (${param.name ? `${param.name}: ` : ''}${canonicalType(param.type)}): ${reason}`);
  }
}

const WORD = 32;

// Both remembered per type: decoding asks them for every element, and a type can be big.
const dynamic = new WeakMap<AbiType, boolean>();
const heads = new WeakMap<AbiType, number>();

function isDynamic(type: AbiType): boolean {
  let known = dynamic.get(type);
  if (known === undefined) {
    if (type.kind === 'bytes' || type.kind === 'string') known = true;
    else if (type.kind === 'array') known = type.length === undefined || isDynamic(type.item);
    else if (type.kind === 'tuple') known = type.components.some((c) => isDynamic(c.type));
    else known = false;
    dynamic.set(type, known);
  }
  return known;
}

/** Size of a static type's encoding (its head). */
function headSize(type: AbiType): number {
  let known = heads.get(type);
  if (known === undefined) {
    if (isDynamic(type)) known = WORD;
    else if (type.kind === 'array') known = (type.length ?? 0) * headSize(type.item);
    else if (type.kind === 'tuple') known = type.components.reduce((sum, c) => sum + headSize(c.type), 0);
    else known = WORD;
    heads.set(type, known);
  }
  return known;
}

// ---- decode

/** What a value shows instead when decoding it would cost more than its budget. */
export const TOO_LARGE = 'not decoded: too large';

/** Decoding would exceed the data's budget (see Budget) or nest deeper than MAX_TYPE_DEPTH. */
export class AbiTooLargeError extends AbiDecodeError {
  constructor() {
    super(TOO_LARGE);
  }
}

/** Work units per word of data, and characters of value text per byte; plus a floor for small data. */
const WORK_PER_WORD = 4;
const OUTPUT_PER_BYTE = 4;
const WORK_FLOOR = 256;
const OUTPUT_FLOOR = 1024;

/**
 * What decoding one piece of data may cost, in proportion to its length: `work` counts values and array
 * elements made and words read, `output` the characters of the values' text. An honest encoding needs at
 * most two units a word and 2.5 characters a byte (a uint256 is 78 digits); but offsets that all point at one
 * blob make every element a copy of it, and nested arrays multiply the copies: without a budget a 188 KB
 * input expands without end.
 */
class Budget {
  private work: number;
  private output: number;

  constructor(bytes: number) {
    this.work = WORK_PER_WORD * Math.ceil(bytes / WORD) + WORK_FLOOR;
    this.output = OUTPUT_PER_BYTE * bytes + OUTPUT_FLOOR;
  }

  /** Charged before the work is done, so that nothing beyond the budget is ever allocated. */
  spend(work: number, output: number): void {
    this.work -= work;
    this.output -= output;
    if (this.work < 0 || this.output < 0) throw new AbiTooLargeError();
  }
}

class Reader {
  constructor(
    readonly data: Uint8Array,
    readonly budget: Budget,
  ) {}

  word(at: number): Uint8Array {
    if (at < 0 || at + WORD > this.data.length)
      throw new AbiDecodeError(`data too short: a word at byte ${at} needs ${at + WORD} bytes, there are ${this.data.length}`);
    return this.data.subarray(at, at + WORD);
  }

  uint(at: number): bigint {
    return BigInt(toHex(this.word(at)));
  }

  /** A word used as an offset or length: must fit the data. */
  size(at: number): number {
    const value = this.uint(at);
    if (value > BigInt(this.data.length))
      throw new AbiDecodeError(`offset or length ${value} at byte ${at} is beyond the data (${this.data.length} bytes)`);
    return Number(value);
  }

  /** A value's text, charged to the budget (one unit of work, its length of output). */
  text(value: string): string {
    this.budget.spend(1, value.length);
    return value;
  }
}

function decodeOne(reader: Reader, type: AbiType, at: number, depth: number): AbiValue {
  if (depth > MAX_TYPE_DEPTH) throw new AbiTooLargeError();
  switch (type.kind) {
    case 'uint':
      return reader.text(reader.uint(at).toString());
    case 'int':
      return reader.text(BigInt.asIntN(type.bits, reader.uint(at)).toString());
    case 'address':
      return reader.text(toHex(reader.word(at).subarray(12)));
    case 'bool':
      reader.budget.spend(1, 5);
      return reader.uint(at) !== 0n;
    case 'fixedBytes':
      return reader.text(toHex(reader.word(at).subarray(0, type.size)));
    case 'bytes':
    case 'string': {
      const length = reader.size(at);
      if (at + WORD + length > reader.data.length)
        throw new AbiDecodeError(`${type.kind} at byte ${at} claims ${length} bytes beyond the data`);
      reader.budget.spend(1 + Math.ceil(length / WORD), type.kind === 'bytes' ? 2 + 2 * length : length);
      const bytes = reader.data.subarray(at + WORD, at + WORD + length);
      return type.kind === 'bytes' ? toHex(bytes) : new TextDecoder().decode(bytes);
    }
    case 'array': {
      const length = type.length ?? reader.size(at);
      const base = type.length === undefined ? at + WORD : at;
      // Each element takes at least one word: a length beyond the data is hostile, not a big array.
      if (base + length * WORD > reader.data.length && length > 0)
        throw new AbiDecodeError(`array at byte ${at} claims ${length} elements beyond the data`);
      // Two characters an element: the separators of its text.
      reader.budget.spend(1 + length, 2 + 2 * length);
      return decodeSequence(reader, Array(length).fill(type.item), base, depth + 1);
    }
    case 'tuple':
      reader.budget.spend(1 + type.components.length, 2 + 2 * type.components.length);
      return decodeSequence(
        reader,
        type.components.map((c) => c.type),
        at,
        depth + 1,
      );
  }
}

function decodeSequence(reader: Reader, types: AbiType[], base: number, depth: number): AbiValue[] {
  let head = base;
  return types.map((type) => {
    const at = isDynamic(type) ? base + reader.size(head) : head;
    head += headSize(type);
    return decodeOne(reader, type, at, depth);
  });
}

export interface DecodedArg {
  name: string;
  type: string;
  value: AbiValue;
}

/**
 * Decodes an encoded argument list (no selector). Throws AbiDecodeError for data that does not fit the
 * types, AbiTooLargeError when decoding would cost more than the data's budget.
 */
export function decodeParams(params: AbiParam[], data: Uint8Array): DecodedArg[] {
  const values = decodeSequence(
    new Reader(data, new Budget(data.length)),
    params.map((p) => p.type),
    0,
    0,
  );
  return params.map((p, i) => ({ name: p.name, type: canonicalType(p.type), value: values[i] }));
}

export function hexToBytes(hex: string): Uint8Array {
  const body = hex.startsWith('0x') || hex.startsWith('0X') ? hex.slice(2) : hex;
  if (body.length % 2 !== 0 || /[^0-9a-fA-F]/.test(body))
    throw new AbiDecodeError(`not hex bytes: '${hex.slice(0, 20)}${hex.length > 20 ? '…' : ''}'`);
  const bytes = new Uint8Array(body.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(body.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** Decodes call input (selector + arguments) with the function's inputs. */
export function decodeCall(fn: AbiFunction, input: string): DecodedArg[] {
  return decodeParams(fn.inputs, hexToBytes(input).subarray(4));
}

// ---- encode

function word(value: bigint): Uint8Array {
  const out = new Uint8Array(WORD);
  let rest = BigInt.asUintN(256, value);
  for (let i = WORD - 1; i >= 0 && rest > 0n; i--) {
    out[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return out;
}

function padRight(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(Math.ceil(bytes.length / WORD) * WORD);
  out.set(bytes);
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Raised inside encodeOne; `path` locates the failing element within one argument. */
class ValueError extends Error {}

function integer(value: unknown, path: string): bigint {
  const text =
    typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : typeof value === 'string' ? value.trim() : undefined;
  if (text === undefined || !/^-?(0x[0-9a-fA-F]+|\d+)$/.test(text))
    throw new ValueError(`${path}expected an integer (decimal or 0x hex), got ${JSON.stringify(value)}`);
  return text.startsWith('-') ? -BigInt(text.slice(1)) : BigInt(text);
}

function hexArgument(value: unknown, path: string): Uint8Array {
  if (!isHexData(value)) throw new ValueError(`${path}expected 0x-prefixed hex bytes, got ${JSON.stringify(value)}`);
  return hexToBytes(value);
}

/** Arrays and tuples are given as JSON text (or, nested, as JSON arrays). */
function listArgument(value: unknown, path: string): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed)) return parsed;
    } catch {
      // reported below
    }
  }
  throw new ValueError(`${path}expected a JSON array such as ["1","2"], got ${JSON.stringify(value)}`);
}

function encodeOne(type: AbiType, value: unknown, path: string): Uint8Array {
  switch (type.kind) {
    case 'uint':
    case 'int': {
      const n = integer(value, path);
      const [min, max] =
        type.kind === 'uint' ? [0n, (1n << BigInt(type.bits)) - 1n] : [-(1n << BigInt(type.bits - 1)), (1n << BigInt(type.bits - 1)) - 1n];
      if (n < min || n > max) throw new ValueError(`${path}${n} is out of range for ${type.kind}${type.bits} (${min} to ${max})`);
      return word(n);
    }
    case 'address': {
      if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value))
        throw new ValueError(`${path}expected an address (0x and 40 hex digits), got ${JSON.stringify(value)}`);
      return word(BigInt(value));
    }
    case 'bool': {
      if (value === true || value === 'true' || value === '1') return word(1n);
      if (value === false || value === 'false' || value === '0') return word(0n);
      throw new ValueError(`${path}expected true or false, got ${JSON.stringify(value)}`);
    }
    case 'fixedBytes': {
      const bytes = hexArgument(value, path);
      if (bytes.length !== type.size) throw new ValueError(`${path}expected ${type.size} bytes, got ${bytes.length}`);
      return padRight(bytes);
    }
    case 'bytes':
    case 'string': {
      if (type.kind === 'string' && typeof value !== 'string')
        throw new ValueError(`${path}expected a string, got ${JSON.stringify(value)}`);
      const bytes = type.kind === 'bytes' ? hexArgument(value, path) : new TextEncoder().encode(value as string);
      return concat([word(BigInt(bytes.length)), padRight(bytes)]);
    }
    case 'array': {
      const items = listArgument(value, path);
      if (type.length !== undefined && items.length !== type.length)
        throw new ValueError(`${path}expected ${type.length} elements, got ${items.length}`);
      const body = encodeSequence(items.map((item, i) => [type.item, item, `${path}[${i}]: `]));
      return type.length === undefined ? concat([word(BigInt(items.length)), body]) : body;
    }
    case 'tuple': {
      const items = listArgument(value, path);
      if (items.length !== type.components.length)
        throw new ValueError(`${path}expected a tuple of ${type.components.length} values, got ${items.length}`);
      return encodeSequence(type.components.map((c, i) => [c.type, items[i], `${path}.${c.name || i}: `]));
    }
  }
}

function encodeSequence(items: Array<[AbiType, unknown, string]>): Uint8Array {
  return assemble(
    items.map(([type]) => type),
    items.map(([type, value, path]) => encodeOne(type, value, path)),
  );
}

/** Heads in order (static values inline, offsets for dynamic ones), then the dynamic values' tails. */
function assemble(types: AbiType[], encoded: Uint8Array[]): Uint8Array {
  const heads: Uint8Array[] = [];
  const tails: Uint8Array[] = [];
  let tailOffset = types.reduce((sum, type) => sum + headSize(type), 0);
  types.forEach((type, i) => {
    if (isDynamic(type)) {
      heads.push(word(BigInt(tailOffset)));
      tails.push(encoded[i]);
      tailOffset += encoded[i].length;
    } else {
      heads.push(encoded[i]);
    }
  });
  return concat([...heads, ...tails]);
}

/** Encodes an argument list; each failure names the argument (AbiEncodeError). */
export function encodeParams(params: AbiParam[], args: unknown[]): Uint8Array {
  if (args.length !== params.length)
    throw new Error(`expected ${params.length} argument${params.length === 1 ? '' : 's'}, got ${args.length}`);
  const encoded = params.map((param, i) => {
    try {
      return encodeOne(param.type, args[i], '');
    } catch (error) {
      if (error instanceof ValueError) throw new AbiEncodeError(i, param, error.message);
      throw error;
    }
  });
  return assemble(
    params.map((p) => p.type),
    encoded,
  );
}

/**
 * Call data for `fn` with arguments typed as text (arrays and tuples as JSON arrays): selector + encoding,
 * as 0x hex.
 */
export function encodeCall(fn: AbiFunction, args: string[]): string {
  return selectorOf(fn) + toHex(encodeParams(fn.inputs, args)).slice(2);
}
