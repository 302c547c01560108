// callTracer (and flatCallTracer, callTracer withLog) on the ~1,000,000-opcode storage loop against
// noopTracer (target: callTracer at most +20%): the call tracers tap only the CALL/CREATE family and
// SELFDESTRUCT (plus LOG0-4 with withLog), none of which the loop runs. anvil's callTracer and noopTracer
// on the same loop in the same run, for scale. Median of 5, the variants alternating within each round.
import { runTraceJob } from '../runtime/trace/run';
import { anvilLoop } from './node-loop';
import { job, loop, opcodes } from './storage-loop';

async function local(tracer: string, config?: string): Promise<number> {
  const start = performance.now();
  const [outcome] = await runTraceJob(job(loop(true), tracer, config));
  if ('error' in outcome) throw new Error(`bench trace failed: ${outcome.error}`);
  return (performance.now() - start) / 1000;
}

export default async function bench(): Promise<void> {
  await local('noopTracer'); // warm the worker
  const anvil = await anvilLoop();
  const variants: Record<string, () => Promise<number>> = {
    noopTracer: () => local('noopTracer'),
    callTracer: () => local('callTracer'),
    'callTracer withLog': () => local('callTracer', '{"withLog":true}'),
    flatCallTracer: () => local('flatCallTracer'),
    ...(anvil ? { 'anvil noopTracer': () => anvil.time('noopTracer'), 'anvil callTracer': () => anvil.time('callTracer') } : {}),
  };
  try {
    const times: Record<string, number[]> = {};
    for (let round = 0; round < 5; round++) for (const [name, run] of Object.entries(variants)) (times[name] ??= []).push(await run());
    const median = (name: string) => times[name].sort((a, b) => a - b)[2];
    console.log(`storage loop (${opcodes.toLocaleString('en-US')} opcodes), median of 5`);
    for (const name of Object.keys(variants)) {
      const base = median(name.startsWith('anvil') ? 'anvil noopTracer' : 'noopTracer');
      const over = name.endsWith('noopTracer')
        ? ''
        : `  ${(median(name) / base - 1) * 100 >= 0 ? '+' : ''}${((median(name) / base - 1) * 100).toFixed(0)}% over noopTracer`;
      // anvil runs the loop in milliseconds: seconds with 4 decimals keep its figures readable.
      console.log(`  ${name.padEnd(22)} ${median(name).toFixed(4)} s${over}`);
    }
    if (!anvil) console.log('  anvil: not installed (node test/setup.mjs installs it)');
  } finally {
    await anvil?.stop();
  }
}
