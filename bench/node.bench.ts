// Local node start-up: process spawn of `evm-tracer node --port 0` until its "listening" line (the figure the
// extension and the CLI wait for; target < 1 s), median and max of several cold starts, next to a bare
// `node -e 0` start in the same run for scale. Also the first eth_chainId and debug_traceCall round trips.
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { launchLocalNode } from '../core/local-node-launcher';

const STARTS = 7;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function roundTrip(url: string, body: object): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...body }),
  });
  const reply = (await response.json()) as { error?: { message: string } };
  if (reply.error) throw new Error(reply.error.message);
  return performance.now() - started;
}

export default async function nodeBench(): Promise<void> {
  const bare: number[] = [];
  const starts: number[] = [];
  const firstCall: number[] = [];
  const firstTrace: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    let started = performance.now();
    spawnSync(process.execPath, ['-e', '0']);
    bare.push(performance.now() - started);
    started = performance.now();
    const node = await launchLocalNode({ cliPath: 'dist/cli.js' });
    starts.push(performance.now() - started);
    firstCall.push(await roundTrip(node.url, { method: 'eth_chainId', params: [] }));
    const tracer = '{n: 0, step: function() { this.n++; }, fault: function() {}, result: function() { return this.n; }}';
    firstTrace.push(
      await roundTrip(node.url, {
        method: 'debug_traceCall',
        params: [{ to: '0x' + '00'.repeat(19) + '04', data: '0x01' }, 'latest', { tracer }],
      }),
    );
    await node.stop();
  }
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  console.log(
    `node start → "listening": median ${ms(median(starts))}, max ${ms(Math.max(...starts))} over ${STARTS} starts (target < 1000 ms)`,
  );
  console.log(`bare "node -e 0" start:     median ${ms(median(bare))} (start-up ratio ${(median(starts) / median(bare)).toFixed(1)}x)`);
  console.log(`first eth_chainId:           median ${ms(median(firstCall))}`);
  console.log(`first debug_traceCall:       median ${ms(median(firstTrace))} (includes starting the trace worker)`);
}
