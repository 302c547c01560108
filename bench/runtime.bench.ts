// Runtime tracing speed on a 1,000,001-opcode loop, run through runTraceJob (the bundled worker, as the node
// uses it): steps/s with no step hook, with an opcode-counting step, with log.stack.peek(0) every step; and
// tracing with 1 MiB of EVM memory against 1 KiB. Prints absolute figures and the ratios (one run, median of 3).
import type { TraceJob } from '../runtime/trace/job';
import { runTraceJob } from '../runtime/trace/run';

const iterations = 77_000; // 13 opcodes each, plus PUSH3 and STOP
const opcodes = iterations * 13 + 2;
const contract = '0x00000000000000000000000000000000000000aa';
const sender = '0x00000000000000000000000000000000000000bb';

function hex(n: number, bytes: number): string {
  return n.toString(16).padStart(bytes * 2, '0');
}

/** PUSH3 N; JUMPDEST PUSH1 1 SWAP1 SUB DUP1 PUSH1 0 LOAD ADD PUSH1 0 STORE DUP1 PUSH1 dest JUMPI; STOP, with an
 * optional prefix that expands memory first. LOAD/STORE are SLOAD/SSTORE or MLOAD/MSTORE. */
function loop(storage: boolean, memoryBytes = 0): string {
  const prefix = memoryBytes > 0 ? `6000${'62' + hex(memoryBytes - 32, 3)}52` : '';
  const dest = prefix.length / 2 + 4;
  const [load, store] = storage ? ['54', '55'] : ['51', '52'];
  return `0x${prefix}62${hex(iterations, 3)}5b60019003806000${load}01600${'0'}${store}8060${hex(dest, 1)}5700`;
}

function job(code: string, tracer: string): TraceJob {
  return {
    chainConfig: { chainId: 43112, homesteadBlock: 0, eip150Block: 0, eip155Block: 0, eip158Block: 0, byzantiumBlock: 0, constantinopleBlock: 0, petersburgBlock: 0, istanbulBlock: 0, berlinBlock: 0, londonBlock: 0, shanghaiTime: 0, cancunTime: 0 },
    preState: { [contract]: { code }, [sender]: { balance: '0x0' } },
    block: { number: '1', timestamp: '10', gasLimit: '0x174876e800', coinbase: '0x0000000000000000000000000000000000000000', baseFeePerGas: '0' },
    transactions: [{ call: { from: sender, to: contract, gas: '0x174876e800', gasPrice: '0x0' } }],
    trace: [0],
    tracer,
    timeoutMs: 600_000,
  };
}

const tracers = {
  none: '{fault: function() {}, result: function() { return 0; }}',
  count: '{n: 0, step: function() { this.n++; }, fault: function() {}, result: function() { return this.n; }}',
  peek: '{n: 0, step: function(log) { if (log.stack.length() > 0) { log.stack.peek(0); } this.n++; }, fault: function() {}, result: function() { return this.n; }}',
};

async function seconds(code: string, tracer: string): Promise<number> {
  const start = performance.now();
  const [outcome] = await runTraceJob(job(code, tracer));
  if ('error' in outcome) throw new Error(`bench trace failed: ${outcome.error}`);
  return (performance.now() - start) / 1000;
}

/** Steps/s per tracer, median of 3 rounds; the tracers alternate within a round so machine load drifts
 * affect them alike. */
async function stepsPerSecond(code: string, named: Record<string, string>): Promise<Record<string, number>> {
  const times: Record<string, number[]> = {};
  for (let round = 0; round < 3; round++) {
    for (const [name, tracer] of Object.entries(named)) (times[name] ??= []).push(await seconds(code, tracer));
  }
  return Object.fromEntries(Object.entries(times).map(([name, t]) => [name, opcodes / t.sort((a, b) => a - b)[1]]));
}

function fmt(stepsPerS: number): string {
  return `${Math.round(stepsPerS).toLocaleString('en-US')} steps/s`;
}

export default async function bench(): Promise<void> {
  const storage = loop(true);
  await runTraceJob(job(storage, tracers.none)); // warm the worker
  const { none, count, peek } = await stepsPerSecond(storage, tracers);
  console.log(`storage loop (${opcodes.toLocaleString('en-US')} opcodes)`);
  console.log(`  no step hook:          ${fmt(none)}`);
  console.log(`  counting step:         ${fmt(count)}  ratio ${(count / none).toFixed(2)} (target >= 0.6)`);
  console.log(`  step with peek(0):     ${fmt(peek)}  ratio ${(peek / none).toFixed(2)} (target >= 0.4)`);
  const { small } = await stepsPerSecond(loop(false, 1024), { small: tracers.count });
  const { large } = await stepsPerSecond(loop(false, 1024 * 1024), { large: tracers.count });
  console.log('memory loop, counting step');
  console.log(`  1 KiB memory:          ${fmt(small)}`);
  console.log(`  1 MiB memory:          ${fmt(large)}  slowdown ${(small / large).toFixed(2)}x (target <= 2x)`);
}
