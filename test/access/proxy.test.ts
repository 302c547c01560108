// Proxies from the environment: https and wss through an HTTP CONNECT tunnel, plain http as an absolute
// URL to the proxy, NO_PROXY bypassing it. The proxy is a real one written here.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { createRpcClient } from '../../core/rpc/client';
import type { Endpoint } from '../../core/rpc/endpoint';
import { NodeError } from '../../core/rpc/errors';
import { proxyFor } from '../../core/rpc/proxy';
import { startProviderServer, type ProviderServer } from '../support/provider-server';
import { accessKey } from './secrets';

let provider: ProviderServer;
let plain: ProviderServer;
let proxy: Server;
let proxyUrl: string;
const seen: string[] = [];
const sockets = new Set<Socket>();

before(async () => {
  provider = await startProviderServer({ key: accessKey });
  plain = await startProviderServer({ tls: false });
  for (const server of [provider, plain]) server.on('eth_chainId', { kind: 'result', value: '0xa86a' });
  proxy = createServer((incoming, outgoing) => {
    // Forwarding proxy for plain http: the request line holds the absolute URL.
    seen.push(`${incoming.method} ${incoming.url}`);
    const target = new URL(incoming.url!);
    const forward = request(
      { host: target.hostname, port: target.port, path: target.pathname, method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(forward);
  });
  proxy.on('connect', (incoming, client: Socket, head: Buffer) => {
    seen.push(`CONNECT ${incoming.url}`);
    const [host, port] = incoming.url!.split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
    }
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
after(async () => {
  for (const socket of sockets) socket.destroy();
  proxy.closeAllConnections();
  await new Promise((resolve) => proxy.close(resolve));
  await provider.stop();
  await plain.stop();
});

const keyed = (url: string): Endpoint => ({ name: 'p', url, auth: { kind: 'key', key: accessKey } });

test('https and wss go through a CONNECT tunnel named by HTTPS_PROXY', async () => {
  seen.length = 0;
  const env = { HTTPS_PROXY: proxyUrl };
  const port = new URL(provider.httpBase).port;
  for (const url of [`${provider.httpBase}/ext/bc/C/rpc`, `${provider.wsBase}/ext/bc/C/ws`]) {
    const client = createRpcClient(keyed(url), { ca: provider.cert, proxyEnv: env });
    assert.equal(await client.request('eth_chainId', []), '0xa86a');
    await client.close();
  }
  assert.deepEqual(seen, [`CONNECT 127.0.0.1:${port}`, `CONNECT 127.0.0.1:${port}`]);
});

test('plain http goes to HTTP_PROXY as an absolute URL; NO_PROXY bypasses the proxy', async () => {
  seen.length = 0;
  const url = `${plain.httpBase}/ext/bc/C/rpc`;
  const viaProxy = createRpcClient({ name: 'p', url, auth: { kind: 'none' } }, { proxyEnv: { HTTP_PROXY: proxyUrl } });
  assert.equal(await viaProxy.request('eth_chainId', []), '0xa86a');
  assert.deepEqual(seen, [`POST ${url}`]);
  const direct = createRpcClient(
    { name: 'p', url, auth: { kind: 'none' } },
    { proxyEnv: { HTTP_PROXY: proxyUrl, NO_PROXY: 'localhost,127.0.0.1' } },
  );
  assert.equal(await direct.request('eth_chainId', []), '0xa86a');
  assert.equal(seen.length, 1);
});

test('NO_PROXY matching and a dead proxy reported as unreachable', async () => {
  const target = new URL('https://api.example.com:443/ext/bc/C/rpc');
  assert.equal(proxyFor(target, { HTTPS_PROXY: 'proxy:3128', NO_PROXY: '.example.com' }), undefined);
  assert.equal(proxyFor(target, { https_proxy: 'proxy:3128', no_proxy: 'other.com' })?.href, 'http://proxy:3128/');
  assert.equal(proxyFor(target, { HTTPS_PROXY: 'proxy:3128', NO_PROXY: 'api.example.com:8443' })?.host, 'proxy:3128');
  const client = createRpcClient(keyed(`${provider.httpBase}/ext/bc/C/rpc`), {
    ca: provider.cert,
    proxyEnv: { HTTPS_PROXY: 'http://127.0.0.1:1' },
  });
  const error = await client.request('eth_chainId', []).then(
    () => assert.fail('expected a failure'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof NodeError);
  assert.equal(error.kind, 'unreachable');
  assert.match(error.message, /through the proxy.*connection was refused/);
});

test('a TLS failure through the tunnel is reported as TLS, not as a dropped request', async () => {
  const client = createRpcClient(keyed(`${provider.httpBase}/ext/bc/C/rpc`), { proxyEnv: { HTTPS_PROXY: proxyUrl } });
  const error = await client.request('eth_chainId', []).then(
    () => assert.fail('expected a failure'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof NodeError);
  assert.equal(error.kind, 'tls');
  assert.match(error.message, /self-signed certificate/);
});
