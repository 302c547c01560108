// prestateTracer on the ~1,000,000-opcode storage loop against noopTracer (target: at most +20%): it taps
// only the opcodes that name an account or a slot, here the loop's SLOAD and SSTORE. anvil's prestateTracer
// and noopTracer on the same loop in the same run (debug_traceCall), for scale.
import { runTraceJob } from '../runtime/trace/run';
import { anvilAvailable, startAnvil } from '../test/support/nodes/anvil';
import { job, loop, opcodes } from './storage-loop';

async function seconds(work: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await work();
  return (performance.now() - start) / 1000;
}

const local = (tracer: string, config?: string) => () =>
  seconds(async () => {
    const [outcome] = await runTraceJob(job(loop(true), tracer, config));
    if ('error' in outcome) throw new Error(`bench trace failed: ${outcome.error}`);
  });

/** Median of 5, the variants alternating within a round (the machine is shared: one slow moment hits one). */
async function medians(runs: Record<string, () => Promise<number>>): Promise<Record<string, number>> {
  const times: Record<string, number[]> = {};
  for (let round = 0; round < 5; round++) for (const [name, run] of Object.entries(runs)) (times[name] ??= []).push(await run());
  return Object.fromEntries(Object.entries(times).map(([name, t]) => [name, t.sort((a, b) => a - b)[2]]));
}

async function anvilRuns(): Promise<{ runs: Record<string, () => Promise<number>>; stop: () => Promise<void> } | undefined> {
  if (!anvilAvailable()) return undefined;
  const anvil = await startAnvil();
  const rpc = async (method: string, params: unknown[]) => {
    const response = await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    const reply = (await response.json()) as { result?: unknown; error?: { message: string } };
    if (reply.error) throw new Error(`anvil ${method}: ${reply.error.message}`);
    return reply.result;
  };
  const runtime = loop(true).slice(2);
  const size = (runtime.length / 2).toString(16).padStart(4, '0');
  const [from] = (await rpc('eth_accounts', [])) as string[];
  const hash = (await rpc('eth_sendTransaction', [{ from, data: `0x61${size}600e60003961${size}6000f3${runtime}` }])) as string;
  let receipt = (await rpc('eth_getTransactionReceipt', [hash])) as { contractAddress: string } | null;
  // anvil may not have the receipt the instant eth_sendTransaction returns.
  while (!receipt) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    receipt = (await rpc('eth_getTransactionReceipt', [hash])) as { contractAddress: string } | null;
  }
  const call = { from, to: receipt.contractAddress, gas: '0x1c9c380' };
  const traced = (tracer: string, tracerConfig?: object) => () => seconds(async () => void (await rpc('debug_traceCall', [call, 'latest', { tracer, tracerConfig }])));
  return {
    runs: { 'anvil noopTracer': traced('noopTracer'), 'anvil prestateTracer': traced('prestateTracer'), 'anvil prestateTracer diffMode': traced('prestateTracer', { diffMode: true }) },
    stop: () => anvil.stop(),
  };
}

export default async function bench(): Promise<void> {
  await local('noopTracer')(); // warm the worker
  const anvil = await anvilRuns();
  try {
    const t = await medians({
      noopTracer: local('noopTracer'),
      prestateTracer: local('prestateTracer'),
      'prestateTracer diffMode': local('prestateTracer', '{"diffMode":true}'),
      ...anvil?.runs,
    });
    console.log(`storage loop (${opcodes.toLocaleString('en-US')} opcodes), median of 5`);
    const base = { local: t.noopTracer, anvil: t['anvil noopTracer'] };
    for (const [name, value] of Object.entries(t)) {
      const noop = name.startsWith('anvil') ? base.anvil : base.local;
      const change = Math.round((value / noop - 1) * 100);
      console.log(`  ${name.padEnd(30)} ${value.toFixed(3)} s${noop === value ? '' : `  ${change >= 0 ? '+' : ''}${change}% against noopTracer`}`);
    }
    if (!anvil) console.log('  anvil: not installed (node test/setup.mjs installs it)');
  } finally {
    await anvil?.stop();
  }
}
