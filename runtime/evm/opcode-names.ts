// geth's opcode names by byte, from the shared API model; bytes with no name read `opcode 0xc not defined`.
import { opcodes } from '../../core/api/opcodes';

const names: string[] = Array.from({ length: 256 }, (_, code) => undefinedOpcodeName(code));
for (const { code, name } of opcodes) names[code] = name;

export function opcodeName(code: number): string {
  return names[code];
}

/** The name Go's OpCode.String() gives a byte its table does not define. */
export function undefinedOpcodeName(code: number): string {
  return `opcode 0x${code.toString(16)} not defined`;
}
