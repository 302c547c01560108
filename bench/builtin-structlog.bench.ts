// The struct logger on the ~1,000,000-opcode storage loop: its time with disableStack + disableStorage
// against noopTracer, the peak memory of the worker producing the full default struct log
// (the worker's heap is capped at 512 MB; the log itself goes to off-heap chunks), and anvil's default
// trace of the same loop in the same run (debug_traceCall, the JSON read to its end): the default log should be faster than anvil's.
import { readdirSync, readFileSync } from 'node:fs';
import { runTraceJobInParts } from '../runtime/trace/run';
import { structLoggerTracer } from '../runtime/builtin/struct-logger';
import { anvilLoop } from './node-loop';
import { job, loop, opcodes } from './storage-loop';

const lean = JSON.stringify({ disableStack: true, disableStorage: true });

async function timed(tracer: string, config?: string): Promise<{ seconds: number; bytes: number }> {
  const start = performance.now();
  const [outcome] = await runTraceJobInParts(job(loop(true), tracer, config));
  if ('error' in outcome) throw new Error(`bench trace failed: ${outcome.error}`);
  const bytes = 'jsonParts' in outcome ? outcome.jsonParts.reduce((n, p) => n + p.length, 0) : outcome.json.length;
  return { seconds: (performance.now() - start) / 1000, bytes };
}

/** Median of 3, the two tracers alternating within a round. */
async function medians(runs: Record<string, () => Promise<{ seconds: number }>>): Promise<Record<string, number>> {
  const times: Record<string, number[]> = {};
  for (let round = 0; round < 3; round++) {
    for (const [name, run] of Object.entries(runs)) (times[name] ??= []).push((await run()).seconds);
  }
  return Object.fromEntries(Object.entries(times).map(([name, t]) => [name, t.sort((a, b) => a - b)[1]]));
}

/** The largest resident set of this process's children (the trace worker) while `work` runs, in MB. */
async function peakChildRssMb<T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peak = 0;
  const sample = () => {
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        if (Number(/PPid:\s+(\d+)/.exec(status)?.[1]) !== process.pid) continue;
        peak = Math.max(peak, Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
      } catch {
        // the process ended meanwhile
      }
    }
  };
  const timer = setInterval(sample, 50);
  try {
    const result = await work();
    return { result, peakMb: peak };
  } finally {
    clearInterval(timer);
  }
}

async function anvilFigures(): Promise<void> {
  const anvil = await anvilLoop();
  if (!anvil) {
    console.log('  anvil: not installed (node test/setup.mjs installs it)');
    return;
  }
  try {
    for (const [label, config] of [
      ['default', {}],
      ['disableStack+disableStorage', { disableStack: true, disableStorage: true }],
    ] as const) {
      const { seconds, text } = await anvil.trace(config);
      const steps = text.split('"pc":').length - 1;
      console.log(
        `  anvil ${label.padEnd(28)} ${seconds.toFixed(2)} s  ${steps.toLocaleString('en-US')} entries  ${(text.length / 1e6).toFixed(0)} MB`,
      );
    }
  } finally {
    await anvil.stop();
  }
}

export default async function bench(): Promise<void> {
  await timed('noopTracer'); // warm the worker
  const { noop, lean: logger } = await medians({ noop: () => timed('noopTracer'), lean: () => timed(structLoggerTracer, lean) });
  console.log(`storage loop (${opcodes.toLocaleString('en-US')} opcodes), median of 3`);
  console.log(`  noopTracer:                           ${noop.toFixed(2)} s`);
  console.log(`  struct logger, no stack/storage:      ${logger.toFixed(2)} s  ratio ${(logger / noop).toFixed(2)}x`);
  const { result, peakMb } = await peakChildRssMb(() => timed(structLoggerTracer, '{}'));
  console.log(
    `  struct logger, defaults:              ${result.seconds.toFixed(2)} s  ${(result.bytes / 1e6).toFixed(0)} MB of JSON, worker peak RSS ${peakMb.toFixed(0)} MB (heap limit 512 MB)`,
  );
  await anvilFigures();
}
