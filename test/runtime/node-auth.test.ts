// Access rules like a hosted endpoint, over HTTP and the WebSocket upgrade: an access key as the path
// (/KEY, /KEY/ext/bc/C/rpc, /KEY/ext/bc/C/ws) and HTTP Basic credentials; neither secret is ever printed.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { post, spawnNodeWithOutput, wsExchange } from './node-helpers';

const key = 'k3y-Secret-123';
const user = 'alice';
const password = 'pa55-Secret-456';
const chainId = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' });
const basic = (u: string, p: string) => ({ authorization: 'Basic ' + Buffer.from(`${u}:${p}`).toString('base64') });

describe('access key in the path', () => {
  let node: Awaited<ReturnType<typeof spawnNodeWithOutput>>;
  before(async () => (node = await spawnNodeWithOutput(['--key', key])));
  after(() => node?.stop());

  test('HTTP: /KEY and /KEY/ext/bc/C/rpc are served, anything else is 404', async () => {
    for (const path of [`/${key}`, `/${key}/ext/bc/C/rpc`]) {
      const response = await post(node.url + path, chainId);
      assert.equal(response.status, 200, path.replace(key, '****'));
      assert.equal(JSON.parse(response.text).result, '0xa868');
    }
    for (const path of ['/', '/ext/bc/C/rpc', '/wrong-key', `/${key}x`, `/${key}/other`]) {
      assert.equal((await post(node.url + path, chainId)).status, 404, path.replace(key, '****'));
    }
  });

  test('WebSocket: /KEY/ext/bc/C/ws upgrades, a wrong path is refused with 404', async () => {
    assert.deepEqual(await wsExchange(`${node.wsUrl}/${key}/ext/bc/C/ws`, chainId), { jsonrpc: '2.0', id: 1, result: '0xa868' });
    await assert.rejects(wsExchange(`${node.wsUrl}/ext/bc/C/ws`, chainId), { status: 404 });
    await assert.rejects(wsExchange(`${node.wsUrl}/nope/ext/bc/C/ws`, chainId), { status: 404 });
  });

  test('the key never appears in what the node printed', () => {
    assert.match(node.output(), /^listening on http:\/\/127\.0\.0\.1:\d+ \(ws:\/\/127\.0\.0\.1:\d+\)\n$/);
    assert.ok(!node.output().includes(key));
  });
});

describe('HTTP Basic credentials', () => {
  let node: Awaited<ReturnType<typeof spawnNodeWithOutput>>;
  before(async () => (node = await spawnNodeWithOutput(['--basic', `${user}:${password}`])));
  after(() => node?.stop());

  test('HTTP: missing or wrong credentials get 401 with WWW-Authenticate; the right ones are served', async () => {
    const missing = await post(node.url, chainId);
    assert.equal(missing.status, 401);
    assert.match(missing.headers.get('www-authenticate') ?? '', /^Basic realm=/);
    assert.ok(!missing.text.includes(password));
    assert.equal((await post(node.url, chainId, basic(user, 'wrong'))).status, 401);
    assert.equal((await post(node.url, chainId, basic('bob', password))).status, 401);
    const ok = await post(node.url + '/ext/bc/C/rpc', chainId, basic(user, password));
    assert.deepEqual([ok.status, JSON.parse(ok.text).result], [200, '0xa868']);
  });

  test('WebSocket: the upgrade needs the credentials too', async () => {
    await assert.rejects(wsExchange(node.wsUrl, chainId), { status: 401 });
    await assert.rejects(wsExchange(node.wsUrl, chainId, basic(user, 'wrong')), { status: 401 });
    assert.deepEqual(await wsExchange(node.wsUrl + '/ext/bc/C/ws', chainId, basic(user, password)), { jsonrpc: '2.0', id: 1, result: '0xa868' });
  });

  test('the password never appears in what the node printed', () => {
    assert.ok(!node.output().includes(password));
  });
});

describe('key and Basic together', () => {
  let node: Awaited<ReturnType<typeof spawnNodeWithOutput>>;
  before(async () => (node = await spawnNodeWithOutput(['--key', key, '--basic', `${user}:${password}`])));
  after(() => node?.stop());

  test('both are required: the key path without credentials is 401, credentials without the key path 404', async () => {
    assert.equal((await post(`${node.url}/${key}`, chainId)).status, 401);
    assert.equal((await post(node.url, chainId, basic(user, password))).status, 404);
    assert.equal((await post(`${node.url}/${key}`, chainId, basic(user, password))).status, 200);
    assert.deepEqual(await wsExchange(`${node.wsUrl}/${key}/ext/bc/C/ws`, chainId, basic(user, password)), { jsonrpc: '2.0', id: 1, result: '0xa868' });
  });
});
