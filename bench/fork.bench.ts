// Fork mode at real-world latency (`npm run bench -- fork`): a transaction touching 320 slots across 41
// accounts (test/support/fork-workload.ts) on anvil, reached through a proxy adding 80 ms a request. First and
// second trace, wall time and round trips: with the upstream's prestateTracer, without it (eth_createAccessList),
// with nothing to prefetch by (lazy reads, no cache: how fork mode worked before), and `anvil --fork-url`
// through the same proxy on the same call. One run each. Goals: at most 5 round trips with prestateTracer
// (10 without), a second trace under 200 ms with no upstream request, faster than anvil's fork.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchLocalNode, type LocalNode } from '../core/local-node-launcher';
import { deployWorkload, storageTracer, unlockedSender, type ForkWorkload } from '../test/support/fork-workload';
import { startLatencyProxy, type LatencyProxy } from '../test/support/latency-proxy';
import { anvilAvailable, startAnvil } from '../test/support/nodes/anvil';

const latencyMs = 80;

interface Timed {
  ms: number;
  trips: number;
  ok: boolean;
  answer: string;
}

async function timed(url: string, proxy: LatencyProxy, method: string, params: unknown[]): Promise<Timed> {
  proxy.reset();
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const reply = (await response.json()) as { result?: unknown; error?: { message: string } };
  const ms = performance.now() - started;
  return {
    ms,
    trips: proxy.requests.length,
    ok: reply.error === undefined,
    answer: reply.error ? `error: ${reply.error.message.slice(0, 120)}` : JSON.stringify(reply.result),
  };
}

interface Row {
  path: string;
  first: Timed;
  second: Timed;
}

const cell = (t: Timed) =>
  t.ok ? `${t.ms >= 1000 ? `${(t.ms / 1000).toFixed(2)} s` : `${t.ms.toFixed(0)} ms`}, ${t.trips} round trips` : t.answer;

export default async function forkBench(): Promise<void> {
  if (!anvilAvailable()) {
    console.log('anvil is not installed (node test/setup.mjs installs it): no fork bench');
    return;
  }
  const upstream = await startAnvil();
  const cleanups: Array<() => Promise<unknown> | void> = [() => upstream.stop()];
  try {
    const workload: ForkWorkload = await deployWorkload(await unlockedSender(upstream.url));
    const callParams = [workload.call, 'latest', { tracer: storageTracer, timeout: '300s' }];
    const txParams = [workload.txHash, { tracer: storageTracer, timeout: '300s' }];
    const rows: Row[] = [];
    let reference: string | undefined;

    const ours = async (path: string, refuse: RegExp | undefined, cache: boolean) => {
      const proxy = await startLatencyProxy(upstream.url, latencyMs, refuse);
      const dir = mkdtempSync(join(tmpdir(), 'evm-tracer-fork-bench-'));
      const node: LocalNode = await launchLocalNode({
        cliPath: 'dist/cli.js',
        args: ['--fork', proxy.url, '--accounts', '0', '--max-trace-timeout', '300s', ...(cache ? ['--cache-dir', dir] : ['--no-cache'])],
      });
      cleanups.push(
        () => node.stop(),
        () => proxy.close(),
        () => rmSync(dir, { recursive: true, force: true }),
      );
      for (const [what, method, params] of [
        ['transaction', 'debug_traceTransaction', txParams],
        ['call', 'debug_traceCall', callParams],
      ] as const) {
        const first = await timed(node.url, proxy, method, params);
        const second = await timed(node.url, proxy, method, params);
        if (what === 'call') reference ??= first.answer;
        if (what === 'call' && first.answer !== reference) first.answer = `differs: ${first.answer.slice(0, 80)}`;
        rows.push({ path: `${path}: ${what}`, first, second });
      }
    };
    await ours('evm-tracer, prestateTracer upstream', undefined, true);
    await ours('evm-tracer, no tracers upstream', /^debug_trace/, true);
    await ours('evm-tracer, lazy reads only, no cache (before)', /^(debug_trace|eth_createAccessList$)/, false);

    // anvil forking the same upstream through the same kind of proxy, at the same block.
    const proxy = await startLatencyProxy(upstream.url, latencyMs);
    cleanups.push(() => proxy.close());
    const block = Number(
      await (
        await fetch(upstream.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
        })
      )
        .json()
        .then((r: { result: string }) => r.result),
    );
    const anvilFork = await startAnvil({ args: ['--fork-url', proxy.url, '--fork-block-number', String(block), '--no-storage-caching'] });
    cleanups.push(() => anvilFork.stop());
    const first = await timed(anvilFork.url, proxy, 'debug_traceCall', callParams);
    const second = await timed(anvilFork.url, proxy, 'debug_traceCall', callParams);
    if (first.ok && first.answer !== reference) first.answer = `differs: ${first.answer.slice(0, 80)}`;
    rows.push({ path: 'anvil --fork-url: call', first, second });

    const width = Math.max(...rows.map((row) => row.path.length));
    console.log(`fork mode, ${latencyMs} ms per upstream request; 320 slots across 41 accounts (one run each)`);
    console.log(`${'path'.padEnd(width)} | first trace                    | second trace`);
    for (const row of rows) console.log(`${row.path.padEnd(width)} | ${cell(row.first).padEnd(30)} | ${cell(row.second)}`);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}
