// Runtime tracing speed on a 1,000,001-opcode loop, run through runTraceJob (the bundled worker, as the node
// uses it): steps/s with no step hook, with an opcode-counting step, with log.stack.peek(0) every step; and
// tracing with 1 MiB of EVM memory against 1 KiB. Prints absolute figures and the ratios (one run, median of 3),
// and the counting tracer on the same loop on geth itself (goja, the engine nodes run tracers on) and anvil.
import { runTraceJob } from '../runtime/trace/run';
import { anvilLoop, gethLoop, type NodeLoop } from './node-loop';
import { job, loop, opcodes } from './storage-loop';

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
  console.log(`  no step hook:          ${fmt(none)}  (target >= 2,500,000)`);
  console.log(`  counting step:         ${fmt(count)}  ${(count / none).toFixed(2)} of no hook`);
  console.log(`  step with peek(0):     ${fmt(peek)}  ${(peek / none).toFixed(2)} of no hook`);
  const { small } = await stepsPerSecond(loop(false, 1024), { small: tracers.count });
  const { large } = await stepsPerSecond(loop(false, 1024 * 1024), { large: tracers.count });
  console.log('memory loop, counting step');
  console.log(`  1 KiB memory:          ${fmt(small)}`);
  console.log(`  1 MiB memory:          ${fmt(large)}  slowdown ${(small / large).toFixed(2)}x (target <= 2x)`);
  console.log('counting step on the nodes themselves (the same loop, debug_traceCall over HTTP)');
  const geth = await nodeCounting('geth (goja)', gethLoop);
  console.log(`  ${geth.text}   ours: ${fmt(count)}`);
  const anvil = await nodeCounting('anvil', anvilLoop);
  console.log(`  ${anvil.text}`);
  if (anvil.stepsPerS !== undefined) {
    // The goals against the node users would otherwise fork with (anvil's JS tracing).
    console.log(
      `  ours against anvil: counting ${(count / anvil.stepsPerS).toFixed(1)}x (target >= 5x), peek(0) ${(peek / anvil.stepsPerS).toFixed(1)}x (target >= 4x)`,
    );
  }
}

/** The counting tracer on a node's own copy of the loop: steps/s, median of 3 (its answer checked). */
async function nodeCounting(name: string, start: () => Promise<NodeLoop | undefined>): Promise<{ text: string; stepsPerS?: number }> {
  const node = await start();
  if (!node) return { text: `${name}: not installed (node test/setup.mjs)` };
  try {
    const times: number[] = [];
    for (let round = 0; round < 3; round++) {
      const { seconds, text } = await node.trace({ tracer: tracers.count, timeout: '120s' });
      const steps = JSON.parse(text) as { result?: number; error?: { message: string } };
      if (steps.result !== opcodes) throw new Error(`${name}'s counting tracer answered ${text.slice(0, 200)}`);
      times.push(seconds);
    }
    const stepsPerS = opcodes / times.sort((a, b) => a - b)[1];
    return { text: `${name}: ${fmt(stepsPerS)}`, stepsPerS };
  } finally {
    await node.stop();
  }
}
