// JSON-RPC over HTTPS against the provider-like test server: auth, exact request bytes, every error class.
import { after, before, test } from 'node:test';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import assert from 'node:assert/strict';
import { createRpcClient, type RpcClientOptions } from '../../core/rpc/client';
import type { Endpoint } from '../../core/rpc/endpoint';
import { NodeError } from '../../core/rpc/errors';
import { startProviderServer, type ProviderServer } from '../support/provider-server';
import { accessKey, assertNoSecret, password } from './secrets';

let keyed: ProviderServer;
let basic: ProviderServer;
const log: string[] = [];
const messages: string[] = [];

before(async () => {
  keyed = await startProviderServer({ key: accessKey });
  basic = await startProviderServer({ basic: { username: 'alice', password } });
});
after(async () => {
  await keyed.stop();
  await basic.stop();
  // Nothing this file logged or raised may show a secret.
  for (const line of [...log, ...messages]) assertNoSecret(line, 'a log line or error');
});

function keyEndpoint(): Endpoint {
  return { name: 'keyed', url: `${keyed.httpBase}/ext/bc/C/rpc`, auth: { kind: 'key', key: accessKey } };
}

function client(endpoint: Endpoint, options: RpcClientOptions = {}) {
  return createRpcClient(endpoint, { ca: keyed.cert, log: (line) => log.push(line), ...options });
}

/** Runs `call`, expects a NodeError, records its texts for the secret check and returns it. */
async function failure(call: Promise<unknown>): Promise<NodeError> {
  const error = await call.then(
    () => assert.fail('expected a failure'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof NodeError, `not a NodeError: ${String(error)}`);
  messages.push(error.message, error.explanation);
  return error;
}

test('key in the path: accepted, and the request bytes are exactly as providers document', async () => {
  keyed.on('debug_traceCall', { kind: 'result', value: { ok: true } });
  keyed.requests.length = 0;
  const tracer = "{data: [], fault: function(log, db) {}, result: function(ctx, db) { return 'x'; }}";
  const params = [
    { from: '0x0000000000000000000000000000000000000001', to: '0x0000000000000000000000000000000000000002' },
    '0x1a',
    { tracer, timeout: '5s' },
  ];
  const result = await client(keyEndpoint()).request('debug_traceCall', params);
  assert.deepEqual(result, { ok: true });
  const [sent] = keyed.requests;
  assert.equal(sent.method, 'POST');
  assert.equal(sent.path, `/${accessKey}/ext/bc/C/rpc`);
  assert.equal(sent.headers['content-type'], 'application/json');
  assert.equal(sent.headers.accept, 'application/json');
  assert.equal(sent.headers.authorization, undefined);
  assert.equal(sent.body, `{"jsonrpc":"2.0","id":1,"method":"debug_traceCall","params":${JSON.stringify(params)}}`);
  // The tracer travels as one JSON string holding no double quote.
  const tracerSent = (JSON.parse(sent.body) as { params: [unknown, unknown, { tracer: string }] }).params[2].tracer;
  assert.equal(tracerSent, tracer);
  assert.ok(!tracerSent.includes('"'));
});

test('Basic auth: the header is sent; the right password is accepted and a wrong one refused (401)', async () => {
  basic.on('eth_chainId', { kind: 'result', value: '0xa86a' });
  const endpoint: Endpoint = { name: 'b', url: `${basic.httpBase}/ext/bc/C/rpc`, auth: { kind: 'basic', username: 'alice', password } };
  assert.equal(await client(endpoint, { ca: basic.cert }).request('eth_chainId', []), '0xa86a');
  assert.equal(basic.requests.at(-1)!.headers.authorization, `Basic ${Buffer.from(`alice:${password}`).toString('base64')}`);
  const wrong = await failure(
    client({ ...endpoint, auth: { kind: 'basic', username: 'alice', password: `${password}-typo` } }, { ca: basic.cert }).request(
      'eth_chainId',
      [],
    ),
  );
  assert.equal(wrong.kind, 'unauthorized');
  assert.equal(wrong.status, 401);
  assert.match(wrong.explanation, /username and password/);
});

for (const [status, kind] of [
  [403, 'forbidden'],
  [413, 'too-large'],
  [500, 'server'],
  [502, 'server'],
  [503, 'server'],
] as const) {
  test(`HTTP ${status} is classified as ${kind}`, async () => {
    keyed.on('eth_chainId', { kind: 'http', status, body: `status ${status} body` });
    const error = await failure(client(keyEndpoint()).request('eth_chainId', []));
    assert.equal(error.kind, kind);
    assert.equal(error.status, status);
    assert.match(error.message, new RegExp(`HTTP ${status} from .*: status ${status} body`));
  });
}

test('HTTP 429 is rate limited, with Retry-After in seconds', async () => {
  keyed.on('eth_chainId', { kind: 'http', status: 429, body: 'slow down', headers: { 'retry-after': '17' } });
  const error = await failure(client(keyEndpoint()).request('eth_chainId', []));
  assert.equal(error.kind, 'rate-limited');
  assert.equal(error.retryAfter, 17);
  assert.match(error.message, /retry after 17 s/);
});

test('an HTML page instead of JSON is not-json and shows its first bytes', async () => {
  keyed.on('eth_chainId', {
    kind: 'http',
    status: 200,
    body: '<!DOCTYPE html><html><head><title>Gateway</title></head></html>',
    headers: { 'content-type': 'text/html' },
  });
  const error = await failure(client(keyEndpoint()).request('eth_chainId', []));
  assert.equal(error.kind, 'not-json');
  assert.match(error.message, /is not JSON \(text\/html\); it begins: <!DOCTYPE html><html><head><title>Gateway/);
});

test('a JSON-RPC error object keeps code, message and data', async () => {
  keyed.on('debug_traceTransaction', { kind: 'rpc-error', code: -32000, message: 'tracing failed', data: { reason: 'x' } });
  const error = await failure(client(keyEndpoint()).request('debug_traceTransaction', ['0x00', {}]));
  assert.equal(error.kind, 'rpc');
  assert.deepEqual(error.rpc, { code: -32000, message: 'tracing failed', data: { reason: 'x' } });
  assert.match(error.message, /debug_traceTransaction failed: tracing failed \[code -32000\] \(data: \{"reason":"x"\}\)/);
});

test('a node echoing the key in its error gets it masked', async () => {
  keyed.on('eth_call', { kind: 'rpc-error', code: -32602, message: `bad request to /${accessKey}/ext/bc/C/rpc` });
  const error = await failure(client(keyEndpoint()).request('eth_call', []));
  assert.equal(error.rpc!.message, 'bad request to /****/ext/bc/C/rpc');
});

test('an answer to another id is an id mismatch', async () => {
  keyed.on('eth_chainId', { kind: 'wrong-id', value: '0x1' });
  const error = await failure(client(keyEndpoint()).request('eth_chainId', []));
  assert.equal(error.kind, 'protocol');
  assert.match(error.message, /id mismatch .*sent 1, got 1001/);
});

test('a socket dropped mid-request is reported as closed', async () => {
  keyed.on('eth_chainId', { kind: 'drop' });
  const error = await failure(client(keyEndpoint()).request('eth_chainId', []));
  assert.equal(error.kind, 'closed');
  assert.match(error.message, /closed before the whole answer arrived/);
});

test('a 50 MB result: fails clearly over the default limit, succeeds within a raised one', async () => {
  const bytes = 50 * 1024 * 1024;
  keyed.on('debug_traceBlockByHash', { kind: 'big', bytes });
  const error = await failure(client(keyEndpoint()).request('debug_traceBlockByHash', []));
  assert.equal(error.kind, 'too-large');
  assert.match(error.message, /exceeds the 32 MB response limit/);
  const result = await client(keyEndpoint(), { maxResponseBytes: 64 * 1024 * 1024 }).request<string>('debug_traceBlockByHash', []);
  assert.equal(result.length, bytes);
});

test('a slow server hits the overall time-out', async () => {
  keyed.on('eth_blockNumber', { kind: 'slow', ms: 30_000, value: '0x1' });
  const error = await failure(client(keyEndpoint(), { timeoutMs: 300 }).request('eth_blockNumber', []));
  assert.equal(error.kind, 'timeout');
  assert.match(error.message, /no complete answer from .* within 300 ms/);
});

test('an AbortSignal cancels a request in flight', async () => {
  keyed.on('eth_blockNumber', { kind: 'slow', ms: 30_000, value: '0x1' });
  const controller = new AbortController();
  const pending = client(keyEndpoint()).request('eth_blockNumber', [], { signal: controller.signal });
  setTimeout(() => controller.abort(), 100);
  const error = await failure(pending);
  assert.equal(error.kind, 'cancelled');
});

test('an untrusted (self-signed) certificate is a TLS error in plain words', async () => {
  const error = await failure(createRpcClient(keyEndpoint()).request('eth_chainId', []));
  assert.equal(error.kind, 'tls');
  assert.match(error.message, /self-signed certificate/);
  assert.match(error.explanation, /NODE_EXTRA_CA_CERTS/);
});

test('nothing listening is unreachable (connection refused); an unknown host is a DNS failure', async () => {
  const closed = await startProviderServer({ tls: false });
  await closed.stop();
  const refused = await failure(
    createRpcClient({ name: 'x', url: `${closed.httpBase}/`, auth: { kind: 'none' } }).request('eth_chainId', []),
  );
  assert.equal(refused.kind, 'unreachable');
  assert.match(refused.message, /connection was refused/);
  const dns = await failure(
    createRpcClient({ name: 'x', url: 'https://no-such-host.invalid/ext/bc/C/rpc', auth: { kind: 'none' } }).request('eth_chainId', []),
  );
  assert.equal(dns.kind, 'unreachable');
  assert.match(dns.message, /does not resolve \(DNS\)|could not be resolved/);
});

test('a server that accepts TCP but never completes TLS hits the connect time-out (HTTPS and WSS)', async () => {
  const held = new Set<Socket>();
  const silent = createServer((socket) => void held.add(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const port = (silent.address() as AddressInfo).port;
  try {
    for (const url of [`https://127.0.0.1:${port}/ext/bc/C/rpc`, `wss://127.0.0.1:${port}/ext/bc/C/ws`]) {
      const stalled = createRpcClient({ name: 's', url, auth: { kind: 'none' } }, { connectTimeoutMs: 300 });
      const error = await failure(stalled.request('eth_chainId', []));
      assert.equal(error.kind, 'timeout', url);
      assert.match(error.message, /connecting to .* timed out after 300 ms/);
      await stalled.close();
    }
  } finally {
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  }
});
