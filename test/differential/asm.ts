// A small EVM assembler for generated programs: opcode names (geth's), pushes of numbers with the smallest
// PUSHn, jumps to labels (PUSH2 of the label's offset), and raw data placed after the code.
import { opcodeByName } from '../../core/api/opcodes';

export type Item =
  | string // an opcode name, e.g. 'ADD'
  | bigint // pushed with the smallest PUSHn
  | { label: string } // a JUMPDEST here, named
  | { ref: string } // PUSH2 of a label's offset (a JUMPDEST or a data blob)
  | { raw: string }; // bytes as is (hex without 0x)

/** Bytes placed after the code, addressed by label (for CODECOPY). */
export interface Blob {
  label: string;
  hex: string;
}

function opcode(name: string): string {
  const info = opcodeByName(name);
  if (!info) throw new Error(`asm: unknown opcode ${name}`);
  return info.code.toString(16).padStart(2, '0');
}

function push(value: bigint, push0: boolean): string {
  if (value < 0n || value >= 1n << 256n) throw new Error(`asm: push of ${value} is not a 256-bit word`);
  if (value === 0n) return push0 ? opcode('PUSH0') : '6000';
  let hex = value.toString(16);
  if (hex.length % 2) hex = '0' + hex;
  return (0x5f + hex.length / 2).toString(16) + hex;
}

/** Assembles items then blobs; returns the bytecode as 0x hex. `push0`: whether 0 is pushed with PUSH0
 * (Shanghai on) or PUSH1. */
export function assemble(items: Item[], blobs: Blob[] = [], push0 = true): string {
  // Every item's size is known without the labels' values (refs are always PUSH2), so one pass places them.
  const at = new Map<string, number>();
  const size = (item: Item) => {
    if (typeof item === 'string' || (typeof item === 'object' && 'label' in item)) return 1;
    if (typeof item === 'bigint') return push(item, push0).length / 2;
    return 'ref' in item ? 3 : item.raw.length / 2;
  };
  let offset = 0;
  for (const item of items) {
    if (typeof item === 'object' && 'label' in item) at.set(item.label, offset);
    offset += size(item);
  }
  for (const blob of blobs) {
    at.set(blob.label, offset);
    offset += blob.hex.length / 2;
  }
  const where = (label: string) => {
    const found = at.get(label);
    if (found === undefined) throw new Error(`asm: no label ${label}`);
    return found.toString(16).padStart(4, '0');
  };
  const code = items.map((item) => {
    if (typeof item === 'string') return opcode(item);
    if (typeof item === 'bigint') return push(item, push0);
    if ('label' in item) return opcode('JUMPDEST');
    if ('ref' in item) return '61' + where(item.ref);
    return item.raw;
  });
  return '0x' + code.join('') + blobs.map((b) => b.hex).join('');
}
