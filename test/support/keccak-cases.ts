// Code that runs KECCAK256 on every kind of input geth's keccak256PreimageTracer treats apart: empty, inside
// memory, running past the end of memory (zero-padded), more than 1 MiB past it (left out), starting at the
// end of memory, and an offset that is negative as geth reads it (left out; the call then runs out of gas).
import { keccak_256 } from '@noble/hashes/sha3.js';
import { assemble } from './assemble';

export const keccakCasesCode =
  '0x' +
  assemble([
    0,
    0,
    'KECCAK256',
    'POP',
    0xaa,
    0,
    'MSTORE',
    32,
    0,
    'KECCAK256',
    'POP',
    40,
    16,
    'KECCAK256',
    'POP',
    0x200000,
    0,
    'KECCAK256',
    'POP',
    8,
    0x200000,
    'KECCAK256',
    'POP',
    32,
    '0xffffffffffffffff',
    'KECCAK256',
  ]);

const hex = (bytes: Uint8Array) => '0x' + Buffer.from(bytes).toString('hex');

/** What the tracer must report for keccakCasesCode: hash → preimage, keys sorted. */
export function keccakCasesPreimages(): Record<string, string> {
  const word = new Uint8Array(32);
  word[31] = 0xaa;
  const pastEnd = new Uint8Array(40);
  pastEnd.set(word.subarray(16));
  const inputs = [new Uint8Array(0), word, pastEnd, new Uint8Array(8)];
  return Object.fromEntries(inputs.map((input) => [hex(keccak_256(input)), hex(input)]).sort(([a], [b]) => (a < b ? -1 : 1)));
}
