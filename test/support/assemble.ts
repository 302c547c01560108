// A small EVM assembler for hand-written test contracts: opcode names (geth's, core/api/opcodes), pushes
// (a number or `0x…` hex pushes itself with the smallest PUSHn), and labels: `{ label }` places a JUMPDEST,
// `{ to }` pushes its offset (PUSH2).
import { opcodeByName } from '../../core/api/opcodes';

export type Item = string | number | { label: string } | { to: string };

function opcode(name: string): string {
  const info = opcodeByName(name);
  if (!info) throw new Error(`unknown opcode ${name}`);
  return info.code.toString(16).padStart(2, '0');
}

function push(value: string | number): string {
  let hex = typeof value === 'number' ? value.toString(16) : value.slice(2);
  if (hex.length % 2) hex = '0' + hex;
  if (hex.length === 0 || hex.length > 64) throw new Error(`cannot push ${value}`);
  return (0x5f + hex.length / 2).toString(16) + hex;
}

/** The runtime code as hex without 0x. */
export function assemble(items: Item[]): string {
  const labels = new Map<string, number>();
  const encode = (resolve: (label: string) => number) =>
    items.map((item) => {
      if (typeof item === 'object' && 'label' in item) return opcode('JUMPDEST');
      if (typeof item === 'object') return '61' + resolve(item.to).toString(16).padStart(4, '0');
      return typeof item === 'number' || item.startsWith('0x') ? push(item) : opcode(item);
    });
  // Every label reference is a PUSH2, so offsets are known after one pass.
  let offset = 0;
  encode(() => 0).forEach((code, index) => {
    const item = items[index];
    if (typeof item === 'object' && 'label' in item) labels.set(item.label, offset);
    offset += code.length / 2;
  });
  return encode((label) => {
    const at = labels.get(label);
    if (at === undefined) throw new Error(`unknown label ${label}`);
    return at;
  }).join('');
}

/** Init code that stores `slots` (slot → value) and deploys `runtime` as is. */
export function deployer(runtime: string, slots: Record<number, number> = {}): string {
  const stores = assemble(Object.entries(slots).flatMap(([slot, value]) => [value, Number(slot), 'SSTORE']));
  const size = runtime.length / 2;
  // The runtime starts after the stores and this copy code, whose length does not depend on that offset.
  const copy = (offset: number) => assemble([size, '0x' + offset.toString(16).padStart(4, '0'), 0, 'CODECOPY', size, 0, 'RETURN']);
  const start = (stores.length + copy(0).length) / 2;
  return '0x' + stores + copy(start) + runtime;
}
