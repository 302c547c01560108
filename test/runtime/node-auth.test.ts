// Access rules like a hosted endpoint, over HTTP and the WebSocket upgrade: an access key as the path
// (/KEY, /KEY/ext/bc/C/rpc, /KEY/ext/bc/C/ws) and HTTP Basic credentials; neither secret is ever printed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
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

describe('HTTP Basic credentials (--basic-user, the password from the environment)', () => {
  let node: Awaited<ReturnType<typeof spawnNodeWithOutput>>;
  before(
    async () =>
      (node = await spawnNodeWithOutput(['--basic-user', user, '--basic-password-env', 'NODE_TEST_PASSWORD'], {
        NODE_TEST_PASSWORD: password,
      })),
  );
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
    assert.deepEqual(await wsExchange(node.wsUrl + '/ext/bc/C/ws', chainId, basic(user, password)), {
      jsonrpc: '2.0',
      id: 1,
      result: '0xa868',
    });
  });

  test('the password never appears in what the node printed, and no warning is given', () => {
    assert.match(node.output(), /^listening on http:\/\/127\.0\.0\.1:\d+ \(ws:\/\/127\.0\.0\.1:\d+\)\n$/);
  });
});

describe('--basic USER:PASS still works, with a warning about the process list', () => {
  let node: Awaited<ReturnType<typeof spawnNodeWithOutput>>;
  before(async () => (node = await spawnNodeWithOutput(['--basic', `${user}:${password}`])));
  after(() => node?.stop());

  test('the credentials are required; the warning names the safer options; the password is not printed', async () => {
    assert.equal((await post(node.url, chainId)).status, 401);
    assert.equal((await post(node.url, chainId, basic(user, password))).status, 200);
    assert.match(
      node.output(),
      /^warning: --basic puts the password on the command line, where anyone on this machine can read it in the process list; use --basic-user USER --basic-password-env VAR\n/m,
    );
    assert.ok(!node.output().includes(password));
  });
});

describe('Basic option mistakes are usage errors that name the option, never the password', () => {
  const start = (args: string[], env: Record<string, string> = {}) =>
    spawnSync(process.execPath, ['dist/cli.js', 'node', '--port', '0', ...args], {
      encoding: 'utf8',
      env: { ...process.env, ...env },
      timeout: 60_000,
    });

  test('each mistake exits 2 with its own message', () => {
    const cases: Array<[string[], Record<string, string>, RegExp]> = [
      [['--basic-user', user], {}, /--basic-user needs --basic-password-env VAR/],
      [['--basic-password-env', 'NODE_TEST_PASSWORD'], { NODE_TEST_PASSWORD: password }, /--basic-password-env needs --basic-user USER/],
      [
        ['--basic-user', user, '--basic-password-env', 'NODE_TEST_UNSET'],
        { NODE_TEST_UNSET: '' },
        /--basic-password-env: environment variable NODE_TEST_UNSET is not set/,
      ],
      [
        ['--basic', `${user}:${password}`, '--basic-user', user],
        {},
        /give either --basic or --basic-user with --basic-password-env, not both/,
      ],
      [['--basic', password], {}, /--basic must be USER:PASS/],
    ];
    for (const [args, env, message] of cases) {
      const run = start(args, env);
      assert.equal(run.status, 2, args.join(' '));
      assert.match(run.stderr, message);
      assert.ok(!(run.stdout + run.stderr).includes(password), `${args[0]}: the password was printed`);
    }
  });
});

describe('key and Basic together', () => {
  let node: Awaited<ReturnType<typeof spawnNodeWithOutput>>;
  before(
    async () =>
      (node = await spawnNodeWithOutput(['--key', key, '--basic-user', user, '--basic-password-env', 'NODE_TEST_PASSWORD'], {
        NODE_TEST_PASSWORD: password,
      })),
  );
  after(() => node?.stop());

  test('both are required: the key path without credentials is 401, credentials without the key path 404', async () => {
    assert.equal((await post(`${node.url}/${key}`, chainId)).status, 401);
    assert.equal((await post(node.url, chainId, basic(user, password))).status, 404);
    assert.equal((await post(`${node.url}/${key}`, chainId, basic(user, password))).status, 200);
    assert.deepEqual(await wsExchange(`${node.wsUrl}/${key}/ext/bc/C/ws`, chainId, basic(user, password)), {
      jsonrpc: '2.0',
      id: 1,
      result: '0xa868',
    });
  });
});
