// How many stack items each opcode takes and leaves: geth checks these before an opcode runs and reports a
// violation as a failed step (not a fault), so the runtime predicts it from the step's stack.

const table = new Map<number, [pops: number, pushes: number]>();
const set = (codes: number[], pops: number, pushes: number) => codes.forEach((c) => table.set(c, [pops, pushes]));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

set([0x00, 0x5b, 0xfe], 0, 0);
set([0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x0a, 0x0b, ...range(0x10, 0x14), 0x16, 0x17, 0x18, 0x1a, 0x1b, 0x1c, 0x1d, 0x20], 2, 1);
set([0x08, 0x09], 3, 1);
set([0x15, 0x19, 0x1e, 0x31, 0x35, 0x3b, 0x3f, 0x40, 0x49, 0x51, 0x54, 0x5c], 1, 1);
set([0x30, 0x32, 0x33, 0x34, 0x36, 0x38, 0x3a, 0x3d, ...range(0x41, 0x48), 0x4a, 0x58, 0x59, 0x5a, ...range(0x5f, 0x7f)], 0, 1);
set([0x37, 0x39, 0x3e, 0x5e], 3, 0);
set([0x3c], 4, 0);
set([0x50, 0x56, 0xff], 1, 0);
set([0x52, 0x53, 0x55, 0x57, 0x5d, 0xf3, 0xfd], 2, 0);
for (let n = 1; n <= 16; n++) {
  table.set(0x7f + n, [n, n + 1]);
  table.set(0x8f + n, [n + 1, n + 1]);
}
for (let n = 0; n <= 4; n++) table.set(0xa0 + n, [n + 2, 0]);
set([0xf0], 3, 1);
set([0xf1, 0xf2], 7, 1);
set([0xf4, 0xfa], 6, 1);
set([0xf5], 4, 1);

const stackLimit = 1024;

/** geth's pre-execution stack error for this opcode and stack size, if any. */
export function stackError(op: number, size: number): string | undefined {
  const entry = table.get(op);
  if (!entry) return undefined;
  const [pops, pushes] = entry;
  if (size < pops) return `stack underflow (${size} <=> ${pops})`;
  const max = stackLimit + pops - pushes;
  if (size > max) return `stack limit reached ${stackLimit} (${max})`;
  return undefined;
}
