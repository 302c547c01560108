// A fork leaves the upstream's state as it is: geth --dev gives one of the node's dev accounts 0x1234567 wei,
// and on a fork of it that account's balance at the fork block, a debug_traceCall from it there (prestateTracer,
// a JS tracer's db.getBalance) are geth's own answers. The 10,000 ether a dev account gets only reach what is
// sent from it: a transfer from it is mined in the first local block (and traced again on the funded state),
// after which the fork block still reads the upstream's balance.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LocalNode } from '../../core/local-node-launcher';
import { devAccountBalance, devAccounts } from '../../runtime/chain/dev-accounts';
import type { RunningNode } from '../support/nodes/process';
import { startGethDev } from '../support/reference/geth';
import { sendSigned } from '../support/reference/signed-tx';
import { referenceSkip, requireReferenceTools } from '../support/reference/tools';
import { call, startNode, waitForReceipt } from './node-helpers';

const upstreamBalance = '0x1234567';
const [fundedAccount, otherAccount, thirdAccount] = devAccounts(3);
const [funded, other, third] = [fundedAccount.address, otherAccount.address, thirdAccount.address];
const balanceTracer = `{step: function() {}, fault: function() {}, result: function(ctx, db) { return db.getBalance(ctx.from).toString(16); }}`;

describe('fork mode: the dev accounts keep the upstream balances of the fork block', { skip: referenceSkip() }, () => {
  let geth: RunningNode;
  let node: LocalNode;
  let forkBlock: string;

  before(async () => {
    requireReferenceTools();
    // The other dev account is funded at geth's genesis and pays the one under test its few wei.
    geth = await startGethDev({ withoutForks: ['bogotaTime'], fund: [other] });
    forkBlock = (await sendSigned(geth.url, otherAccount, { to: funded, value: BigInt(upstreamBalance) })).blockNumber;
    node = await startNode(['--fork', geth.url, '--fork-block', String(Number(forkBlock))]);
  });
  after(async () => {
    await node?.stop();
    await geth?.stop();
  });

  test("eth_getBalance of a dev account at the fork block is the upstream's", async () => {
    assert.equal(await call(geth.url, 'eth_getBalance', [funded, forkBlock]), upstreamBalance);
    assert.equal(await call(node.url, 'eth_getBalance', [funded, forkBlock]), upstreamBalance);
    assert.equal(await call(node.url, 'eth_getBalance', [funded, 'latest']), upstreamBalance);
  });

  test("a debug_traceCall from a dev account at the fork block answers as geth's own", async () => {
    const callObject = { from: funded, to: other, value: '0x1' };
    for (const config of [{ tracer: 'prestateTracer' }, { tracer: balanceTracer }]) {
      const own = await call(geth.url, 'debug_traceCall', [callObject, forkBlock, config]);
      assert.deepEqual(await call(node.url, 'debug_traceCall', [callObject, forkBlock, config]), own);
    }
    // In result, db holds the state after the call: the upstream's balance less the wei sent.
    const after = await call<string>(node.url, 'debug_traceCall', [callObject, forkBlock, { tracer: balanceTracer }]);
    assert.equal(BigInt('0x' + after), BigInt(upstreamBalance) - 1n);
  });

  test('sending from a dev account still works: the first local block starts from the funded accounts', async () => {
    const value = 10n ** 18n;
    const hash = await call<string>(node.url, 'eth_sendTransaction', [{ from: funded, to: third, value: '0x' + value.toString(16) }]);
    const receipt = await waitForReceipt(node.url, hash);
    assert.equal(receipt.status, '0x1');
    assert.equal(BigInt(receipt.blockNumber), BigInt(forkBlock) + 1n);
    assert.equal(BigInt(await call<string>(node.url, 'eth_getBalance', [third, 'latest'])), devAccountBalance + value);
    assert.equal(await call(node.url, 'eth_getBalance', [funded, forkBlock]), upstreamBalance, 'the fork block still reads the upstream');
    // Traced again, the local transaction runs on the state its block started from: the funded one.
    const prestate = await call<Record<string, { balance: string }>>(node.url, 'debug_traceTransaction', [
      hash,
      { tracer: 'prestateTracer' },
    ]);
    assert.equal(BigInt(prestate[funded].balance), devAccountBalance);
  });
});
