// Fork mode walking upstream blocks in order, as `trace range` does (each block by number without its
// transactions, then traced by hash), against geth v1.17.5 --dev with 40 blocks of mixed transactions through
// a counting proxy: the blocks are read ahead and their state prefetched in batches, so the upstream gets
// fewer requests than there are blocks (it got about three per block before), and every answer is still
// geth's own: the block as geth gives it without transactions, the traces as geth's debug_traceBlockByHash.
// Deployments' accounts and the slots their init code stores come with the prefetch, not read mid-trace. A block
// read ahead that is not a block with its transactions is not kept: the request for it goes upstream.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { devAccounts } from '../../runtime/chain/dev-accounts';
import type { LocalNode } from '../../core/local-node-launcher';
import { startLatencyProxy, type LatencyProxy } from '../support/latency-proxy';
import { processTree, stopAll, type RunningNode } from '../support/nodes/process';
import { buildRangeChain } from '../support/range-chain';
import { startGethDev } from '../support/reference/geth';
import { referenceSkip, requireReferenceTools } from '../support/reference/tools';
import { call, startNode } from './node-helpers';

const hex = (n: number) => `0x${n.toString(16)}`;
const traceConfig = { tracer: 'callTracer', tracerConfig: { withLog: true } };

describe('fork mode reads blocks asked in order ahead', { skip: referenceSkip() }, () => {
  const signer = devAccounts(1)[0];
  let geth: RunningNode;
  let proxy: LatencyProxy;
  let head = 0;
  const pids: number[] = [];
  const nodes: LocalNode[] = [];

  before(async () => {
    requireReferenceTools();
    geth = await startGethDev({ withoutForks: ['bogotaTime'], fund: [signer.address], archive: true });
    pids.push(...processTree(geth.pid));
    head = await buildRangeChain(geth.url, signer, { blocks: 40, fork: 'osaka', setCode: true, seed: 7 });
    proxy = await startLatencyProxy(geth.url, 0);
  });

  after(async () => {
    for (const node of nodes) await node.stop();
    await proxy?.close();
    await stopAll(pids, 'geth', geth);
  });

  const forkNode = async () => {
    const node = await startNode(['--fork', proxy.url, '--accounts', '0', '--no-cache']);
    nodes.push(node);
    return node;
  };

  test("blocks 1..head in order: fewer upstream requests than blocks, and geth's own answers", async () => {
    const node = await forkNode();
    proxy.reset();
    let traced = 0;
    for (let n = 1; n <= head; n++) {
      const block = await call<{ hash: string; transactions: string[] }>(node.url, 'eth_getBlockByNumber', [hex(n), false]);
      assert.deepEqual(block, await call(geth.url, 'eth_getBlockByNumber', [hex(n), false]), `block ${n}`);
      if (block.transactions.length === 0) continue;
      traced++;
      assert.deepEqual(
        await call(node.url, 'debug_traceBlockByHash', [block.hash, traceConfig]),
        await call(geth.url, 'debug_traceBlockByHash', [block.hash, traceConfig]),
        `block ${n}'s traces`,
      );
    }
    assert.ok(traced >= 20, `${traced} blocks with transactions`);
    const requests = proxy.requests.length;
    assert.ok(requests < head, `${requests} upstream requests for ${head} blocks`);
  });

  test('deployments whose init code stores: their accounts and slots come with the prefetch, none is read mid-trace', async () => {
    const node = await forkNode();
    // The chain's first nine transactions deploy the contracts (the chain probe's init code stores a slot).
    const setup: number[] = [];
    for (let n = 1, count = 0; count < 9; n++) {
      count += (await call<{ transactions: string[] }>(geth.url, 'eth_getBlockByNumber', [hex(n), false])).transactions.length;
      setup.push(n);
    }
    proxy.reset();
    for (const n of setup)
      assert.deepEqual(
        await call(node.url, 'debug_traceBlockByNumber', [hex(n), traceConfig]),
        await call(geth.url, 'debug_traceBlockByNumber', [hex(n), traceConfig]),
      );
    // A lazy read is a request of an account's three reads or of one slot, alone.
    const lazy = proxy.requests.filter((methods) =>
      methods.every((method) => /^eth_get(Balance|TransactionCount|Code|StorageAt)$/.test(method)),
    );
    assert.deepEqual(lazy, [], `blocks ${setup.join(', ')}`);
  });

  test('a block read ahead that is not a block with its transactions is not kept: asked for, it comes from the upstream', async () => {
    const node = await forkNode();
    // Block 12 with its transactions comes back without them: the blocks around it are read ahead as they are.
    proxy.alter = (rpcCall, answer) =>
      rpcCall.method === 'eth_getBlockByNumber' && rpcCall.params[0] === hex(12) && rpcCall.params[1] === true
        ? { ...answer, result: { ...(answer.result as object), transactions: ['0x00'] } }
        : answer;
    try {
      for (let n = 10; n <= 14; n++) {
        const block = await call<{ hash: string }>(node.url, 'eth_getBlockByNumber', [hex(n), false]);
        assert.deepEqual(block, await call(geth.url, 'eth_getBlockByNumber', [hex(n), false]), `block ${n}`);
        assert.deepEqual(
          await call(node.url, 'debug_traceBlockByHash', [block.hash, traceConfig]),
          await call(geth.url, 'debug_traceBlockByHash', [block.hash, traceConfig]),
          `block ${n}'s traces`,
        );
      }
    } finally {
      proxy.alter = undefined;
    }
  });
});
