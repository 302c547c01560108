// A hand-assembled contract that shows a call its block and its state: NUMBER, TIMESTAMP, COINBASE,
// GASLIMIT, BASEFEE, PREVRANDAO, BLOBBASEFEE, BLOCKHASH of the two blocks before, then a counter in slot 0
// (returned, then incremented) and the KECCAK256 of the first 64 bytes of memory, returned as words.
import { assemble, deployer, type Item } from './assemble';

const word = (i: number) => i * 32;
const context = ['NUMBER', 'TIMESTAMP', 'COINBASE', 'GASLIMIT', 'BASEFEE', 'DIFFICULTY', 'BLOBBASEFEE'];

const runtime = assemble([
  ...context.flatMap((op, i): Item[] => [op, word(i), 'MSTORE']),
  ...[1, 2].flatMap((back, i): Item[] => [back, 'NUMBER', 'SUB', 'BLOCKHASH', word(context.length + i), 'MSTORE']),
  0, 'SLOAD', word(9), 'MSTORE',
  0, 'SLOAD', 1, 'ADD', 0, 'SSTORE',
  64, 0, 'KECCAK256', word(10), 'MSTORE',
  word(11), 0, 'RETURN',
]);

export const blockProbeInitcode = deployer(runtime);

/** The probe's answer, word by word. */
export function blockProbeWords(output: string): Record<string, string> {
  const names = [...context, 'BLOCKHASH(n-1)', 'BLOCKHASH(n-2)', 'counter', 'KECCAK256'];
  return Object.fromEntries(names.map((name, i) => [name, '0x' + output.slice(2 + i * 64, 2 + (i + 1) * 64)]));
}
