// Step events for chosen opcodes only. ethereumjs' `step` event copies the stack and memory and awaits every
// listener on every opcode; a native tracer that needs only a few opcodes (the CALL family for call types,
// SLOAD/SSTORE for prestate) taps those in the EVM's opcode table instead and runs the rest at full speed.
// The event is built at the moment ethereumjs would emit its own: after the dynamic gas is computed, before
// it is charged (and also when the gas handler throws).
import type { EVM, InterpreterStep } from '@ethereumjs/evm';

interface OpEntry {
  opcodeInfo: { code: number; fee: number; feeBigInt: bigint; dynamicGas: boolean; fullName: string; name: string; isAsync: boolean };
  opHandler: (runState: RunStateLike, common: unknown) => unknown;
  gasHandler: (runState: RunStateLike, gas: bigint, common: unknown) => Promise<bigint> | bigint;
}

interface RunStateLike {
  programCounter: number;
  gasRefund: bigint;
  memoryWordCount: bigint;
  memory: { _store: Uint8Array };
  stack: { getStack(): bigint[] };
  env: { depth: number };
  interpreter: { getGasLeft(): bigint };
}

type Listener = (ev: InterpreterStep) => void;

function stepEvent(entry: OpEntry, runState: RunStateLike, total: bigint, gasLeft: bigint, words: bigint): InterpreterStep {
  const info = entry.opcodeInfo;
  return {
    pc: runState.programCounter,
    gasLeft,
    gasRefund: runState.gasRefund,
    opcode: { name: info.fullName, fee: info.fee, dynamicFee: total, isAsync: info.isAsync, code: info.code },
    stack: runState.stack.getStack(),
    depth: runState.env.depth,
    // A copy: the view is read after later, untapped opcodes changed memory (a CALL's pre-check failure is
    // only known at the next tapped step).
    memory: runState.memory._store.slice(0, Number(words) * 32),
    memoryWordCount: words,
  } as unknown as InterpreterStep;
}

function tapped(entry: OpEntry, listener: Listener): OpEntry {
  if (entry.opcodeInfo.dynamicGas) {
    return {
      ...entry,
      // Synchronous when ethereumjs' handler is (the interpreter then runs the opcode without a hop).
      gasHandler: (runState, gas, common) => {
        const gasLeft = runState.interpreter.getGasLeft();
        const words = runState.memoryWordCount;
        let total: Promise<bigint> | bigint;
        try {
          total = entry.gasHandler(runState, gas, common);
        } catch (error) {
          listener(stepEvent(entry, runState, gas, gasLeft, words));
          throw error;
        }
        if (!(total instanceof Promise)) {
          listener(stepEvent(entry, runState, total, gasLeft, words));
          return total;
        }
        return total.then(
          (charged) => {
            listener(stepEvent(entry, runState, charged, gasLeft, words));
            return charged;
          },
          (error: unknown) => {
            listener(stepEvent(entry, runState, gas, gasLeft, words));
            throw error;
          },
        );
      },
    };
  }
  // Constant gas only: the handler runs after the charge and the pc advance, so undo both for the event.
  return {
    ...entry,
    opHandler: (runState, common) => {
      const fee = entry.opcodeInfo.feeBigInt;
      const event = stepEvent(entry, runState, fee, runState.interpreter.getGasLeft() + fee, runState.memoryWordCount);
      (event as { pc: number }).pc -= 1;
      listener(event);
      return entry.opHandler(runState, common);
    },
  };
}

/** Routes the `opcodes`' steps to `listener` until the returned function is called. */
export function tapOpcodes(evm: EVM, opcodes: readonly number[], listener: Listener): () => void {
  const table = (evm as unknown as { _opcodeMap: OpEntry[] })._opcodeMap;
  const saved = new Map<number, OpEntry>();
  for (const op of opcodes) {
    const entry = table[op];
    if (!entry || entry.opcodeInfo.code !== op) continue; // not an opcode on this fork
    saved.set(op, entry);
    table[op] = tapped(entry, listener);
  }
  return () => {
    for (const [op, entry] of saved) table[op] = entry;
  };
}
