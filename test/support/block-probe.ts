// A hand-assembled contract that shows a call its block and its state, returned as words: NUMBER,
// TIMESTAMP, COINBASE, GASLIMIT, BASEFEE, PREVRANDAO, BLOBBASEFEE, the BLOCKHASH of the two blocks before,
// slot 0 (a counter of calls) and slot 1 (the NUMBER the last call ran at), and a KECCAK256 of the first
// 64 bytes of memory. Each call then counts itself in slot 0 and writes its NUMBER to slot 1.
import { assemble, deployer, type Item } from './assemble';

const word = (i: number) => i * 32;
const context = ['NUMBER', 'TIMESTAMP', 'COINBASE', 'GASLIMIT', 'BASEFEE', 'DIFFICULTY', 'BLOBBASEFEE'];
const names = [...context, 'BLOCKHASH(n-1)', 'BLOCKHASH(n-2)', 'counter', 'lastNumber', 'KECCAK256'] as const;

const runtime = assemble([
  ...context.flatMap((op, i): Item[] => [op, word(i), 'MSTORE']),
  ...[1, 2].flatMap((back, i): Item[] => [back, 'NUMBER', 'SUB', 'BLOCKHASH', word(context.length + i), 'MSTORE']),
  0,
  'SLOAD',
  word(9),
  'MSTORE',
  1,
  'SLOAD',
  word(10),
  'MSTORE',
  0,
  'SLOAD',
  1,
  'ADD',
  0,
  'SSTORE',
  'NUMBER',
  1,
  'SSTORE',
  64,
  0,
  'KECCAK256',
  word(11),
  'MSTORE',
  word(names.length),
  0,
  'RETURN',
]);

export const blockProbeInitcode = deployer(runtime);
export const blockProbeRuntime = '0x' + runtime;

export type BlockProbeWord = (typeof names)[number];

/** The probe's answer by name, each word as a bigint. */
export function blockProbeWords(output: string): Record<BlockProbeWord, bigint> {
  return Object.fromEntries(names.map((name, i) => [name, BigInt('0x' + output.slice(2 + i * 64, 2 + (i + 1) * 64))])) as Record<
    BlockProbeWord,
    bigint
  >;
}
