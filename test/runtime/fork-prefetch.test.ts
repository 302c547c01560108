// Fork mode at real-world latency: a transaction touching 320 slots across 41 accounts, traced through a
// latency proxy (20 ms a request, counting them) in front of anvil and of geth. The first trace fetches its
// state in a few round trips (prestateTracer; eth_createAccessList where that is refused) and gives the same
// result as reading everything lazily; a second trace needs no upstream request, in the same node or in
// another sharing the cache folder, and still answers with the upstream stopped.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { LocalNode } from '../../core/local-node-launcher';
import { devAccounts } from '../../runtime/chain/dev-accounts';
import {
  deployWorkload,
  signedSender,
  slotsPerStore,
  storageTracer,
  storeCount,
  unlockedSender,
  type ForkWorkload,
  type Sender,
} from '../support/fork-workload';
import { startLatencyProxy, type LatencyProxy } from '../support/latency-proxy';
import { anvilAvailable, startAnvil } from '../support/nodes/anvil';
import type { RunningNode } from '../support/nodes/process';
import { startGethDev } from '../support/reference/geth';
import { referenceSkip, requireReferenceTools } from '../support/reference/tools';
import { call, rpc, spawnNodeWithOutput, startNode, waitFor } from './node-helpers';

const latencyMs = 20;
/** Providers that serve no tracers; and, for the lazy reference, none that refuse eth_createAccessList too. */
const noTracers = /^debug_trace/;
const noPrefetch = /^(debug_trace|eth_createAccessList$)/;

interface TraceResult {
  count: number;
  reads: string[];
}

function forkAtLatency(
  name: string,
  skip: string | false,
  startUpstream: () => Promise<{ upstream: RunningNode; sender: Sender }>,
  ownResult: boolean,
) {
  describe(`fork mode at ${latencyMs} ms from ${name}: a transaction touching ${storeCount * slotsPerStore} slots`, { skip }, () => {
    let upstream: RunningNode;
    let workload: ForkWorkload;
    const proxies: LatencyProxy[] = [];
    const nodes: LocalNode[] = [];
    const folders: string[] = [];
    let cacheDir: string;
    let withTracers: { proxy: LatencyProxy; node: LocalNode };
    let lazyResult: { tx: TraceResult; call: TraceResult };
    const txConfig = { tracer: storageTracer };

    /** A fork node through a new proxy, or through `shared` (the cache is per upstream URL). */
    const forkThrough = async (refuse: RegExp | undefined, cacheArgs: string[], delayMs = latencyMs, shared?: LatencyProxy) => {
      const proxy = shared ?? (await startLatencyProxy(upstream.url, delayMs, refuse));
      if (!shared) proxies.push(proxy);
      const node = await startNode(['--fork', proxy.url, '--accounts', '0', ...cacheArgs]);
      nodes.push(node);
      proxy.reset();
      return { proxy, node };
    };
    const newCache = () => {
      const dir = mkdtempSync(join(tmpdir(), 'evm-tracer-fork-cache-'));
      folders.push(dir);
      return dir;
    };
    const traceTx = (node: LocalNode) => call<TraceResult>(node.url, 'debug_traceTransaction', [workload.txHash, txConfig]);
    const traceCall = (node: LocalNode, data = workload.call.data) =>
      call<TraceResult>(node.url, 'debug_traceCall', [{ ...workload.call, data }, 'latest', txConfig]);

    before(async () => {
      const started = await startUpstream();
      upstream = started.upstream;
      workload = await deployWorkload(started.sender);
      const lazy = await forkThrough(noPrefetch, ['--no-cache'], 0);
      lazyResult = { tx: await traceTx(lazy.node), call: await traceCall(lazy.node) };
      cacheDir = newCache();
      withTracers = await forkThrough(undefined, ['--cache-dir', cacheDir]);
    });
    after(async () => {
      for (const node of nodes) await node.stop();
      for (const proxy of proxies) await proxy.close();
      await upstream?.stop();
      for (const dir of folders) rmSync(dir, { recursive: true, force: true });
    });

    test('read lazily, the trace sees every slot and takes a round trip for nearly each', async () => {
      assert.equal(lazyResult.tx.count, storeCount * slotsPerStore);
      assert.equal(lazyResult.tx.reads.length, storeCount * slotsPerStore + 2);
      assert.deepEqual(
        lazyResult.call.reads,
        lazyResult.tx.reads.map((read) => read),
        'the call reads what the transaction read',
      );
      if (ownResult)
        assert.deepEqual(
          lazyResult.tx,
          await call(upstream.url, 'debug_traceTransaction', [workload.txHash, txConfig]),
          `${name}'s own answer`,
        );
    });

    test('with prestateTracer: the transaction in at most 5 round trips, the call too, results as read lazily', async () => {
      const { proxy, node } = withTracers;
      assert.deepEqual(await traceTx(node), lazyResult.tx);
      const txTrips = proxy.requests.length;
      assert.ok(txTrips <= 5, `${txTrips} round trips: ${JSON.stringify(proxy.requests.map((r) => r.slice(0, 3)))}`);
      assert.ok(
        proxy.requests.some((methods) => methods.includes('debug_traceBlockByHash')),
        'the block was prefetched with prestateTracer',
      );
      proxy.reset();
      assert.deepEqual(await traceCall(node), lazyResult.call);
      assert.ok(proxy.requests.length <= 5, `${proxy.requests.length} round trips for the call`);
      assert.ok(proxy.requests.some((methods) => methods.includes('debug_traceCall')));
    });

    test('without tracers upstream: eth_createAccessList, at most 10 round trips, results as read lazily', async () => {
      const { proxy, node } = await forkThrough(noTracers, ['--cache-dir', newCache()]);
      assert.deepEqual(await traceTx(node), lazyResult.tx);
      assert.ok(proxy.requests.length <= 10, `${proxy.requests.length} round trips for the transaction`);
      assert.ok(proxy.requests.some((methods) => methods.includes('eth_createAccessList')));
      proxy.reset();
      assert.deepEqual(await traceCall(node), lazyResult.call);
      assert.ok(proxy.requests.length <= 10, `${proxy.requests.length} round trips for the call`);
    });

    test('a second trace makes no upstream request, in this node and in another sharing the cache folder', async () => {
      const { proxy, node } = withTracers;
      proxy.reset();
      assert.deepEqual(await traceTx(node), lazyResult.tx);
      assert.deepEqual(await traceCall(node), lazyResult.call);
      assert.deepEqual(proxy.requests, []);
      const other = await forkThrough(undefined, ['--cache-dir', cacheDir], latencyMs, proxy);
      assert.deepEqual(await traceTx(other.node), lazyResult.tx);
      assert.deepEqual(await traceCall(other.node), lazyResult.call);
      assert.deepEqual(other.proxy.requests, [], 'the other node found it all in the cache');
    });

    test('two nodes filling one cache at once both answer, and the cache stays whole', async () => {
      const half = '0x' + workload.call.data.slice(2, 2 + 64 * (storeCount / 2));
      const other = await forkThrough(undefined, ['--cache-dir', cacheDir], latencyMs, withTracers.proxy);
      const [ours, theirs] = await Promise.all([traceCall(withTracers.node, half), traceCall(other.node, half)]);
      assert.deepEqual(ours, theirs);
      assert.equal(ours.count, (storeCount / 2) * slotsPerStore);
      const folder = readdirSync(join(cacheDir, 'fork-v2'), { withFileTypes: true }).find((entry) => entry.isDirectory())!.name;
      for (const file of readdirSync(join(cacheDir, 'fork-v2', folder))) {
        assert.doesNotThrow(() => JSON.parse(readFileSync(join(cacheDir, 'fork-v2', folder, file), 'utf8')), file);
      }
    });

    test('with the upstream stopped, the traces answer as before', async () => {
      await withTracers.proxy.close();
      assert.deepEqual(await traceTx(withTracers.node), lazyResult.tx);
      assert.deepEqual(await traceCall(withTracers.node), lazyResult.call);
    });
  });
}

forkAtLatency(
  'anvil',
  anvilAvailable() ? false : 'anvil binary not installed (test/setup/nodes.mjs installs it)',
  async () => {
    const upstream = await startAnvil();
    return { upstream, sender: await unlockedSender(upstream.url) };
  },
  false,
);
forkAtLatency(
  'geth',
  referenceSkip(),
  async () => {
    requireReferenceTools();
    const signer = devAccounts(1)[0];
    const upstream = await startGethDev({ withoutForks: ['bogotaTime'], fund: [signer.address] });
    return { upstream, sender: signedSender(upstream.url, signer) };
  },
  true,
);

describe('fork mode waiting on a slow upstream', { skip: anvilAvailable() ? false : 'anvil binary not installed' }, () => {
  const key = 'k3yInThePath9f8e7d6c';
  let upstream: RunningNode;
  let workload: ForkWorkload;
  let proxy: LatencyProxy;
  let node: Awaited<ReturnType<typeof spawnNodeWithOutput>>;
  let cacheDir: string;

  before(async () => {
    upstream = await startAnvil();
    workload = await deployWorkload(await unlockedSender(upstream.url));
    // Nothing prefetched: every read waits on the upstream.
    proxy = await startLatencyProxy(upstream.url, latencyMs, noPrefetch);
    cacheDir = mkdtempSync(join(tmpdir(), 'evm-tracer-fork-cache-'));
    node = await spawnNodeWithOutput(['--fork', `${proxy.url}/v3/${key}`, '--accounts', '0', '--cache-dir', cacheDir], {
      EVM_TRACER_FORK_PROGRESS: 'lines',
    });
  });
  after(async () => {
    await node?.stop();
    await proxy?.close();
    await upstream?.stop();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  test("the time-out covers waiting on the upstream, as geth's wall-clock one does, and the fetching stops with it", async () => {
    // Reads of fresh addresses, each a round trip of at least 20 ms, without end: only the 300 ms time-out stops them.
    const tracer = `{ step: function() {}, fault: function() {}, result: function(ctx, db) {
      for (var i = 0; ; i++) db.getBalance(toAddress('0x' + (0x5000000 + i).toString(16))); } }`;
    proxy.reset();
    const reply = await rpc(node.url, 'debug_traceCall', [{ to: workload.hub, data: '0x' }, 'latest', { tracer, timeout: '300ms' }]);
    assert.match(reply.error?.message ?? '', /^execution timeout/, JSON.stringify(reply));
    const atEnd = proxy.requests.length;
    // 300 ms at 20 ms a round trip: a bound that waits are not counted against would let it run on.
    assert.ok(atEnd <= 30, `${atEnd} round trips within a 300 ms time-out`);
    await new Promise((resolve) => setTimeout(resolve, 20 * latencyMs));
    assert.ok(proxy.requests.length <= atEnd + 1, `${proxy.requests.length - atEnd} requests after the time-out`);
  });

  test(
    "a fork trace's ArrayBuffers count against a memory limit, as a plain node's do (Linux); the node stays up",
    { skip: process.platform !== 'linux' && 'the memory limits of ArrayBuffers are applied on Linux only' },
    async () => {
      const hog = `{fault: function () {}, result: function () {
        var keep = []; for (var i = 0; i < 30; i++) { var b = new Uint8Array(1e8); b.fill(1); keep.push(b); } return keep.length; }}`;
      // Filling 3 GB takes seconds on a loaded machine: the time-out must not end it first.
      const reply = await rpc(node.url, 'debug_traceCall', [{ to: workload.hub, data: '0x' }, 'latest', { tracer: hog, timeout: '60s' }]);
      assert.match(reply.error?.message ?? '', /Array buffer allocation failed|memory limit/, JSON.stringify(reply));
      assert.equal(await call(node.url, 'eth_chainId'), await call(upstream.url, 'eth_chainId'));
    },
  );

  test('a trace cancelled by its client stops fetching', async () => {
    proxy.reset();
    const controller = new AbortController();
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'debug_traceCall',
      params: [workload.call, 'latest', { tracer: storageTracer }],
    });
    const trace = fetch(node.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: controller.signal,
    }).catch(() => 'cancelled');
    await waitFor('the trace to be fetching lazily', () => proxy.requests.length >= 20);
    controller.abort();
    assert.equal(await trace, 'cancelled');
    // The node has taken the cancel in (it answers again); then at most the request under way completes.
    await call(node.url, 'eth_chainId');
    const atCancel = proxy.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 20 * latencyMs));
    assert.ok(proxy.requests.length <= atCancel + 1, `${proxy.requests.length - atCancel} requests after the cancel`);
  });

  test('progress lines and the cache name no key, no path', async () => {
    // Nothing prefetched: its 320 reads at 20 ms each take longer than the default time-out of 5 s.
    await call(node.url, 'debug_traceTransaction', [workload.txHash, { tracer: storageTracer, timeout: '60s' }]);
    assert.match(node.output(), /^fork: fetched \d+ accounts?, \d+ slots? in \d+ round trips?$/m);
    assert.ok(!node.output().includes(key), 'the output names the key');
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
      );
    const cached = files(cacheDir);
    assert.ok(cached.length > 0);
    for (const file of cached) {
      assert.ok(!file.includes(key) && !file.includes('/v3'), file);
      const text = readFileSync(file, 'utf8');
      // The port with its colon: its digits alone turn up in hex by chance.
      assert.ok(!text.includes(key) && !text.includes(`:${proxy.port}`), `${file} names the key or the upstream`);
    }
  });
});
