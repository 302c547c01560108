// Whether the last CALL-family opcode's target was cold before it ran. geth charges a cold target's access
// before the rest of a call's dynamic gas, so a step that cannot pay reports other gas for a cold target
// (state-gas.ts); but ethereumjs' gas handler warms the target before the step event is emitted, so the step
// cannot ask the access list any more. The handlers are wrapped to ask first.
import type { EVM } from '@ethereumjs/evm';
import { bigIntToBytes, setLengthLeft } from '@ethereumjs/util';
import { callOpcodes } from '../../core/api/opcodes';

interface OpEntry {
  opcodeInfo: { code: number };
  gasHandler: (runState: { stack: { peek(count: number): bigint[] } }, gas: bigint, common: unknown) => Promise<bigint> | bigint;
}

interface ColdCallTargets {
  /** The last CALL-family opcode's target was not in the access list before it. */
  wasCold(): boolean;
  /** Puts the opcode table back. */
  stop(): void;
}

export function watchColdCallTargets(evm: EVM): ColdCallTargets {
  const table = (evm as unknown as { _opcodeMap: OpEntry[] })._opcodeMap;
  const saved = new Map<number, OpEntry>();
  let cold = false;
  for (const code of callOpcodes) {
    const entry = table[code];
    if (!entry || entry.opcodeInfo.code !== code) continue;
    saved.set(code, entry);
    table[code] = {
      ...entry,
      gasHandler: (runState, gas, common) => {
        const target = runState.stack.peek(2)[1] & ((1n << 160n) - 1n);
        cold = !evm.journal.isWarmedAddress(setLengthLeft(bigIntToBytes(target), 20));
        return entry.gasHandler(runState, gas, common);
      },
    };
  }
  return {
    wasCold: () => cold,
    stop: () => {
      for (const [code, entry] of saved) table[code] = entry;
    },
  };
}
