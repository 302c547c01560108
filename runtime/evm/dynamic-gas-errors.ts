// The errors geth's interpreter raises for an opcode after its constant gas and before it charges the
// dynamic gas, in geth's order: the memory size overflowing (plain 'gas uint64 overflow'), then what the
// opcode's gas function refuses ('out of gas: <why>'): a write in a static frame (geth v1.17), memory gas
// past what the gas arithmetic holds, init code over the EIP-3860 limit. The step reports such an error with
// the constant gas as its cost, and the frame fails with it; no fault follows. ethereumjs either runs these
// checks later or words them as plain out of gas.
import type { ForkRules } from './fork-rules';
import { op } from '../../core/api/opcodes';

const u64 = 1n << 64n;
const maxRoundable = u64 - 32n;
/** geth's largest memory size whose gas it computes (beyond it: overflow). */
const maxMemoryForGas = 0x1fffffffe0n;
const maxInitCode = 49152n;
/** What a CALL pays for a cold target before geth looks at the static flag. */
const coldSurcharge = 2500n;
const { SSTORE, CREATE, CALL, CALLCODE, DELEGATECALL, CREATE2, STATICCALL, SELFDESTRUCT } = op;

/** The memory regions an opcode touches: [offset, size] as stack positions from the top, or a fixed size. */
const regions: Record<number, Array<[number, number | bigint]>> = {
  0x20: [[0, 1]],
  0x37: [[0, 2]],
  0x39: [[0, 2]],
  0x3c: [[1, 3]],
  0x3e: [[0, 2]],
  0x51: [[0, 32n]],
  0x52: [[0, 32n]],
  0x53: [[0, 1n]],
  0x5e: [
    [0, 2],
    [1, 2],
  ],
  0xa0: [[0, 1]],
  0xa1: [[0, 1]],
  0xa2: [[0, 1]],
  0xa3: [[0, 1]],
  0xa4: [[0, 1]],
  [CREATE]: [[1, 2]],
  [CREATE2]: [[1, 2]],
  0xf3: [[0, 1]],
  0xfd: [[0, 1]],
  [CALL]: [
    [3, 4],
    [5, 6],
  ],
  [CALLCODE]: [
    [3, 4],
    [5, 6],
  ],
  [DELEGATECALL]: [
    [2, 3],
    [4, 5],
  ],
  [STATICCALL]: [
    [2, 3],
    [4, 5],
  ],
};

/** The stack item `i` from the top, 0 when missing. A function of the module, not a closure per call: the
 * bundle names each closure it creates (keepNames), a cost on every step. */
function fromTop(stack: bigint[], i: number): bigint {
  return stack[stack.length - 1 - i] ?? 0n;
}

/** The memory size the opcode needs, or 'overflow' where geth's calculation overflows uint64. */
export function memorySize(op: number, stack: bigint[]): bigint | 'overflow' {
  let size = 0n;
  for (const [at, length] of regions[op] ?? []) {
    const bytes = typeof length === 'bigint' ? length : fromTop(stack, length);
    if (bytes === 0n) continue;
    const offset = fromTop(stack, at);
    const end = offset + bytes;
    if (offset >= u64 || bytes >= u64 || end >= u64) return 'overflow';
    if (end > size) size = end;
  }
  // Rounded up to whole words, which must fit too.
  return size > maxRoundable ? 'overflow' : size;
}

/** 1 for the opcodes that can fail here (they touch memory, or may be refused in a static frame): every
 * step asks, so the others are answered without any arithmetic. */
export const mayFailBeforeDynamicGas = new Uint8Array(256);
for (const op of [...Object.keys(regions).map(Number), SSTORE, SELFDESTRUCT]) mayFailBeforeDynamicGas[op] = 1;

/** Opcodes geth (v1.17) refuses in a static frame in their gas function (a LOG or TSTORE is refused when it
 * executes instead, as a fault). */
function refusedInStatic(op: number, stack: bigint[]): boolean {
  if (op === CALL) return (stack[stack.length - 3] ?? 0n) !== 0n;
  return op === SSTORE || op === CREATE || op === CREATE2 || op === SELFDESTRUCT;
}

/**
 * The error, if any (missing stack items read as 0: the caller checks the stack first). `gasLeft` is the gas
 * after the constant part: before Prague a CALL with value in a static frame first pays for a cold target,
 * which is not known here; with less than that surcharge left, the caller's out-of-gas rule applies instead.
 */
export function dynamicGasError(op: number, stack: bigint[], rules: ForkRules, isStatic: boolean, gasLeft?: bigint): string | undefined {
  const size = memorySize(op, stack);
  if (size === 'overflow') return 'gas uint64 overflow';
  // Before Prague a CALL first pays a cold target's access (and fails on it); from Prague the static check comes first.
  if (
    isStatic &&
    refusedInStatic(op, stack) &&
    !(op === CALL && rules.eip2929 && !rules.eip7702 && gasLeft !== undefined && gasLeft < coldSurcharge)
  ) {
    return 'out of gas: write protection';
  }
  if (size > maxMemoryForGas) return 'out of gas: gas uint64 overflow';
  if ((op === CREATE || op === CREATE2) && rules.eip3860) {
    const initCode = stack[stack.length - 3] ?? 0n;
    if (initCode >= u64) return 'out of gas: gas uint64 overflow';
    if (initCode > maxInitCode) return `out of gas: max initcode size exceeded: code size ${initCode} limit ${maxInitCode}`;
  }
  return undefined;
}
