// prestateTracer on the ~1,000,000-opcode storage loop against noopTracer (target: at most +20%): it taps
// only the opcodes that name an account or a slot, here the loop's SLOAD and SSTORE. anvil's prestateTracer
// and noopTracer on the same loop in the same run (debug_traceCall), for scale.
import { runTraceJob } from '../runtime/trace/run';
import { anvilLoop } from './node-loop';
import { job, loop, opcodes } from './storage-loop';

const local = (tracer: string, config?: string) => async () => {
  const start = performance.now();
  const [outcome] = await runTraceJob(job(loop(true), tracer, config));
  if ('error' in outcome) throw new Error(`bench trace failed: ${outcome.error}`);
  return (performance.now() - start) / 1000;
};

/** Median of 5, the variants alternating within a round (the machine is shared: one slow moment hits one). */
async function medians(runs: Record<string, () => Promise<number>>): Promise<Record<string, number>> {
  const times: Record<string, number[]> = {};
  for (let round = 0; round < 5; round++) for (const [name, run] of Object.entries(runs)) (times[name] ??= []).push(await run());
  return Object.fromEntries(Object.entries(times).map(([name, t]) => [name, t.sort((a, b) => a - b)[2]]));
}

export default async function bench(): Promise<void> {
  await local('noopTracer')(); // warm the worker
  const anvil = await anvilLoop();
  try {
    const t = await medians({
      noopTracer: local('noopTracer'),
      prestateTracer: local('prestateTracer'),
      'prestateTracer diffMode': local('prestateTracer', '{"diffMode":true}'),
      ...(anvil
        ? {
            'anvil noopTracer': () => anvil.time('noopTracer'),
            'anvil prestateTracer': () => anvil.time('prestateTracer'),
            'anvil prestateTracer diffMode': () => anvil.time('prestateTracer', { diffMode: true }),
          }
        : {}),
    });
    console.log(`storage loop (${opcodes.toLocaleString('en-US')} opcodes), median of 5`);
    for (const [name, value] of Object.entries(t)) {
      const noop = name.startsWith('anvil') ? t['anvil noopTracer'] : t.noopTracer;
      const change = Math.round((value / noop - 1) * 100);
      console.log(
        `  ${name.padEnd(30)} ${value.toFixed(3)} s${noop === value ? '' : `  ${change >= 0 ? '+' : ''}${change}% against noopTracer`}`,
      );
    }
    if (!anvil) console.log('  anvil: not installed (node test/setup.mjs installs it)');
  } finally {
    await anvil?.stop();
  }
}
