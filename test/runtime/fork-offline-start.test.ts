// A fork node starting with its upstream down (runtime/node/fork-start.ts): a transaction and a call traced
// through a fork of anvil, then, with the upstream stopped, a new node on the same cache folder (started as
// the extension's debug runs start theirs) answers them byte for byte, and `evm-tracer trace` on it prints
// what it printed before. What the cache lacks fails with the upstream's error and what was missing; a
// hostile start record, header or rules file is ignored; an upstream that answers (HTTP 401, a JSON-RPC
// error) is not taken for one that is down; no key reaches a cache file or the output. (Files not sealed by
// this install: test/runtime/fork-cache-hostile.test.ts.)
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { devAccounts } from '../../runtime/chain/dev-accounts';
import { openForkCache } from '../../runtime/state/fork-cache';
import { deployWorkload, storageTracer, unlockedSender, type ForkWorkload } from '../support/fork-workload';
import { startLatencyProxy, type LatencyProxy } from '../support/latency-proxy';
import { anvilAvailable, startAnvil } from '../support/nodes/anvil';
import type { RunningNode } from '../support/nodes/process';
import { runCli } from '../support/run-cli';
import { writeSealed } from '../support/sealed-cache-file';
import { call, post, runNode, spawnNodeWithOutput } from './node-helpers';

const key = 'offl1neK3y9f8e7d6c';
/** anvil's chain id as test/support/nodes/anvil.ts starts it. */
const chainId = 43114;
const urlVariable = 'EVM_TRACER_FORK_URL';
const devAccount = devAccounts(1)[0].address;

/** What a node answered, as sent: compared byte for byte. */
interface Answers {
  tx: string;
  call: string;
  chainId: string;
  nonce: string;
  cliTrace: string;
}

describe('a fork node starting with its upstream down', { skip: anvilAvailable() ? false : 'anvil binary not installed' }, () => {
  let upstream: RunningNode;
  let workload: ForkWorkload;
  let proxy: LatencyProxy;
  let forkUrl: string;
  let forkBlock: bigint;
  let online: Answers;
  const folders: string[] = [];
  const newFolder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'evm-tracer-offline-'));
    folders.push(dir);
    return dir;
  };
  let cacheDir: string;
  /** Where the start record and the chain's folder of this upstream are in a cache folder (relative to it). */
  let recordPlace: string;
  let folderPlace: string;

  const answers = async (url: string): Promise<Answers> => {
    const raw = async (method: string, params: unknown[]) =>
      (await post(url, JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }))).text;
    const cli = await runCli(['trace', 'tx', workload.txHash, '--tracer', 'callTracer', '--node', url]);
    assert.equal(cli.status, 0, cli.stderr);
    return {
      tx: await raw('debug_traceTransaction', [workload.txHash, { tracer: storageTracer }]),
      call: await raw('debug_traceCall', [workload.call, 'latest', { tracer: storageTracer }]),
      chainId: await raw('eth_chainId', []),
      nonce: await raw('eth_getTransactionCount', [devAccount, 'latest']),
      cliTrace: cli.stdout,
    };
  };
  /** A fork node as the extension's debug runs start one: the URL from the environment, at the upstream's latest. */
  const startFork = (dir: string, args: string[] = []) =>
    spawnNodeWithOutput(['--fork-url-env', urlVariable, '--cache-dir', dir, ...args], { [urlVariable]: forkUrl });
  /** `evm-tracer node --fork` that must fail to start: its status and stderr. */
  const failedStart = async (dir: string, args: string[] = []) => {
    const run = await runNode(['--fork', forkUrl, '--cache-dir', dir, ...args]);
    assert.notEqual(run.status, 0, `the node started:\n${run.stderr}`);
    assert.ok(!run.stderr.includes(key), 'the error names the key');
    return run.stderr;
  };
  const refused = String.raw`fork upstream http://127\.0\.0\.1:\d+/\*\*\*\*: eth_chainId failed: the connection was refused: nothing listens on that host and port`;

  before(async () => {
    upstream = await startAnvil();
    workload = await deployWorkload(await unlockedSender(upstream.url));
    forkBlock = BigInt(await call<string>(upstream.url, 'eth_blockNumber'));
    proxy = await startLatencyProxy(upstream.url, 0);
    forkUrl = `${proxy.url}/v3/${key}`;
    cacheDir = newFolder();
    const node = await startFork(cacheDir);
    try {
      online = await answers(node.url);
    } finally {
      await node.stop();
    }
    // The upstream goes down: its port refuses connections.
    await proxy.close();
    const store = (await openForkCache(cacheDir, forkUrl, { warn: assert.fail }))!;
    recordPlace = relative(cacheDir, store.startRecordPath);
    folderPlace = relative(cacheDir, store.chain(chainId).folder);
  });
  after(async () => {
    await upstream?.stop();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  test('a new node starts from the cache, says so, and answers as the node that ran online, byte for byte', async () => {
    assert.match(online.tx, /"result":\{"count":320,/);
    assert.notEqual(JSON.parse(online.nonce).result, '0x0', 'the dev account has an upstream nonce');
    const node = await startFork(cacheDir);
    try {
      assert.deepEqual(await answers(node.url), online);
      const output = node.output();
      assert.match(
        output,
        new RegExp(
          String.raw`^fork: upstream unreachable \(the connection was refused: nothing listens on that host and port\); starting from the cached block #${forkBlock}$`,
          'm',
        ),
      );
      assert.match(output, /^fork: the upstream's rules come from the upstream's anvil_nodeInfo \(hardfork \w+\), as cached$/m);
      assert.doesNotMatch(output, /fork upstream .* failed/, 'no trace asked the upstream');
      assert.ok(!output.includes(key));
    } finally {
      await node.stop();
    }
  });

  test('an upstream that resets every connection: one attempt at the start, none for the traces', async () => {
    let connections = 0;
    // A firewall's answer (a TCP reset): the connection is counted, never served.
    const dropper = createNetServer((socket) => {
      connections++;
      socket.resetAndDestroy();
    });
    await new Promise<void>((resolve) => dropper.listen(proxy.port, '127.0.0.1', resolve));
    try {
      const node = await startFork(cacheDir);
      try {
        assert.match(
          node.output(),
          new RegExp(String.raw`^fork: upstream unreachable \(.+\); starting from the cached block #${forkBlock}$`, 'm'),
        );
        assert.equal(connections, 1, 'eth_chainId, the one request of the start');
        const { tx, call: traced } = await answers(node.url);
        assert.deepEqual({ tx, call: traced }, { tx: online.tx, call: online.call });
        assert.equal(connections, 1, 'the traces made no upstream request');
      } finally {
        await node.stop();
      }
    } finally {
      await new Promise((resolve) => dropper.close(resolve));
    }
  });

  test('a pinned block that was started at starts too; one never started at fails, naming what is missing', async () => {
    const pinned = await startFork(cacheDir, ['--fork-block', String(forkBlock)]);
    try {
      assert.equal(await call(pinned.url, 'eth_blockNumber'), '0x' + forkBlock.toString(16));
    } finally {
      await pinned.stop();
    }
    const stderr = await failedStart(cacheDir, ['--fork-block', String(forkBlock - 1n)]);
    assert.match(
      stderr,
      new RegExp(`${refused}; the fork cache has no header of block #${forkBlock - 1n} \\(chain id ${chainId}\\) to start from offline`),
    );
  });

  test('what the cache lacks is named: a start record, the nonce and code of more dev accounts; --no-cache fails as before', async () => {
    assert.match(
      await failedStart(newFolder()),
      new RegExp(
        `${refused}; the fork cache has no start record of this upstream \\(its chain id and last fork block\\) to start from offline`,
      ),
    );
    assert.match(
      await failedStart(cacheDir, ['--accounts', '12']),
      new RegExp(`${refused}; the fork cache has no nonce and code of every dev account at block #${forkBlock} to start from offline`),
    );
    const noCache = await runNode(['--fork', forkUrl, '--no-cache']);
    assert.notEqual(noCache.status, 0);
    assert.match(noCache.stderr, new RegExp(refused));
    assert.doesNotMatch(noCache.stderr, /fork cache/);
  });

  test('a hostile start record, header or rules file is ignored, even one sealed by this install', async () => {
    const tampered = async (change: (dir: string, record: string, folder: string) => void | Promise<void>) => {
      const dir = newFolder();
      cpSync(cacheDir, dir, { recursive: true });
      await change(dir, join(dir, recordPlace), join(dir, folderPlace));
      return failedStart(dir);
    };
    const record = readFileSync(join(cacheDir, recordPlace), 'utf8');
    assert.deepEqual(JSON.parse(record).value, { chainId, block: '0x' + forkBlock.toString(16) });
    const noRecord = /the fork cache has no start record of this upstream/;
    assert.match(await tampered((_, path) => writeFileSync(path, record.slice(0, -3))), noRecord, 'truncated');
    assert.match(await tampered((dir, path) => writeSealed(dir, path, { chainId: '1e400', block: '0x1' })), noRecord);
    assert.match(
      await tampered((dir, path) => {
        const elsewhere = join(dir, 'elsewhere.json');
        writeFileSync(elsewhere, record);
        rmSync(path);
        symlinkSync(elsewhere, path);
      }),
      noRecord,
      'a link is not followed',
    );
    assert.match(
      await tampered((dir, path) => writeSealed(dir, path, { chainId: 1, block: '0x' + forkBlock.toString(16) })),
      new RegExp(`the fork cache has no header of block #${forkBlock} \\(chain id 1\\)`),
      'another chain id reads another folder, which has nothing',
    );
    const header = JSON.parse(readFileSync(join(cacheDir, folderPlace, `header-${forkBlock}.json`), 'utf8')).value;
    assert.match(
      await tampered((dir, __, folder) => writeSealed(dir, join(folder, `header-${forkBlock}.json`), { ...header, number: '0x1' })),
      new RegExp(`the fork cache has no header of block #${forkBlock}`),
      'a header of another block',
    );
    const rules = JSON.parse(readFileSync(join(cacheDir, folderPlace, 'rules.json'), 'utf8')).value;
    const noRules = new RegExp(`the fork cache has no rules of chain id ${chainId}`);
    assert.match(
      await tampered((dir, __, folder) =>
        writeSealed(dir, join(folder, 'rules.json'), { ...rules, config: { ...rules.config, chainId: 1 } }),
      ),
      noRules,
      'rules of another chain',
    );
    assert.match(
      await tampered((dir, __, folder) => writeSealed(dir, join(folder, 'rules.json'), { ...rules, source: 'x\u001b[2Jy' })),
      noRules,
      'a source with terminal escapes',
    );
  });

  test('an upstream that answers with HTTP 401 or a JSON-RPC error is not down: the start fails with its answer', async () => {
    let reply = (response: import('node:http').ServerResponse) => response.writeHead(401).end('no key, no service');
    const server: Server = createServer((_, response) => reply(response));
    await new Promise<void>((resolve) => server.listen(proxy.port, '127.0.0.1', resolve));
    try {
      const unauthorised = await failedStart(cacheDir);
      assert.match(unauthorised, /eth_chainId failed: HTTP 401: no key, no service/);
      assert.doesNotMatch(unauthorised, /fork cache|starting from the cached block/);
      reply = (response) =>
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify([{ jsonrpc: '2.0', id: 0, error: { code: -32005, message: 'rate limit exceeded' } }]));
      const limited = await failedStart(cacheDir);
      assert.match(limited, /eth_chainId failed: .*rate limit exceeded/);
      assert.doesNotMatch(limited, /fork cache|starting from the cached block/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test('an upstream that drops the connection part-way through the start (finding its rules) is down: the start goes on from the cache', async () => {
    const methods: string[] = [];
    const server: Server = createServer(async (request, response) => {
      let body = '';
      for await (const chunk of request) body += chunk;
      methods.push(...(JSON.parse(body) as Array<{ method: string }>).map((item) => item.method));
      // The genesis block is what the rules are found by: the upstream goes away there.
      if (body.includes('["0x0",false]')) return request.socket.destroy();
      const reply = await fetch(upstream.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      response.writeHead(200, { 'content-type': 'application/json' }).end(await reply.text());
    });
    await new Promise<void>((resolve) => server.listen(proxy.port, '127.0.0.1', resolve));
    try {
      const node = await startFork(cacheDir);
      try {
        assert.deepEqual(methods.slice(0, 3), ['eth_chainId', 'eth_blockNumber', 'eth_getBlockByNumber']);
        assert.match(
          node.output(),
          new RegExp(String.raw`^fork: upstream unreachable \(.+\); starting from the cached block #${forkBlock}$`, 'm'),
        );
        assert.equal(
          (await post(node.url, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }))).text,
          online.chainId,
        );
      } finally {
        await node.stop();
      }
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test('no cache file names the key, the path or the upstream', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
      );
    const cached = files(cacheDir);
    assert.ok(cached.some((file) => file.endsWith('rules.json')) && cached.some((file) => /fork-v2\/start-[0-9a-f]{24}\.json$/.test(file)));
    for (const file of cached) {
      const text = readFileSync(file, 'utf8');
      for (const secret of [key, '/v3', '127.0.0.1']) assert.ok(!file.includes(secret) && !text.includes(secret), `${file}: ${secret}`);
    }
  });
});

test('an upstream that closes each connection unanswered times out, even in a process with nothing else to wait on', async () => {
  // fetch may stay pending for ever then: only Upstream's own timer ends it (a starting node once exited silently).
  const closer = createNetServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => closer.listen(0, '127.0.0.1', resolve));
  const { port } = closer.address() as AddressInfo;
  const script = `const { Upstream } = require(${JSON.stringify(resolve('runtime/state/upstream.ts'))});
    new Upstream(process.argv[1], 500).request('eth_chainId', []).then(
      () => console.log('answered'),
      (error) => console.log(error.constructor.name + ': ' + error.message),
    );`;
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', script, `http://127.0.0.1:${port}/`]);
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    const [status] = (await once(child, 'close')) as [number | null];
    assert.equal(status, 0);
    assert.equal(
      stdout,
      `UpstreamUnreachable: fork upstream http://127.0.0.1:${port}: eth_chainId failed: no answer within 0.5 s (timed out; fetched so far: 0 accounts, 0 slots in 0 round trips)\n`,
    );
  } finally {
    await new Promise((resolve) => closer.close(resolve));
  }
});
