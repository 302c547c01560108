// Reading a node's latest transactions and its seed for the Trace Transaction picker: from the seeded local
// node, and bounded against a node that answers too much or nonsense.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { transactionNotFound } from '../../core/chain/not-found';
import { recentTransactions } from '../../core/chain/recent-transactions';
import { readSeedInfo } from '../../core/chain/seed-info';
import type { LocalNode } from '../../core/local-node-launcher';
import { createRpcClient, type RpcClient } from '../../core/rpc/client';
import { startNode } from './node-helpers';

let node: LocalNode;
let client: RpcClient;

before(async () => {
  node = await startNode(['--seed', 'examples']);
  client = createRpcClient({ name: 'local', url: node.url, auth: { kind: 'none' } });
});

after(async () => {
  await client?.close();
  await node?.stop();
});

test('the latest transactions come newest first with status, selector and block, within the limits', async () => {
  const scan = await recentTransactions(client, { blocks: 24, transactions: 25 });
  assert.equal(scan.head, 12n);
  assert.equal(scan.oldest, 0n);
  assert.equal(scan.transactions.length, 12);
  assert.deepEqual(
    scan.transactions.slice(0, 5).map((tx) => [tx.block, tx.status, tx.selector]),
    [
      [12n, 'failed', '0x42966c68'], // burn(uint256): out of gas
      [11n, 'success', '0x2b85ba38'], // deploy(bytes32)
      [10n, 'failed', '0xa9059cbb'], // transfer: reverted
      [9n, 'success', '0x58b4e548'], // route(address,address,uint256)
      [8n, 'success', '0xa9059cbb'], // transfer
    ],
  );
  const creation = scan.transactions.at(-1)!;
  assert.deepEqual([creation.block, creation.to], [1n, null]);
  const few = await recentTransactions(client, { blocks: 3, transactions: 25 });
  assert.deepEqual([few.oldest, few.transactions.length], [10n, 3]);
  assert.equal((await recentTransactions(client, { blocks: 24, transactions: 2 })).transactions.length, 2);
});

test('the seed info names the contracts and the example transactions', async () => {
  const seed = await readSeedInfo(client);
  assert.equal(seed.seed, 'examples');
  const scan = await recentTransactions(client);
  const router = seed.contracts.find((contract) => contract.name === 'Router')!;
  const routed = scan.transactions.find((tx) => tx.to === router.address)!;
  assert.equal(seed.titles.get(routed.hash), 'nested CALL → DELEGATECALL → STATICCALL');
});

/** A node answering `answer(method, params)` to everything. */
async function fakeNode(
  answer: (method: string, params: unknown[]) => unknown,
): Promise<{ url: string; server: Server; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const { id, method, params } = JSON.parse(body) as { id: number; method: string; params: unknown[] };
      requests.push(method);
      const result = answer(method, params);
      response.setHeader('content-type', 'application/json');
      response.end(
        result instanceof Error
          ? JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32601, message: result.message } })
          : JSON.stringify({ jsonrpc: '2.0', id, result }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, requests };
}

test('a hostile node: a huge head, oversized blocks and malformed entries are bounded and skipped', async () => {
  const good = { hash: '0x' + 'ab'.repeat(32), from: '0x' + '11'.repeat(20), to: '0x' + '22'.repeat(20), input: '0xa9059cbb00' };
  const fake = await fakeNode((method) => {
    if (method === 'eth_blockNumber') return '0x' + 'f'.repeat(64);
    if (method === 'eth_getBlockByNumber') {
      return { transactions: [good, { hash: 'not a hash', from: good.from }, { ...good, to: '<script>' }, 42, ...Array(5000).fill(good)] };
    }
    if (method === 'eth_getTransactionReceipt') return { status: 'weird' };
    return new Error(`the method ${method} does not exist/is not available`);
  });
  const hostile = createRpcClient({ name: 'hostile', url: fake.url, auth: { kind: 'none' } });
  try {
    const scan = await recentTransactions(hostile, { blocks: 5, transactions: 7 });
    assert.equal(scan.transactions.length, 7);
    assert.ok(scan.transactions.every((tx) => tx.hash === good.hash && tx.status === undefined && tx.selector === '0xa9059cbb'));
    // One batch of blocks (the first already held enough), then the seven receipts.
    assert.equal(fake.requests.filter((method) => method === 'eth_getBlockByNumber').length, 4);
    assert.equal(fake.requests.filter((method) => method === 'eth_getTransactionReceipt').length, 7);
    assert.deepEqual(await readSeedInfo(hostile), { seed: 'unknown', contracts: [], titles: new Map() });
  } finally {
    await hostile.close();
    fake.server.close();
  }
});

test('a not-found hash is explained for what this node is', () => {
  const hash = '0x' + '12'.repeat(32);
  assert.match(
    transactionNotFound(hash, { nodeName: 'Local', local: true, head: 0n }),
    /its chain is empty \(block 0; evmTracer\.localNode\.seed is "empty"\)/,
  );
  assert.match(
    transactionNotFound(hash, { nodeName: 'Local', local: true, head: 12n }),
    /only what it mined since it started \(blocks 0–12\)/,
  );
  const remote = transactionNotFound(hash, { nodeName: 'fuji', local: false, chainId: 43113 });
  assert.match(
    remote,
    /^Transaction 0x1212…1212 is not known to "fuji" \(chain 43113\)\. It may be on another network, not mined yet, or older than this node keeps/,
  );
});
