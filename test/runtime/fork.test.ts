// Fork mode against a real third-party node: anvil is the upstream. Its transaction, traced by the local
// node with an opcode-listing tracer, must list the same opcodes as anvil's own structLogs; state is read
// lazily from anvil (also synchronously, for the tracer's db), and local transactions run on top of it.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { LocalNode } from '../../core/local-node-launcher';
import { anvilAvailable, startAnvil } from '../support/nodes/anvil';
import type { RunningNode } from '../support/nodes/process';
import { call, opcodeTracer, startNode, storeAndLogInitcode, storeAndLogOps, waitForReceipt, word } from './node-helpers';

/** An HTTP proxy in front of the upstream that refuses eth_getProof and records every request body. */
async function recordingProxy(target: string): Promise<{ url: string; bodies: unknown[]; close(): Promise<void> }> {
  const bodies: unknown[] = [];
  const server: Server = createServer(async (request, response) => {
    const chunks: Uint8Array[] = [];
    for await (const chunk of request) chunks.push(chunk as Uint8Array);
    const text = Buffer.concat(chunks).toString('utf8');
    const body = JSON.parse(text) as { method?: string; id?: unknown } | Array<{ method?: string; id?: unknown }>;
    bodies.push(body);
    const items = Array.isArray(body) ? body : [body];
    if (items.some((item) => item.method === 'eth_getProof')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ jsonrpc: '2.0', id: items[0].id, error: { code: -32601, message: 'eth_getProof is not available' } }));
      return;
    }
    const upstream = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
    response.writeHead(upstream.status, { 'content-type': 'application/json' });
    response.end(await upstream.text());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe(
  'fork mode with anvil as the upstream',
  { skip: anvilAvailable() ? false : 'anvil binary not installed (test/setup/nodes.mjs installs it)' },
  () => {
    let anvil: RunningNode;
    let proxy: Awaited<ReturnType<typeof recordingProxy>>;
    let node: LocalNode;
    let deployHash: string;
    let accounts: string[];
    let contract: string;
    let storeHash: string;

    before(async () => {
      anvil = await startAnvil({ args: ['--steps-tracing'] });
      accounts = await call<string[]>(anvil.url, 'eth_accounts');
      deployHash = await call<string>(anvil.url, 'eth_sendTransaction', [{ from: accounts[0], data: storeAndLogInitcode }]);
      contract = (await waitForReceipt(anvil.url, deployHash, 100)).contractAddress!;
      storeHash = await call<string>(anvil.url, 'eth_sendTransaction', [{ from: accounts[0], to: contract, data: word(42) }]);
      assert.equal((await waitForReceipt(anvil.url, storeHash, 100)).status, '0x1');
      proxy = await recordingProxy(anvil.url);
      node = await startNode(['--fork', proxy.url]);
    });
    after(async () => {
      await node?.stop();
      await proxy?.close();
      await anvil?.stop();
    });

    test("upstream transactions traced locally list the same opcodes as anvil's structLogs", async () => {
      const anvilOps = async (hash: string) =>
        (await call<{ structLogs: Array<{ op: string }> }>(anvil.url, 'debug_traceTransaction', [hash])).structLogs.map((log) => log.op);
      const stored = await anvilOps(storeHash);
      assert.deepEqual(stored, storeAndLogOps, 'anvil itself ran the expected code');
      assert.deepEqual(await call(node.url, 'debug_traceTransaction', [storeHash, { tracer: opcodeTracer }]), stored);
      const deployed = await anvilOps(deployHash);
      assert.ok(deployed.length > 0);
      assert.deepEqual(await call(node.url, 'debug_traceTransaction', [deployHash, { tracer: opcodeTracer }]), deployed);
    });

    test('debug_traceBlockByNumber of an upstream block answers per transaction', async () => {
      const { blockNumber } = await waitForReceipt(anvil.url, storeHash, 100);
      assert.deepEqual(await call(node.url, 'debug_traceBlockByNumber', [blockNumber, { tracer: opcodeTracer }]), [
        { txHash: storeHash, result: storeAndLogOps },
      ]);
    });

    test('the upstream was read without eth_getProof, with JSON-RPC batches', () => {
      const calls = proxy.bodies.flatMap((body) => (Array.isArray(body) ? body : [body])) as Array<{ method: string }>;
      assert.ok(!calls.some((c) => c.method === 'eth_getProof'));
      assert.ok(calls.some((c) => c.method === 'eth_getStorageAt') && calls.some((c) => c.method === 'eth_getCode'));
      assert.ok(
        proxy.bodies.some((body) => Array.isArray(body) && body.length >= 3),
        'an account read travels as one batch',
      );
    });

    test("the tracer's db reads upstream accounts the EVM never touched (synchronous fetch)", async () => {
      const untouched = accounts[5];
      const tracer = `{step: function() {}, fault: function() {}, result: function(ctx, db) { return db.getBalance(toAddress("${untouched}")).toString(16); }}`;
      const balance = await call<string>(anvil.url, 'eth_getBalance', [untouched, 'latest']);
      assert.equal('0x' + (await call<string>(node.url, 'debug_traceTransaction', [storeHash, { tracer }])), balance);
    });

    test('eth_* read the upstream state lazily at the fork block', async () => {
      assert.equal(await call(node.url, 'eth_chainId'), '0xa86a', "the upstream's chain id");
      assert.equal(await call(node.url, 'eth_getStorageAt', [contract, '0x0', 'latest']), word(42));
      assert.equal(
        await call(node.url, 'eth_getBalance', [accounts[1], 'latest']),
        await call(anvil.url, 'eth_getBalance', [accounts[1], 'latest']),
      );
      assert.equal(await call(node.url, 'eth_call', [{ to: contract, data: word(9) }, 'latest']), word(9));
      const forkBlock = await call<string>(anvil.url, 'eth_blockNumber');
      assert.equal(await call(node.url, 'eth_blockNumber'), forkBlock);
    });

    test('a local transaction runs on top of the forked state and is traced locally', async () => {
      const [devAccount] = await call<string[]>(node.url, 'eth_accounts');
      assert.equal(devAccount, accounts[0], 'the same well-known test accounts as anvil');
      assert.equal(await call(node.url, 'eth_getTransactionCount', [devAccount, 'latest']), '0x2', 'its upstream nonce is kept');
      const hash = await call<string>(node.url, 'eth_sendTransaction', [{ from: devAccount, to: contract, data: word(7) }]);
      assert.equal((await waitForReceipt(node.url, hash, 100)).status, '0x1');
      assert.equal(await call(node.url, 'eth_getStorageAt', [contract, '0x0', 'latest']), word(7));
      assert.equal(await call(anvil.url, 'eth_getStorageAt', [contract, '0x0', 'latest']), word(42), 'the upstream is untouched');
      assert.deepEqual(await call(node.url, 'debug_traceTransaction', [hash, { tracer: opcodeTracer }]), storeAndLogOps);
    });

    // Last: it moves anvil past the fork point.
    test('a later transaction of an upstream block sees the earlier ones replayed', async () => {
      await call(anvil.url, 'evm_setAutomine', [false]);
      const first = await call<string>(anvil.url, 'eth_sendTransaction', [
        { from: accounts[1], to: contract, data: word(1), gas: '0x30000' },
      ]);
      const second = await call<string>(anvil.url, 'eth_sendTransaction', [
        { from: accounts[2], to: contract, data: word(2), gas: '0x30000' },
      ]);
      await call(anvil.url, 'evm_mine');
      await call(anvil.url, 'evm_setAutomine', [true]);
      const [one, two] = [await waitForReceipt(anvil.url, first, 100), await waitForReceipt(anvil.url, second, 100)];
      assert.equal(one.blockNumber, two.blockNumber, 'both in one block');
      // The slot's value when the traced transaction starts: geth replays the block's earlier transactions first.
      const before = `{pre: null, step: function(log, db) { if (this.pre === null) this.pre = toHex(db.getState(log.contract.getAddress(), toWord("0x0"))) + ""; }, fault: function() {}, result: function() { return [this.pre]; }}`;
      assert.deepEqual(await call(node.url, 'debug_traceTransaction', [second, { tracer: before }]), [word(1)]);
      assert.deepEqual(await call(node.url, 'debug_traceTransaction', [first, { tracer: before }]), [word(42)]);
    });
  },
);
