// JSON-RPC over WSS against the provider-like test server: one reused connection, answers matched by id,
// Basic credentials on the upgrade, drops, reconnects, limits, time-outs and cancellation.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRpcClient, type RpcClientOptions } from '../../core/rpc/client';
import type { Endpoint } from '../../core/rpc/endpoint';
import { NodeError } from '../../core/rpc/errors';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { startProviderServer, type ProviderServer } from '../support/provider-server';
import { waitFor } from '../runtime/node-helpers';
import { accessKey, assertNoSecret, password } from './secrets';

let keyed: ProviderServer;
let basic: ProviderServer;
const texts: string[] = [];

before(async () => {
  keyed = await startProviderServer({ key: accessKey });
  basic = await startProviderServer({ basic: { username: 'alice', password } });
  keyed.on('eth_chainId', { kind: 'result', value: '0xa86a' });
  basic.on('eth_chainId', { kind: 'result', value: '0xa869' });
});
after(async () => {
  await keyed.stop();
  await basic.stop();
  for (const text of texts) assertNoSecret(text, 'a log line or error');
});

function keyClient(options: RpcClientOptions = {}) {
  const endpoint: Endpoint = { name: 'k', url: `${keyed.wsBase}/ext/bc/C/ws`, auth: { kind: 'key', key: accessKey } };
  return createRpcClient(endpoint, { ca: keyed.cert, log: (line) => texts.push(line), ...options });
}

async function failure(call: Promise<unknown>): Promise<NodeError> {
  const error = await call.then(
    () => assert.fail('expected a failure'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof NodeError, `not a NodeError: ${String(error)}`);
  texts.push(error.message, error.explanation);
  return error;
}

const upgrades = (server: ProviderServer) => server.requests.filter((r) => r.method === 'UPGRADE').length;

test('one connection carries concurrent requests, each answer matched to its id', async () => {
  keyed.on('eth_blockNumber', { kind: 'slow', ms: 200, value: '0x5' });
  const before = upgrades(keyed);
  const client = keyClient();
  try {
    const [slow, fast] = await Promise.all([client.request('eth_blockNumber', []), client.request('eth_chainId', [])]);
    assert.equal(slow, '0x5');
    assert.equal(fast, '0xa86a');
    assert.equal(await client.request('eth_chainId', []), '0xa86a');
    assert.equal(upgrades(keyed) - before, 1);
    const upgrade = keyed.requests.filter((r) => r.method === 'UPGRADE').at(-1)!;
    assert.equal(upgrade.path, `/${accessKey}/ext/bc/C/ws`);
    const sent = keyed.requests
      .filter((r) => r.method === 'MESSAGE')
      .slice(-3)
      .map((r) => JSON.parse(r.body) as { id: number; method: string });
    assert.deepEqual(
      sent.map((r) => [r.id, r.method]),
      [
        [1, 'eth_blockNumber'],
        [2, 'eth_chainId'],
        [3, 'eth_chainId'],
      ],
    );
  } finally {
    await client.close();
  }
});

test('Basic credentials go on the upgrade request; wrong ones are refused with 401', async () => {
  const endpoint: Endpoint = { name: 'b', url: `${basic.wsBase}/ext/bc/C/ws`, auth: { kind: 'basic', username: 'alice', password } };
  const good = createRpcClient(endpoint, { ca: basic.cert });
  assert.equal(await good.request('eth_chainId', []), '0xa869');
  await good.close();
  const upgrade = basic.requests.find((r) => r.method === 'UPGRADE')!;
  assert.equal(upgrade.headers.authorization, `Basic ${Buffer.from(`alice:${password}`).toString('base64')}`);
  const bad = createRpcClient({ ...endpoint, auth: { kind: 'basic', username: 'alice', password: 'nope' } }, { ca: basic.cert });
  const error = await failure(bad.request('eth_chainId', []));
  assert.equal(error.kind, 'unauthorized');
  await bad.close();
});

test('a refused upgrade closes its connection even when the server keeps it alive (nginx does, for 75 s)', async () => {
  let closed = false;
  const sockets: Socket[] = [];
  const server = createServer();
  server.on('upgrade', (_request: IncomingMessage, socket: Socket) => {
    sockets.push(socket);
    // The client's end of the connection, as the server sees it.
    socket.on('end', () => (closed = true));
    socket.write(
      'HTTP/1.1 401 Unauthorized\r\nContent-Type: text/plain\r\nContent-Length: 12\r\nConnection: keep-alive\r\n\r\nUnauthorized',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const client = createRpcClient({ name: 'keep-alive', url: `ws://127.0.0.1:${port}/ext/bc/C/ws`, auth: { kind: 'none' } });
  try {
    assert.equal((await failure(client.request('eth_chainId', []))).kind, 'unauthorized');
    // Held open, the connection would keep the CLI's process alive until the server gives up on it.
    await waitFor('the client to close the refused connection', () => closed, 10_000);
  } finally {
    await client.close();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test('a socket dropped mid-request fails that request clearly; the next request reconnects', async () => {
  keyed.on('debug_traceTransaction', { kind: 'drop' });
  const client = keyClient();
  try {
    assert.equal(await client.request('eth_chainId', []), '0xa86a');
    const before = upgrades(keyed);
    const error = await failure(client.request('debug_traceTransaction', []));
    assert.equal(error.kind, 'closed');
    assert.match(error.message, /closed \(code 1006\) before the answer arrived/);
    assert.equal(await client.request('eth_chainId', []), '0xa86a');
    assert.equal(upgrades(keyed) - before, 1);
  } finally {
    await client.close();
  }
});

test('pending requests fail when the client is closed', async () => {
  keyed.on('eth_blockNumber', { kind: 'slow', ms: 30_000, value: '0x1' });
  const client = keyClient();
  const pending = failure(client.request('eth_blockNumber', []));
  await new Promise((resolve) => setTimeout(resolve, 200));
  await client.close();
  const error = await pending;
  assert.equal(error.kind, 'closed');
});

test('an answer over the size limit fails clearly', async () => {
  keyed.on('debug_traceBlockByHash', { kind: 'big', bytes: 2 * 1024 * 1024 });
  const client = keyClient({ maxResponseBytes: 1024 * 1024 });
  const error = await failure(client.request('debug_traceBlockByHash', []));
  assert.equal(error.kind, 'too-large');
  assert.match(error.message, /exceeds the 1 MB response limit/);
  await client.close();
});

test('a time-out and a cancellation leave the connection usable; late answers are dropped', async () => {
  keyed.on('eth_blockNumber', { kind: 'slow', ms: 800, value: '0x1' });
  const client = keyClient();
  try {
    const timedOut = await failure(client.request('eth_blockNumber', [], { timeoutMs: 200 }));
    assert.equal(timedOut.kind, 'timeout');
    const controller = new AbortController();
    const pending = client.request('eth_blockNumber', [], { signal: controller.signal });
    controller.abort();
    assert.equal((await failure(pending)).kind, 'cancelled');
    await new Promise((resolve) => setTimeout(resolve, 1000)); // both late answers arrive meanwhile
    assert.equal(await client.request('eth_chainId', []), '0xa86a');
  } finally {
    await client.close();
  }
});

test('an answer to an id never asked is an id mismatch', async () => {
  keyed.on('net_version', { kind: 'wrong-id', value: '1' });
  const client = keyClient();
  const error = await failure(client.request('net_version', []));
  assert.equal(error.kind, 'protocol');
  assert.match(error.message, /id mismatch/);
  await client.close();
});
