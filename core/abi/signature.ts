// Canonical signatures, 4-byte selectors and event topics; and entries parsed back from signature text
// (the built-in table is written as text).
import { keccak_256 } from '@noble/hashes/sha3.js';
import {
  AbiTypeError,
  canonicalType,
  matchingParen,
  parseTypeText,
  splitTopLevel,
  type AbiEntry,
  type AbiEvent,
  type AbiFunction,
} from './types';

const HEX = '0123456789abcdef';

export function toHex(bytes: Uint8Array): string {
  let out = '0x';
  for (const byte of bytes) out += HEX[byte >> 4] + HEX[byte & 15];
  return out;
}

export function keccakHex(text: string): string {
  return toHex(keccak_256(new TextEncoder().encode(text)));
}

export function signatureOf(entry: AbiEntry): string {
  return `${entry.name}(${entry.inputs.map((p) => canonicalType(p.type)).join(',')})`;
}

/** `0x` and 8 hex digits: the first 4 bytes of keccak256(signature). Errors use the same rule. */
export function selectorOf(entry: AbiFunction | AbiEntry): string {
  return keccakHex(signatureOf(entry)).slice(0, 10);
}

/** topic0 of a non-anonymous event. */
export function topicOf(event: AbiEvent): string {
  return keccakHex(signatureOf(event));
}

/** `name(type,…)` as a function entry (argument names unknown). */
export function functionFromSignature(text: string): AbiFunction {
  const { name, parts } = splitSignature(text);
  return { kind: 'function', name, inputs: parts.map((part) => ({ name: '', type: parseTypeText(part) })), outputs: [] };
}

/** `Name(type,type indexed,…)`: arguments marked `indexed` are topics. */
export function eventFromSignature(text: string): AbiEvent {
  const { name, parts } = splitSignature(text);
  const inputs = parts.map((part) => {
    const indexed = /\sindexed\s*$/.test(part);
    return { name: '', type: parseTypeText(part.replace(/\sindexed\s*$/, '')), ...(indexed ? { indexed: true } : {}) };
  });
  return { kind: 'event', name, anonymous: false, inputs };
}

function splitSignature(text: string) {
  const open = text.indexOf('(');
  if (open <= 0 || !/^[A-Za-z_$][\w$]*$/.test(text.slice(0, open))) throw new AbiTypeError(`malformed signature '${text}'`);
  const close = matchingParen(text, open);
  if (close !== text.length - 1) throw new AbiTypeError(`malformed signature '${text}'`);
  return { name: text.slice(0, open), parts: splitTopLevel(text.slice(open + 1, close)) };
}
