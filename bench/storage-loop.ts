// The runtime benches' loop: a contract that runs ~1,000,000 opcodes (SLOAD/SSTORE or MLOAD/MSTORE each
// iteration), and the job that calls it with a given tracer.
import type { TraceJob } from '../runtime/evm/job';
import { forksThrough } from '../test/support/genesis-config';

const iterations = 77_000; // 13 opcodes each, plus PUSH3 and STOP
export const opcodes = iterations * 13 + 2;
const contract = '0x00000000000000000000000000000000000000aa';
const sender = '0x00000000000000000000000000000000000000bb';

function hex(n: number, bytes: number): string {
  return n.toString(16).padStart(bytes * 2, '0');
}

/** PUSH3 N; JUMPDEST PUSH1 1 SWAP1 SUB DUP1 PUSH1 0 LOAD ADD PUSH1 0 STORE DUP1 PUSH1 dest JUMPI; STOP, with an
 * optional prefix that expands memory first. LOAD/STORE are SLOAD/SSTORE or MLOAD/MSTORE. */
export function loop(storage: boolean, memoryBytes = 0): string {
  const prefix = memoryBytes > 0 ? `6000${'62' + hex(memoryBytes - 32, 3)}52` : '';
  const dest = prefix.length / 2 + 4;
  const [load, store] = storage ? ['54', '55'] : ['51', '52'];
  return `0x${prefix}62${hex(iterations, 3)}5b60019003806000${load}01600${'0'}${store}8060${hex(dest, 1)}5700`;
}

export function job(code: string, tracer: string, tracerConfig?: string): TraceJob {
  return {
    chainConfig: forksThrough(43112, 'cancun'),
    preState: { [contract]: { code }, [sender]: { balance: '0x0' } },
    block: {
      number: '1',
      timestamp: '10',
      gasLimit: '0x174876e800',
      coinbase: '0x0000000000000000000000000000000000000000',
      baseFeePerGas: '0',
    },
    transactions: [{ call: { from: sender, to: contract, gas: '0x174876e800', gasPrice: '0x0' } }],
    trace: [0],
    tracer,
    tracerConfig,
    timeoutMs: 600_000,
  };
}
