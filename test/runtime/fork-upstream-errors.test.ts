// Fork mode against hostile or broken upstreams (small real HTTP servers on 127.0.0.1): an upstream that echoes
// the key from its URL path in its error texts never gets the key to a local client or the console, an upstream
// failure in a state read is a -32000 error that says so, and an upstream that cannot be used says why
// (refused, DNS, TLS, redirect, time-out, HTTP status), with the URL masked.
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { launchLocalNode, type LocalNode } from '../../core/local-node-launcher';
import { credentialedUrl } from '../../core/rpc/endpoint';
import { Upstream } from '../../runtime/state/upstream';
import { upstreamEndpoint } from '../../runtime/state/upstream-url';
import { accessKey, assertNoSecret, password } from '../access/secrets';
import { freePort, processTree } from '../support/nodes/process';
import { call as rpcResult, rpc, runNode, startNode } from './node-helpers';

const victim = '0x' + 'bad0'.repeat(10);
const keyPath = `/${accessKey}/ext/bc/C/rpc`;

interface UpstreamServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** A server on 127.0.0.1 answering with `handle`; its URL carries the key in the path, as providers' do. */
async function upstreamServer(handle: (request: IncomingMessage, body: string, response: ServerResponse) => void): Promise<UpstreamServer> {
  const server: Server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    handle(request, body, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}${keyPath}`,
    port,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const forkBlock = {
  number: '0x10',
  hash: '0x' + '11'.repeat(32),
  timestamp: '0x65000000',
  gasLimit: '0x1c9c380',
  baseFeePerGas: '0x5d21dba00',
};

/** Answers start-up calls like a chain at block 16; any call about `victim` fails echoing the request path. */
function echoingKey(
  failing: (call: { method: string; params: unknown[] }) => boolean,
  message = (path: string | undefined) => `invalid key in ${path}`,
) {
  return (request: IncomingMessage, body: string, response: ServerResponse) => {
    const parsed = JSON.parse(body) as
      { id: number; method: string; params: unknown[] } | Array<{ id: number; method: string; params: unknown[] }>;
    const answers = [parsed].flat().map((call) => {
      if (failing(call))
        return {
          jsonrpc: '2.0',
          id: call.id,
          error: { code: -32000, message: message(request.url), data: { path: request.url } },
        };
      const results: Record<string, unknown> = {
        eth_chainId: '0xa86a',
        eth_blockNumber: forkBlock.number,
        eth_getBlockByNumber: forkBlock,
        eth_getCode: '0x',
      };
      return { jsonrpc: '2.0', id: call.id, result: results[call.method] ?? '0x0' };
    });
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(Array.isArray(parsed) ? answers : answers[0]));
  };
}

/** Start-up with `--fork url` fails with exactly `evm-tracer: fork upstream MASKED: eth_chainId failed: REASON`. */
/** Without the fork cache: with it, an unreachable upstream's error also says what the cache lacked to start offline
 * (fork-offline-start.test.ts). */
async function assertStartFails(url: string, masked: string, reason: string): Promise<void> {
  const run = await runNode(['--fork', url, '--no-cache']);
  assertNoSecret(run.stdout + run.stderr, 'the node output');
  assert.equal(run.status, 1, run.stderr);
  assert.equal(run.stdout, '');
  assert.equal(run.stderr, `evm-tracer: fork upstream ${masked}: eth_chainId failed: ${reason}\n`);
}

describe('a fork whose upstream echoes its key in error texts', () => {
  let upstream: UpstreamServer;
  let node: LocalNode;
  let masked: string;
  before(async () => {
    upstream = await upstreamServer(echoingKey((call) => call.params.includes(victim)));
    masked = `http://127.0.0.1:${upstream.port}/****`;
    node = await startNode(['--fork', upstream.url, '--accounts', '0', '--hardfork', 'prague']);
  });
  after(async () => {
    await node?.stop();
    await upstream?.close();
  });

  const echoed = `invalid key in **** [code -32000] (data: {"path":"****"})`;

  test('state reads at and after the fork block fail as -32000 "fork upstream … failed", the key masked', async () => {
    for (const [method, params] of [
      ['eth_getBalance', [victim, 'latest']],
      ['eth_getTransactionCount', [victim, 'latest']],
      ['eth_getCode', [victim, 'latest']],
      ['eth_getStorageAt', [victim, '0x0', 'latest']],
    ] as const) {
      const reply = await rpc(node.url, method, [...params]);
      assertNoSecret(JSON.stringify(reply), method);
      // An account is read as one batch (balance, nonce, code): the first of them is the one reported.
      const failed = method === 'eth_getStorageAt' ? 'eth_getStorageAt' : 'eth_getBalance';
      assert.deepEqual(reply.error, { code: -32000, message: `fork upstream ${masked}: ${failed} failed: ${echoed}` }, method);
    }
  });

  test('reads of blocks before the fork, passed to the upstream, are masked too', async () => {
    const reply = await rpc(node.url, 'eth_getBalance', [victim, '0x5']);
    assertNoSecret(JSON.stringify(reply), 'eth_getBalance at 0x5');
    assert.deepEqual(reply.error, { code: -32000, message: `fork upstream ${masked}: eth_getBalance failed: ${echoed}` });
  });

  test("a tracer's db read of the account fails the trace without the key", async () => {
    const tracer = `{step: function() {}, fault: function() {}, result: function(ctx, db) { return db.getBalance(toAddress("${victim}")).toString(); }}`;
    const reply = await rpc(node.url, 'debug_traceCall', [{ to: '0x' + '00'.repeat(19) + '01' }, 'latest', { tracer }]);
    assertNoSecret(JSON.stringify(reply), 'debug_traceCall');
    assert.equal(reply.error?.code, -32000);
    assert.match(
      reply.error!.message,
      new RegExp(`fork upstream ${masked.replace(/[.*]/g, '\\$&')}: eth_getBalance failed: invalid key in \\*\\*\\*\\*`),
    );
  });
});

test("an upstream's 10 MB error message reaches the client shortened, its key still masked", async () => {
  const huge = await upstreamServer(
    echoingKey(
      (call) => call.params.includes(victim),
      (path) => `${path} ${'x'.repeat(10_000_000)}`,
    ),
  );
  const node = await startNode(['--fork', huge.url, '--accounts', '0', '--hardfork', 'prague', '--no-cache']);
  try {
    const reply = await rpc(node.url, 'eth_getBalance', [victim, 'latest']);
    assertNoSecret(JSON.stringify(reply), 'eth_getBalance');
    const message = reply.error?.message ?? '';
    assert.match(message, /^fork upstream http:\/\/127\.0\.0\.1:\d+\/\*\*\*\*: eth_getBalance failed: \*\*\*\* x+… \[code -32000\]/);
    assert.ok(message.length < 2500, `a message of ${message.length} characters`);
  } finally {
    await node.stop();
    await huge.close();
  }
});

test('start-up: an echoed key in a JSON-RPC error or an HTTP error body is masked on the console', async () => {
  const rpcError = await upstreamServer(echoingKey((call) => call.method === 'eth_chainId'));
  const status = await upstreamServer((request, _body, response) => {
    response.writeHead(403, { 'content-type': 'text/plain' });
    response.end(`forbidden:\n  invalid key in ${request.url}`);
  });
  try {
    await assertStartFails(
      rpcError.url,
      `http://127.0.0.1:${rpcError.port}/****`,
      'invalid key in **** [code -32000] (data: {"path":"****"})',
    );
    await assertStartFails(status.url, `http://127.0.0.1:${status.port}/****`, 'HTTP 403: forbidden: invalid key in ****');
  } finally {
    await rpcError.close();
    await status.close();
  }
});

test('unusable fork URLs say why: refused, DNS, TLS, redirect; the path masked', async () => {
  const closed = await freePort();
  await assertStartFails(
    `http://127.0.0.1:${closed}${keyPath}`,
    `http://127.0.0.1:${closed}/****`,
    'the connection was refused: nothing listens on that host and port',
  );
  const dns = await runNode(['--fork', `http://no-such-host.invalid${keyPath}`, '--no-cache']);
  assertNoSecret(dns.stderr, 'the node output');
  assert.equal(dns.status, 1);
  assert.match(
    dns.stderr,
    /^evm-tracer: fork upstream http:\/\/no-such-host\.invalid\/\*\*\*\*: eth_chainId failed: the host name (does not resolve|could not be resolved right now) \(DNS\)\n$/,
  );
  const plain = await upstreamServer(echoingKey(() => false));
  const redirecting = await upstreamServer((request, _body, response) => {
    response.writeHead(301, { location: `https://elsewhere.example${request.url}` });
    response.end();
  });
  try {
    await assertStartFails(
      `https://127.0.0.1:${plain.port}${keyPath}`,
      `https://127.0.0.1:${plain.port}/****`,
      'TLS error: the server did not answer with TLS (is it plain http?)',
    );
    await assertStartFails(
      redirecting.url,
      `http://127.0.0.1:${redirecting.port}/****`,
      'the upstream redirects (HTTP 301) to https://elsewhere.example/****: give the URL it redirects to',
    );
  } finally {
    await plain.close();
    await redirecting.close();
  }
});

test('an upstream that never answers times out, asynchronously and synchronously, saying so', async () => {
  const silent = await upstreamServer(() => {});
  try {
    const upstream = new Upstream(silent.url, 300);
    const reason = `fork upstream http://127.0.0.1:${silent.port}/****: eth_chainId failed: no answer within 0.3 s (timed out; fetched so far: 0 accounts, 0 slots in 0 round trips)`;
    await assert.rejects(upstream.request('eth_chainId', []), { message: reason });
    assert.throws(() => upstream.requestSync([{ method: 'eth_chainId', params: [] }]), { message: reason });
  } finally {
    await silent.close();
  }
});

test('an answer past the size bound is refused, asynchronously and synchronously, saying so', async () => {
  // A hostile or broken upstream streams more than asked: it must not fill the node's or the worker's memory.
  // In a thread of its own: the synchronous read blocks this one.
  const flood = new Worker(
    `const server = require('node:http').createServer((request, response) => {
       request.resume();
       request.on('end', () => response.end('[' + ' '.repeat(64 * 1024) + ']'));
     });
     server.listen(0, '127.0.0.1', () => require('node:worker_threads').parentPort.postMessage(server.address().port));`,
    { eval: true },
  );
  try {
    const port = await new Promise<number>((resolve) => flood.once('message', resolve));
    const upstream = new Upstream(`http://127.0.0.1:${port}${keyPath}`, 5000, 1024);
    const reason = `fork upstream http://127.0.0.1:${port}/****: eth_chainId failed: the answer is larger than 1024 bytes`;
    await assert.rejects(upstream.request('eth_chainId', []), { message: reason });
    assert.throws(() => upstream.requestSync([{ method: 'eth_chainId', params: [] }]), { message: reason });
  } finally {
    await flood.terminate();
  }
});

test('the masker hides every form of the URL secrets, short ones only where they stand alone', () => {
  const { mask, masked, headers } = upstreamEndpoint(
    `https://alice:${encodeURIComponent('p@ss word')}@node.example/v3/abc123?apikey=${accessKey}`,
  );
  assert.equal(masked, 'https://****@node.example/****');
  assert.equal(headers.Authorization, `Basic ${Buffer.from('alice:p@ss word').toString('base64')}`);
  const basic = Buffer.from('alice:p@ss word').toString('base64');
  assert.equal(
    mask(`path /v3/abc123?apikey=${accessKey}, key ${accessKey}, id abc123; xabc123 stays; p@ss word, p%40ss%20word, ${basic}; v3 stays`),
    'path ****, key ****, id ****; xabc123 stays; ****, ****, ****; v3 stays',
  );
});

describe('a fork URL from the environment (--fork-url-env), with a key in its path and Basic credentials', () => {
  const variable = 'EVM_TRACER_TEST_FORK_URL';
  const expected = `Basic ${Buffer.from(`alice:${password}`).toString('base64')}`;
  const refused: string[] = [];
  let upstream: UpstreamServer;
  let node: LocalNode;
  before(async () => {
    const answer = echoingKey(() => false);
    upstream = await upstreamServer((request, body, response) => {
      if (request.headers.authorization !== expected || request.url !== keyPath) {
        refused.push(`${request.url} ${request.headers.authorization ?? 'no credentials'}`);
        response.writeHead(401).end();
        return;
      }
      answer(request, body, response);
    });
    const url = credentialedUrl(upstream.url, { kind: 'basic', username: 'alice', password });
    node = await launchLocalNode({
      cliPath: 'dist/cli.js',
      args: ['--fork-url-env', variable, '--accounts', '0', '--hardfork', 'prague'],
      env: { [variable]: url },
    });
  });
  after(async () => {
    await node?.stop();
    await upstream?.close();
  });

  test('the node dials the upstream with the key and the credentials', async () => {
    assert.equal(await rpcResult(node.url, 'eth_chainId'), '0xa86a');
    assert.equal(await rpcResult(node.url, 'eth_getBalance', [victim, 'latest']), '0x0');
    assert.deepEqual(refused, []);
  });

  // This test's processes only: other test files running meanwhile may pass the shared test secrets on purpose.
  test('no process this test started (the node, its workers) has the key or the password on its command line', () => {
    const pids = processTree(process.pid);
    assert.ok(pids.length > 1, 'the node is among the processes checked');
    for (const pid of pids) {
      let commandLine: string;
      try {
        commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      } catch {
        continue; // It ended meanwhile.
      }
      assertNoSecret(commandLine.split('\0').join(' '), `the command line of process ${pid}`);
    }
  });

  test('--fork-url-env refuses an unset variable and --fork given too', async () => {
    for (const [args, message] of [
      [['--fork-url-env', 'EVM_TRACER_TEST_UNSET'], '--fork-url-env: environment variable EVM_TRACER_TEST_UNSET is not set'],
      [['--fork-url-env', 'PATH', '--fork', 'http://127.0.0.1:1/'], 'give either --fork or --fork-url-env, not both'],
    ] as const) {
      const run = await runNode([...args]);
      assert.equal(run.status, 2, run.stderr);
      assert.equal(run.stderr.split('\n')[0], `evm-tracer node: ${message}`);
    }
  });
});
