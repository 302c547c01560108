// The fork cache's folder as someone else shaped it (runtime/state/fork-cache.ts, cache-files.ts, cache-key.ts),
// with real fork nodes of anvil behind a server on 127.0.0.1 that routes by path: two upstreams on one host
// that differ only by path keep apart; a link planted at any level of the cache tree is never written through;
// a state file changed on disk is noticed and fetched again; a start record changed or planted does not start
// an offline node on another chain; and no secret of the URL reaches a name or a file, even one the upstream
// echoes in an answer.
import assert from 'node:assert/strict';
import { cpSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { accessKey, assertNoSecretStart, password, queryKey } from '../access/secrets';
import { deployWorkload, storageTracer, unlockedSender, type ForkWorkload } from '../support/fork-workload';
import { startLatencyProxy } from '../support/latency-proxy';
import { anvilAvailable, startAnvil } from '../support/nodes/anvil';
import type { RunningNode } from '../support/nodes/process';
import { call, spawnNodeWithOutput } from './node-helpers';

const urlVariable = 'EVM_TRACER_FORK_URL';
/** anvil's chain id as test/support/nodes/anvil.ts starts it, and the chain a planter would start nodes on. */
const chainId = 43114;
const plantersChain = 31337;
/** What /evil answers for every storage slot. */
const forged = 'f0'.repeat(32);

interface TraceResult {
  count: number;
  reads: string[];
}

interface RpcItem {
  id?: unknown;
  method?: string;
  result?: unknown;
}

/** Every path under `dir`, folders included, links not followed. */
function tree(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? [path, ...tree(path)] : [path];
  });
}

/**
 * A JSON-RPC server in front of `target`: under /evil its prestateTracer answers say every slot holds `forged`;
 * under /v3/ a transaction comes back with the request's path and Authorization in it, as an upstream echoing
 * its key would; elsewhere it forwards as is. `asked` lists the path of every request.
 */
async function startRouter(target: string): Promise<{ port: number; url: string; asked: string[]; close(): Promise<void> }> {
  const asked: string[] = [];
  const server: Server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    const path = request.url ?? '/';
    asked.push(path);
    const sent = JSON.parse(body) as RpcItem | RpcItem[];
    const reply = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const answers = (await reply.json()) as RpcItem | RpcItem[];
    for (const answer of [answers].flat()) {
      const method = [sent].flat().find((item) => item.id === answer.id)?.method;
      if (path.startsWith('/evil') && method === 'debug_traceCall') {
        for (const account of Object.values(answer.result as Record<string, { storage?: Record<string, string> }>)) {
          for (const slot of Object.keys(account.storage ?? {})) account.storage![slot] = '0x' + forged;
        }
      }
      if (path.startsWith('/v3/') && method === 'eth_getTransactionByHash' && answer.result) {
        (answer.result as Record<string, unknown>).echo = `${path} ${request.headers.authorization}`;
      }
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answers));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    asked,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** The cache's layout as a node left it (names relative to the cache folder): whatever the format is called. */
function layout(dir: string): { format: string; folder: string; record: string; files: string[] } {
  const [format, ...more] = readdirSync(dir);
  assert.deepEqual(more, [], 'one format folder');
  const entries = readdirSync(join(dir, format), { withFileTypes: true });
  const folder = join(format, entries.find((entry) => entry.isDirectory())!.name);
  const record = join(format, entries.find((entry) => entry.isFile() && entry.name.startsWith('start-'))!.name);
  return { format, folder, record, files: readdirSync(join(dir, folder)).map((name) => join(folder, name)) };
}

describe('a fork cache folder someone else shaped', { skip: anvilAvailable() ? false : 'anvil binary not installed' }, () => {
  let upstream: RunningNode;
  let workload: ForkWorkload;
  let router: Awaited<ReturnType<typeof startRouter>>;
  let forkBlock: bigint;
  /** The call's trace as the upstream's own state gives it. */
  let truth: TraceResult;
  const folders: string[] = [];
  const newFolder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'evm-tracer-cache-hostile-'));
    folders.push(dir);
    return dir;
  };
  /** The install's key for these nodes, not the user's. */
  let stateHome: string;

  /** A fork node of `url` (from the environment, as the extension starts them), run for `work`, then stopped. */
  const withNode = async <T>(url: string, args: string[], work: (nodeUrl: string) => Promise<T>, env: Record<string, string> = {}) => {
    const node = await spawnNodeWithOutput(['--fork-url-env', urlVariable, ...args], {
      [urlVariable]: url,
      XDG_STATE_HOME: stateHome,
      ...env,
    });
    try {
      return { result: await work(node.url), output: node.output() };
    } finally {
      await node.stop();
    }
  };
  const atForkBlock = (dir: string) => ['--cache-dir', dir, '--fork-block', String(forkBlock)];
  const traceCall = (nodeUrl: string) =>
    call<TraceResult>(nodeUrl, 'debug_traceCall', [workload.call, 'latest', { tracer: storageTracer }]);

  before(async () => {
    upstream = await startAnvil();
    workload = await deployWorkload(await unlockedSender(upstream.url));
    forkBlock = BigInt(await call<string>(upstream.url, 'eth_blockNumber'));
    router = await startRouter(upstream.url);
    stateHome = newFolder();
    ({ result: truth } = await withNode(`${router.url}/good`, ['--no-cache', '--fork-block', String(forkBlock)], traceCall));
  });
  after(async () => {
    await router?.close();
    await upstream?.stop();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  test('two upstreams on one host that differ only by path keep apart: what /evil answered never reaches /good', async () => {
    const dir = newFolder();
    const { result: poisoned } = await withNode(`${router.url}/evil`, atForkBlock(dir), traceCall);
    assert.equal(poisoned.reads[0].split('=')[1], '0x' + forged, '/evil answers its own values');
    assert.notDeepEqual(poisoned.reads, truth.reads);
    router.asked.length = 0;
    const { result } = await withNode(`${router.url}/good`, atForkBlock(dir), traceCall);
    assert.deepEqual(result, truth);
    assert.ok(router.asked.length > 0 && router.asked.every((path) => path === '/good'), '/good was asked, and only it');
  });

  test('a link planted at any level of the cache tree is never written through, and the node still works', async () => {
    const url = `${router.url}/links`;
    const genuine = newFolder();
    await withNode(url, atForkBlock(genuine), traceCall);
    const { format, folder, record, files } = layout(genuine);
    const named = (prefix: string) => files.find((file) => file.startsWith(join(folder, prefix)))!;
    /** A copy of the genuine cache with `place` (a folder or a file in it) replaced by a link to `target`. */
    const linked = (place: string, target: (outside: string) => string) => (outside: string) => {
      const dir = newFolder();
      cpSync(genuine, dir, { recursive: true });
      rmSync(join(dir, place), { recursive: true });
      symlinkSync(target(outside), join(dir, place));
      return { dir, link: join(dir, place) };
    };
    const toFolder = (outside: string) => outside;
    const toFile = (place: string) => (outside: string) => join(outside, place.split('/').at(-1)!);
    const levels: Record<string, (outside: string) => { dir: string; link: string; env?: Record<string, string> }> = {
      'the cache folder itself': (outside) => {
        const link = join(newFolder(), 'cache');
        symlinkSync(outside, link);
        return { dir: link, link };
      },
      'the format folder': linked(format, toFolder),
      "the upstream's folder": linked(folder, toFolder),
      'the start record': linked(record, toFile(record)),
      "the fork block's header": linked(named('header-'), toFile(named('header-'))),
      'the rules': linked(named('rules'), toFile(named('rules'))),
      'a state file': linked(named('state-'), toFile(named('state-'))),
      "the key's folder": (outside) => {
        const home = newFolder();
        symlinkSync(outside, join(home, 'evm-tracer'));
        return { dir: newFolder(), link: join(home, 'evm-tracer'), env: { XDG_STATE_HOME: home } };
      },
    };
    for (const [level, plant] of Object.entries(levels)) {
      const outside = newFolder();
      const { dir, link, env } = plant(outside);
      const { result, output } = await withNode(url, atForkBlock(dir), traceCall, env);
      assert.deepEqual(result, truth, `${level}: the trace`);
      assert.deepEqual(tree(outside), [], `${level}: nothing was written through the link`);
      if (lstatSync(link).isSymbolicLink()) {
        // A folder: refused, saying so.
        assert.match(output, new RegExp(`^fork cache: .*${link}: it is a symbolic link`, 'm'), level);
      } else {
        assert.ok(lstatSync(link).isFile(), `${level}: a link in place of a file is replaced when the file is written`);
      }
    }
  });

  test("a state file changed on disk is noticed, and the trace gets the upstream's values again", async () => {
    const url = `${router.url}/changed`;
    const dir = newFolder();
    await withNode(url, atForkBlock(dir), traceCall);
    const value = truth.reads[0].split('=0x')[1];
    const stateFile = layout(dir)
      .files.map((file) => join(dir, file))
      .find((path) => path.includes('/state-') && readFileSync(path, 'utf8').includes(value))!;
    writeFileSync(stateFile, readFileSync(stateFile, 'utf8').replaceAll(value, forged));
    const { result, output } = await withNode(url, atForkBlock(dir), traceCall);
    assert.deepEqual(result, truth);
    assert.match(output, new RegExp(`^fork cache: ignored ${stateFile}: it is not as this install wrote it`, 'm'));
  });

  test("a start record changed or planted does not start an offline node on the planter's chain", async () => {
    const proxy = await startLatencyProxy(upstream.url, 0);
    const url = `${proxy.url}/v3/offline`;
    const genuine = newFolder();
    await withNode(url, ['--cache-dir', genuine], async () => undefined);
    // The upstream goes down: its port refuses connections.
    await proxy.close();
    const { folder, record } = layout(genuine);
    /** The chain id an offline node on a copy of the cache, shaped by `plant`, started on; or why it did not start. */
    const offlineStart = async (plant: (dir: string) => void) => {
      const dir = newFolder();
      cpSync(genuine, dir, { recursive: true });
      plant(dir);
      return withNode(url, ['--cache-dir', dir], (nodeUrl) => call<string>(nodeUrl, 'eth_chainId')).then(
        ({ result }) => `started on chain ${Number(result)}`,
        (error: Error) => error.message,
      );
    };
    /** The planter's chain folder beside the genuine one: its files, the rules made its chain's. */
    const plantChain = (dir: string) => {
      const planted = join(dir, folder.replace(`/${chainId}-`, `/${plantersChain}-`));
      cpSync(join(dir, folder), planted, { recursive: true });
      const rules = join(planted, 'rules.json');
      writeFileSync(rules, readFileSync(rules, 'utf8').replaceAll(`"chainId":${chainId}`, `"chainId":${plantersChain}`));
    };
    assert.equal(await offlineStart(() => undefined), `started on chain ${chainId}`, 'the genuine cache starts');
    const noRecord = /the fork cache has no start record of this upstream \(its chain id and last fork block\) to start from offline/;
    const changed = await offlineStart((dir) => {
      plantChain(dir);
      const path = join(dir, record);
      writeFileSync(path, readFileSync(path, 'utf8').replace(`"chainId":${chainId}`, `"chainId":${plantersChain}`));
    });
    assert.match(changed, noRecord, 'a changed record');
    const planted = await offlineStart((dir) => {
      plantChain(dir);
      writeFileSync(join(dir, record), JSON.stringify({ chainId: plantersChain, block: '0x' + forkBlock.toString(16) }));
    });
    assert.match(planted, noRecord, 'a planted record');
  });

  test('no secret of the URL reaches a name or a file of the cache or of its key, even one the upstream echoes', async () => {
    const url = `http://alice:${password}@127.0.0.1:${router.port}/v3/${accessKey}?apikey=${queryKey}`;
    const dir = newFolder();
    const { result, output } = await withNode(url, atForkBlock(dir), async (nodeUrl) => {
      await traceCall(nodeUrl);
      return call<{ echo?: string }>(nodeUrl, 'eth_getTransactionByHash', [workload.txHash]);
    });
    assert.equal(typeof result.echo, 'string', 'the upstream echoed the path and credentials');
    assertNoSecretStart(output, "the node's output");
    assert.match(output, /^fork cache: not keeping \S+\/rpc-[0-9a-f]{64}\.json: the upstream's answer holds a secret of its URL$/m);
    const paths = [...tree(dir), ...tree(stateHome)];
    for (const path of paths) {
      assertNoSecretStart(path, 'a name');
      const text = lstatSync(path).isFile() ? readFileSync(path, 'latin1') : '';
      assertNoSecretStart(text, path);
      for (const shown of ['127.0.0.1', '/v3', 'alice']) assert.ok(!path.includes(shown) && !text.includes(shown), `${path}: ${shown}`);
    }
  });
});
