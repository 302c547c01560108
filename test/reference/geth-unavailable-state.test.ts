// A fork of a geth that no longer has an old block's state (path scheme with one block of state history, more
// than its 128 in-memory layers mined since): tracing a transaction of that block must fail, as on geth,
// rather than run on a state read as empty (the sender's balance 0).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { devAccounts } from '../../runtime/chain/dev-accounts';
import { processTree, stopAll, type RunningNode } from '../support/nodes/process';
import { startGethDev } from '../support/reference/geth';
import { signTx } from '../support/reference/signed-tx';
import { referenceSkip, requireReferenceTools } from '../support/reference/tools';
import { call, rpc, spawnNodeWithOutput, waitForReceipt } from '../runtime/node-helpers';

describe('a fork of a geth without the old state', { skip: referenceSkip() }, () => {
  const signer = devAccounts(11)[10];
  let geth: RunningNode;
  let fork: Awaited<ReturnType<typeof spawnNodeWithOutput>>;
  let oldTx: string;
  const pids: number[] = [];

  before(async () => {
    requireReferenceTools();
    geth = await startGethDev({
      withoutForks: ['bogotaTime'],
      fund: [signer.address],
      flags: ['--state.scheme', 'path', '--history.state', '1'],
    });
    pids.push(...processTree(geth.pid));
    // One transaction a block; 140 blocks push the first ones out of the 128 layers geth keeps in memory.
    const hashes: string[] = [];
    for (let i = 0; i < 140; i++) {
      const raw = await signTx(geth.url, signer, { to: '0x00000000000000000000000000000000000000aa', value: 1n, gas: 21_000n, tip: 1n });
      hashes.push(await call<string>(geth.url, 'eth_sendRawTransaction', [raw]));
    }
    await waitForReceipt(geth.url, hashes.at(-1)!);
    oldTx = hashes[1];
    fork = await spawnNodeWithOutput(['--fork', geth.url, '--no-cache']);
    pids.push(fork.pid);
  });
  after(() => stopAll(pids, 'geth and the fork', fork, geth));

  test("debug_traceTransaction of an old block's transaction: an error saying the state is not available, as geth", async () => {
    const tracer = '{fault: function() {}, result: function(ctx, db) { return db.getBalance(ctx.from).toString(); }}';
    for (const config of [{ tracer }, { tracer: 'callTracer' }, { tracer: 'prestateTracer' }]) {
      const theirs = await rpc(geth.url, 'debug_traceTransaction', [oldTx, config]);
      assert.deepEqual(theirs.error, { code: -32000, message: 'historical state is not available' });
      const ours = await rpc(fork.url, 'debug_traceTransaction', [oldTx, config]);
      assert.equal(ours.error?.code, -32000, JSON.stringify(ours));
      assert.match(
        ours.error.message,
        /^(?:tracing failed: )?fork upstream http:\/\/127\.0\.0\.1:\d+: eth_getBalance failed: historical state [0-9a-f]+ is not available/,
      );
    }
  });
});
