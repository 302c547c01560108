// coreth (geth v1.13) refuses a write in a static frame when the opcode executes: the step runs with its
// whole gas (the SSTORE's 2,200, a CALL's value transfer and forwarded gas), then the opcode fails with
// `write protection` and the tracer's `fault` runs. ethereumjs, like geth v1.17, refuses these opcodes in
// their gas handlers. For a target that refuses them on execution, the handlers of these opcodes compute
// their gas as in a plain frame and the opcode itself refuses to run in a static one.
import { EVMError, type EVM } from '@ethereumjs/evm';
import { op } from '../../core/api/opcodes';

interface RunState {
  interpreter: { _env: { isStatic: boolean } };
  stack: { peek(count: number): bigint[] };
}

interface OpEntry {
  opcodeInfo: { code: number };
  opHandler: (runState: RunState, common: unknown) => unknown;
  gasHandler: (runState: RunState, gas: bigint, common: unknown) => Promise<bigint> | bigint;
}

/** The writes ethereumjs refuses in their gas handlers (LOG too, but geth refuses a LOG when it runs as well). */
const writeOpcodes = [op.SSTORE, op.CREATE, op.CREATE2, op.CALL, op.SELFDESTRUCT];

/** Whether the opcode about to run writes: a CALL only when it moves value. */
function writes(code: number, runState: RunState): boolean {
  return code !== op.CALL || runState.stack.peek(3)[2] !== 0n;
}

function refusedWhenRun(entry: OpEntry): OpEntry {
  return {
    ...entry,
    gasHandler: (runState, gas, common) => {
      const env = runState.interpreter._env;
      const wasStatic = env.isStatic;
      env.isStatic = false;
      // The handlers read the flag first, in their synchronous part: restored before anything else runs.
      try {
        return entry.gasHandler(runState, gas, common);
      } finally {
        env.isStatic = wasStatic;
      }
    },
    opHandler: (runState, common) => {
      if (runState.interpreter._env.isStatic && writes(entry.opcodeInfo.code, runState))
        throw new EVMError(EVMError.errorMessages.STATIC_STATE_CHANGE);
      return entry.opHandler(runState, common);
    },
  };
}

/** Refuses static writes when they run instead of in their gas, until the returned function is called. */
export function refuseStaticWritesWhenRun(evm: EVM): () => void {
  const table = (evm as unknown as { _opcodeMap: OpEntry[] })._opcodeMap;
  const saved = new Map<number, OpEntry>();
  for (const code of writeOpcodes) {
    const entry = table[code];
    if (!entry || entry.opcodeInfo.code !== code) continue;
    saved.set(code, entry);
    table[code] = refusedWhenRun(entry);
  }
  return () => {
    for (const [code, entry] of saved) table[code] = entry;
  };
}
