// geth's opcode names by byte, from the shared API model; bytes with no name read `opcode 0xc not defined`.
import { opcodes } from '../../core/api/opcodes';

const names: string[] = Array.from({ length: 256 }, (_, code) => `opcode 0x${code.toString(16)} not defined`);
for (const { code, name } of opcodes) names[code] = name;

export function opcodeName(code: number): string {
  return names[code];
}
