// The node's rules for web browsers, over real HTTP and WebSocket: a foreign Origin is refused (403) before
// anything is read, bodies must be declared JSON (415 with geth's text), the Host header must name this machine
// (403 `invalid host specified`), --cors / --vhosts open it to chosen pages and host names, and every refusal
// is one line on stderr that never shows the access key.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { rawRequest, spawnNodeWithOutput, wsExchange } from './node-helpers';

const key = 'k3y-Browser-789';
const chainId = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' });
const json = { 'content-type': 'application/json' };
const basic = (user: string, password: string) => ({ authorization: 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64') });
type Node = Awaited<ReturnType<typeof spawnNodeWithOutput>>;

describe('browser rules by default (no --cors, no --vhosts)', () => {
  let node: Node;
  let url: string;
  before(async () => {
    node = await spawnNodeWithOutput(['--key', key]);
    url = `${node.url}/${key}`;
  });
  after(() => node?.stop());

  test('a POST with a foreign Origin is refused with 403 before it is run, without CORS headers', async () => {
    const [from] = (
      JSON.parse(
        (await rawRequest(url, { headers: json, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_accounts' }) })).text,
      ) as { result: string[] }
    ).result;
    const send = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_sendTransaction', params: [{ from, to: from, value: '0x1' }] });
    for (const origin of ['https://evil.example', 'http://127.0.0.1:3000', 'http://localhost:3000', 'null']) {
      const reply = await rawRequest(url, { headers: { ...json, origin }, body: send });
      assert.equal(reply.status, 403, origin);
      assert.match(reply.text, /^origin .* not allowed: start the node with --cors ORIGIN/, origin);
      assert.equal(reply.headers['access-control-allow-origin'], undefined, origin);
    }
    const block = JSON.parse(
      (await rawRequest(url, { headers: json, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' }) })).text,
    );
    assert.equal(block.result, '0x0', 'no transaction was sent');
  });

  test('a preflight from a foreign origin is refused with 403', async () => {
    const reply = await rawRequest(url, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    assert.equal(reply.status, 403);
    assert.equal(reply.headers['access-control-allow-origin'], undefined);
    assert.equal(reply.headers['access-control-allow-methods'], undefined);
  });

  test("a Content-Type other than geth's JSON types gets 415 with geth's text; parameters and case do not matter", async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonx',
      undefined,
    ]) {
      const reply = await rawRequest(url, { headers: type === undefined ? {} : { 'content-type': type }, body: chainId });
      assert.equal(reply.status, 415, String(type));
      assert.equal(reply.text, 'invalid content type, only application/json is supported\n', String(type));
    }
    for (const type of ['application/json', 'application/json-rpc', 'application/jsonrequest', 'Application/JSON; charset=UTF-8']) {
      const reply = await rawRequest(url, { headers: { 'content-type': type }, body: chainId });
      assert.deepEqual([reply.status, JSON.parse(reply.text).result], [200, '0xa868'], type);
    }
  });

  test('a Host naming another host gets 403 `invalid host specified`; IP addresses, empty and localhost (any case or port) pass', async () => {
    for (const host of ['evil.example', 'evil.example:8545', 'localhost.evil.example', 'localhost.', 'mynode.test']) {
      const reply = await rawRequest(url, { headers: { ...json, host }, body: chainId });
      assert.deepEqual([reply.status, reply.text], [403, 'invalid host specified\n'], host);
    }
    for (const host of ['127.0.0.1:1', '[::1]:8545', '10.1.2.3', 'LOCALHOST:9', 'localhost', '']) {
      const reply = await rawRequest(url, { headers: { ...json, host }, body: chainId });
      assert.deepEqual([reply.status, JSON.parse(reply.text).result], [200, '0xa868'], `Host '${host}'`);
    }
  });

  test('WebSocket: a foreign Origin or Host is refused with 403; no Origin and http://localhost pages are served', async () => {
    const ws = `${node.wsUrl}/${key}/ext/bc/C/ws`;
    for (const origin of ['https://evil.example', 'http://127.0.0.1:3000', 'https://localhost:3000', 'null']) {
      await assert.rejects(wsExchange(ws, chainId, { origin }), { status: 403 }, origin);
    }
    await assert.rejects(wsExchange(ws, chainId, { host: 'evil.example' }), { status: 403 });
    for (const headers of [{}, { origin: 'http://localhost' }, { origin: 'http://localhost:3000' }] as Array<Record<string, string>>) {
      assert.deepEqual(await wsExchange(ws, chainId, headers), { jsonrpc: '2.0', id: 1, result: '0xa868' }, JSON.stringify(headers));
    }
  });

  test('each refusal is one line on stderr saying what and why; the key is never printed', () => {
    const lines = node.output().split('\n');
    assert.ok(lines.includes('refused request: Origin https://evil.example not allowed (allow it with --cors)'), node.output());
    assert.ok(lines.includes('refused request: Origin null not allowed (allow it with --cors)'));
    assert.ok(lines.includes('refused preflight: Origin https://evil.example not allowed (allow it with --cors)'));
    assert.ok(lines.includes('refused request: Content-Type text/plain is not application/json'));
    assert.ok(lines.includes('refused request: Content-Type (none) is not application/json'));
    assert.ok(lines.includes('refused request: Host evil.example:8545 not allowed (allow it with --vhosts)'));
    assert.ok(lines.includes('refused WebSocket upgrade: Origin http://127.0.0.1:3000 not allowed (allow it with --cors)'));
    assert.ok(lines.includes('refused WebSocket upgrade: Host evil.example not allowed (allow it with --vhosts)'));
    assert.ok(!node.output().includes(key));
  });
});

describe('--cors and --vhosts, with --basic on top', () => {
  let node: Node;
  const credentials = basic('alice', 'pa55-Cors-1');
  before(
    async () =>
      (node = await spawnNodeWithOutput(
        [
          '--cors',
          'https://App.example,http://localhost:3000/',
          '--vhosts',
          'MyNode.test',
          '--basic-user',
          'alice',
          '--basic-password-env',
          'NODE_TEST_PASSWORD',
        ],
        { NODE_TEST_PASSWORD: 'pa55-Cors-1' },
      )),
  );
  after(() => node?.stop());

  test("an allowed page's preflight is answered without credentials; its POSTs get CORS headers and still need them", async () => {
    const preflight = await rawRequest(node.url, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization',
      },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers['access-control-allow-origin'], 'https://app.example');
    assert.match(String(preflight.headers['access-control-allow-methods']), /\bPOST\b/);
    assert.match(String(preflight.headers['access-control-allow-headers']), /Content-Type, Authorization/);
    const ok = await rawRequest(node.url, { headers: { ...json, origin: 'http://localhost:3000', ...credentials }, body: chainId });
    assert.deepEqual(
      [ok.status, JSON.parse(ok.text).result, ok.headers['access-control-allow-origin']],
      [200, '0xa868', 'http://localhost:3000'],
    );
    assert.equal(ok.headers.vary, 'Origin');
    const noCredentials = await rawRequest(node.url, { headers: { ...json, origin: 'https://app.example' }, body: chainId });
    assert.deepEqual([noCredentials.status, noCredentials.headers['access-control-allow-origin']], [401, 'https://app.example']);
    const badType = await rawRequest(node.url, {
      headers: { 'content-type': 'text/plain', origin: 'https://app.example', ...credentials },
      body: chainId,
    });
    assert.equal(badType.status, 415);
  });

  test('another origin is still refused before the credentials are looked at, over HTTP and WebSocket', async () => {
    for (const origin of ['https://other.example', 'https://app.example:8443', 'http://localhost:3001']) {
      const reply = await rawRequest(node.url, { headers: { ...json, origin, ...credentials }, body: chainId });
      assert.equal(reply.status, 403, origin);
    }
    await assert.rejects(wsExchange(node.wsUrl, chainId, { origin: 'https://other.example', ...credentials }), { status: 403 });
    assert.deepEqual(await wsExchange(node.wsUrl, chainId, { origin: 'https://app.example', ...credentials }), {
      jsonrpc: '2.0',
      id: 1,
      result: '0xa868',
    });
    await assert.rejects(wsExchange(node.wsUrl, chainId, { origin: 'https://app.example' }), { status: 401 });
  });

  test('--vhosts adds host names (any case, any port); others are still refused', async () => {
    for (const host of ['mynode.test:8545', 'MYNODE.TEST', 'localhost:1']) {
      const reply = await rawRequest(node.url, { headers: { ...json, host, ...credentials }, body: chainId });
      assert.equal(reply.status, 200, host);
    }
    const other = await rawRequest(node.url, { headers: { ...json, host: 'other.test', ...credentials }, body: chainId });
    assert.deepEqual([other.status, other.text], [403, 'invalid host specified\n']);
  });

  test('no warning is printed for listed origins and hosts', () => {
    assert.ok(!/warning/.test(node.output()), node.output());
  });
});

describe('--cors * and --vhosts *', () => {
  let node: Node;
  before(async () => (node = await spawnNodeWithOutput(['--cors', '*', '--vhosts', '*'])));
  after(() => node?.stop());

  test('print a warning each, then allow every origin and host name', async () => {
    assert.match(node.output(), /^warning: --cors \* lets every web page you open call this node, which runs tracer code on request$/m);
    assert.match(node.output(), /^warning: --vhosts \* accepts any Host header/m);
    const reply = await rawRequest(node.url, { headers: { ...json, origin: 'https://any.example', host: 'any.example' }, body: chainId });
    assert.deepEqual([reply.status, reply.headers['access-control-allow-origin']], [200, 'https://any.example']);
    assert.deepEqual(await wsExchange(node.wsUrl, chainId, { origin: 'https://any.example' }), { jsonrpc: '2.0', id: 1, result: '0xa868' });
  });
});

test('bad --cors / --vhosts values exit 2 naming the flag and the value', () => {
  const cases: Array<[string[], RegExp]> = [
    [['--cors', 'example.com'], /--cors: 'example\.com' is not an origin like https:\/\/example\.com/],
    [['--cors', 'https://example.com/path'], /--cors: 'https:\/\/example\.com\/path' is not an origin/],
    [['--vhosts', 'example.com:8545'], /--vhosts: 'example\.com:8545' is not a host name/],
  ];
  for (const [args, message] of cases) {
    const run = spawnSync(process.execPath, ['dist/cli.js', 'node', '--port', '0', ...args], { encoding: 'utf8', timeout: 30_000 });
    assert.equal(run.status, 2, args.join(' '));
    assert.match(run.stderr, message);
  }
});
