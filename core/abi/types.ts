// ABI types as a tree (parsed from ABI JSON parameters or from signature text) and their canonical
// spelling, which is what selectors and event topics hash.

export type AbiType =
  | { kind: 'uint' | 'int'; bits: number }
  | { kind: 'address' | 'bool' | 'bytes' | 'string' }
  | { kind: 'fixedBytes'; size: number }
  | { kind: 'array'; item: AbiType; length?: number }
  | { kind: 'tuple'; components: AbiParam[] };

export interface AbiParam {
  name: string;
  type: AbiType;
  /** Events only: the argument is a topic, not in the data. */
  indexed?: boolean;
}

export interface AbiFunction {
  kind: 'function';
  name: string;
  inputs: AbiParam[];
  outputs: AbiParam[];
}

export interface AbiEvent {
  kind: 'event';
  name: string;
  inputs: AbiParam[];
  anonymous: boolean;
}

export interface AbiError {
  kind: 'error';
  name: string;
  inputs: AbiParam[];
}

export type AbiEntry = AbiFunction | AbiEvent | AbiError;

export class AbiTypeError extends Error {}

/**
 * How many array and tuple layers a type may nest (`uint256[][]` has two). Real ABIs stay far below; the
 * bound keeps parsing and decoding, which recurse through the layers, from running out of stack.
 */
export const MAX_TYPE_DEPTH = 32;

/** `depth` layers above a base type plus its array suffixes: the layers its tuple components sit under. */
function layers(depth: number, suffixes: string, whole: string): number {
  const total = depth + (suffixes.match(/\[/g)?.length ?? 0);
  if (total > MAX_TYPE_DEPTH)
    throw new AbiTypeError(
      `'${whole.length > 60 ? `${whole.slice(0, 60)}…` : whole}' nests arrays and tuples deeper than ${MAX_TYPE_DEPTH} levels`,
    );
  return total;
}

const ELEMENTARY = /^(uint|int)(\d*)$|^bytes(\d+)$|^(address|bool|bytes|string|function)$/;

function elementary(name: string): AbiType {
  const match = ELEMENTARY.exec(name);
  if (!match) throw new AbiTypeError(`unknown ABI type '${name}'`);
  if (match[1]) {
    const bits = match[2] ? Number(match[2]) : 256;
    if (bits < 8 || bits > 256 || bits % 8 !== 0) throw new AbiTypeError(`'${name}': the bit size must be a multiple of 8 from 8 to 256`);
    return { kind: match[1] as 'uint' | 'int', bits };
  }
  if (match[3]) {
    const size = Number(match[3]);
    if (size < 1 || size > 32) throw new AbiTypeError(`'${name}': bytesN takes N from 1 to 32`);
    return { kind: 'fixedBytes', size };
  }
  // `function` is an address and a selector packed in 24 bytes.
  if (match[4] === 'function') return { kind: 'fixedBytes', size: 24 };
  return { kind: match[4] as 'address' | 'bool' | 'bytes' | 'string' };
}

/** Applies array suffixes such as `[]`, `[3][]` to a base type. */
function withSuffixes(base: AbiType, suffixes: string, whole: string): AbiType {
  let type = base;
  for (const match of suffixes.matchAll(/\[(\d*)\]/g)) {
    type = match[1] === '' ? { kind: 'array', item: type } : { kind: 'array', item: type, length: Number(match[1]) };
  }
  if (suffixes.replace(/\[\d*\]/g, '') !== '') throw new AbiTypeError(`malformed array suffix in '${whole}'`);
  return type;
}

interface JsonParam {
  name?: unknown;
  type?: unknown;
  components?: unknown;
  indexed?: unknown;
}

/** A parameter of ABI JSON (`{name, type, components, indexed}`), under `depth` array and tuple layers. */
export function paramFromJson(raw: unknown, where: string, depth = 0): AbiParam {
  const param = (raw ?? {}) as JsonParam;
  const typeText = param.type;
  if (typeof typeText !== 'string') throw new AbiTypeError(`${where}: parameter has no type`);
  const match = /^([^[]+)((?:\[\d*\])*)$/.exec(typeText);
  if (!match) throw new AbiTypeError(`${where}: malformed type '${typeText}'`);
  /** Type errors here, prefixed with where. */
  const located = <T>(make: () => T): T => {
    try {
      return make();
    } catch (error) {
      throw new AbiTypeError(`${where}: ${(error as Error).message}`);
    }
  };
  const outer = located(() => layers(depth, match[2], typeText));
  let base: AbiType;
  if (match[1] === 'tuple') {
    if (!Array.isArray(param.components)) throw new AbiTypeError(`${where}: tuple without components`);
    base = { kind: 'tuple', components: param.components.map((c, i) => paramFromJson(c, `${where}.${i}`, outer + 1)) };
  } else {
    base = located(() => elementary(match[1]));
  }
  const result: AbiParam = { name: typeof param.name === 'string' ? param.name : '', type: withSuffixes(base, match[2], typeText) };
  if (param.indexed === true) result.indexed = true;
  return result;
}

/** Parses type text as signatures spell it, tuples included: `(address,uint256)[]`; under `depth` layers. */
export function parseTypeText(text: string, depth = 0): AbiType {
  const trimmed = text.trim();
  if (trimmed.startsWith('(')) {
    const close = matchingParen(trimmed, 0);
    const suffixes = trimmed.slice(close + 1);
    const outer = layers(depth, suffixes, trimmed);
    const components = splitTopLevel(trimmed.slice(1, close)).map((part) => ({ name: '', type: parseTypeText(part, outer + 1) }));
    return withSuffixes({ kind: 'tuple', components }, suffixes, trimmed);
  }
  const match = /^([a-z0-9]+)((?:\[\d*\])*)$/.exec(trimmed);
  if (!match) throw new AbiTypeError(`malformed type '${text}'`);
  layers(depth, match[2], trimmed);
  return withSuffixes(elementary(match[1]), match[2], trimmed);
}

export function matchingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i;
  }
  throw new AbiTypeError(`unbalanced parentheses in '${text}'`);
}

/** Splits on commas outside parentheses; '' gives no parts. */
export function splitTopLevel(text: string): string[] {
  if (text.trim() === '') return [];
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')') depth--;
    else if (text[i] === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

export function canonicalType(type: AbiType): string {
  switch (type.kind) {
    case 'uint':
    case 'int':
      return `${type.kind}${type.bits}`;
    case 'fixedBytes':
      return `bytes${type.size}`;
    case 'array':
      return `${canonicalType(type.item)}[${type.length ?? ''}]`;
    case 'tuple':
      return `(${type.components.map((c) => canonicalType(c.type)).join(',')})`;
    default:
      return type.kind;
  }
}
