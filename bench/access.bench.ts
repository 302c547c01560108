// Node access: requests per second over HTTPS (a connection per request) and over one reused WSS
// connection, and the throughput of a 50 MB answer, against the provider-like test server on 127.0.0.1.
import { createRpcClient } from '../core/rpc/client';
import type { Endpoint } from '../core/rpc/endpoint';
import { startProviderServer } from '../test/support/provider-server';

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

export default async function bench(): Promise<void> {
  const server = await startProviderServer({ key: 'bench-key' });
  server.on('eth_chainId', { kind: 'result', value: '0xa86a' });
  const big = 50 * 1024 * 1024;
  server.on('debug_traceBlockByHash', { kind: 'big', bytes: big });
  const endpoint = (url: string): Endpoint => ({ name: 'bench', url, auth: { kind: 'key', key: 'bench-key' } });
  const count = 200;
  try {
    const figures: Record<string, number> = {};
    for (const [name, url] of [
      ['https', `${server.httpBase}/ext/bc/C/rpc`],
      ['wss', `${server.wsBase}/ext/bc/C/ws`],
    ] as const) {
      const client = createRpcClient(endpoint(url), { ca: server.cert, maxResponseBytes: 64 * 1024 * 1024 });
      await client.request('eth_chainId', []); // connect (and warm up) first
      const ms = await timed(async () => {
        for (let i = 0; i < count; i++) await client.request('eth_chainId', []);
      });
      figures[name] = count / (ms / 1000);
      const bigMs = await timed(() => client.request('debug_traceBlockByHash', []));
      console.log(
        `${name}: ${figures[name].toFixed(0)} sequential requests/s; 50 MB answer in ${bigMs.toFixed(0)} ms (${(50 / (bigMs / 1000)).toFixed(0)} MB/s)`,
      );
      await client.close();
    }
    console.log(`reused WSS connection vs HTTPS connection per request: ${(figures.wss / figures.https).toFixed(1)}x requests/s`);
  } finally {
    await server.stop();
  }
}
