// The support check against real nodes: anvil runs JS tracers, Hardhat 3 refuses them, ganache ignores
// them; plus unreachable and unauthorized endpoints and the chain id check.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRpcClient } from '../../core/rpc/client';
import type { Endpoint } from '../../core/rpc/endpoint';
import { checkSupport } from '../../core/support-check';
import { anvilAvailable, startAnvil } from '../support/nodes/anvil';
import { ganacheAvailable, startGanache } from '../support/nodes/ganache';
import { hardhatAvailable, startHardhat } from '../support/nodes/hardhat';
import type { RunningNode } from '../support/nodes/process';
import { startProviderServer } from '../support/provider-server';
import { assertNoSecret, password } from './secrets';

async function withNode(start: () => Promise<RunningNode>, body: (node: RunningNode) => Promise<void>): Promise<void> {
  const node = await start();
  try {
    await body(node);
  } finally {
    await node.stop();
  }
}

async function check(url: string, expectedChainId?: number) {
  const endpoint: Endpoint = { name: 'n', url, auth: { kind: 'none' }, expectedChainId };
  const client = createRpcClient(endpoint);
  try {
    return await checkSupport(client, endpoint);
  } finally {
    await client.close();
  }
}

test(
  'anvil: supported over HTTP and WS, ES2015 accepted, chain id matched',
  { skip: !anvilAvailable() && 'anvil binary missing' },
  async () => {
    await withNode(startAnvil, async (node) => {
      for (const url of [node.url, node.wsUrl]) {
        const report = await check(url, 43114);
        assert.equal(report.status, 'supported', report.detail);
        assert.equal(report.method, 'debug_traceCall');
        assert.equal(report.es2015, true);
        assert.equal(report.chainId, 43114);
        assert.equal(report.chainIdMatches, true);
        assert.deepEqual(report.warnings, []);
      }
    });
  },
);

test('a chain id other than the expected network is flagged', { skip: !anvilAvailable() && 'anvil binary missing' }, async () => {
  await withNode(startAnvil, async (node) => {
    const report = await check(node.url, 43113);
    assert.equal(report.status, 'supported');
    assert.equal(report.chainIdMatches, false);
    assert.match(report.warnings[0], /reports chain id 43114, but the endpoint expects 43113/);
  });
});

test(
  'Hardhat 3: disabled, with the node\'s "JS Tracer is not enabled"',
  { skip: !hardhatAvailable() && 'Hardhat not installed (test/setup/nodes.mjs)' },
  async () => {
    await withNode(startHardhat, async (node) => {
      const report = await check(node.url);
      assert.equal(report.status, 'disabled');
      assert.match(report.detail, /JS Tracer is not enabled/);
      assert.equal(report.chainId, 43114);
    });
  },
);

test(
  'ganache 7: ignored (a default structLogs trace instead of the result), via debug_traceTransaction',
  { skip: !ganacheAvailable() && 'ganache not installed (test/setup/nodes.mjs)' },
  async () => {
    await withNode(startGanache, async (node) => {
      const endpoint: Endpoint = { name: 'g', url: node.url, auth: { kind: 'none' } };
      const client = createRpcClient(endpoint);
      const [from, to] = await client.request<string[]>('eth_accounts', []);
      await client.request('eth_sendTransaction', [{ from, to, value: '0x1' }]);
      const report = await checkSupport(client, endpoint);
      assert.equal(report.status, 'ignored');
      assert.equal(report.method, 'debug_traceTransaction');
      assert.match(report.detail, /default structLogs trace instead of the tracer's result/);
    });
  },
);

test('unreachable and unauthorized endpoints', async () => {
  const server = await startProviderServer({ basic: { username: 'alice', password } });
  try {
    const endpoint: Endpoint = {
      name: 'b',
      url: `${server.httpBase}/ext/bc/C/rpc`,
      auth: { kind: 'basic', username: 'alice', password: 'wrong' },
    };
    const client = createRpcClient(endpoint, { ca: server.cert });
    const refused = await checkSupport(client, endpoint);
    assert.equal(refused.status, 'unauthorized');
    assert.match(refused.detail, /HTTP 401/);
    assertNoSecret(JSON.stringify(refused), 'the report');
  } finally {
    await server.stop();
  }
  const gone = await check(`${server.httpBase.replace('https', 'http')}/`);
  assert.equal(gone.status, 'unreachable');
  assert.match(gone.detail, /connection was refused/);
});

test('a rate-limited node cannot be checked: unreachable, with Retry-After', async () => {
  const server = await startProviderServer({ tls: false });
  try {
    server.on('eth_chainId', { kind: 'result', value: '0xa86a' });
    server.on('eth_blockNumber', { kind: 'http', status: 429, body: 'Too Many Requests', headers: { 'retry-after': '30' } });
    const report = await check(`${server.httpBase}/ext/bc/C/rpc`);
    assert.equal(report.status, 'unreachable');
    assert.equal(report.chainId, 43114);
    assert.match(report.detail, /rate limited, retry after 30 s/);
  } finally {
    await server.stop();
  }
});
