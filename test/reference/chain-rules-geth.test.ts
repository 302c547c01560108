// Fork mode with geth v1.17.5 --dev (Osaka) as the upstream: the fork learns geth's forks from its EIP-7910
// eth_config (geth has no debug_chainConfig), and every trace of the probe contract's transactions (refunds,
// calldata, the block context, Cancun's and Osaka's opcodes, P256VERIFY, the BLS precompiles) is geth's own
// answer: the struct logger with memory and return data, callTracer with logs, prestateTracer with and
// without diffMode, 4byteTracer and a JavaScript tracer. A geth whose chain runs a fork this runtime does not
// know (its dev chain's Bogota) is refused at start-up, not traced with other rules.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { devAccounts } from '../../runtime/chain/dev-accounts';
import { probeInitcode, probeTransactions } from '../support/chain-probe';
import { processTree, stopAll, type RunningNode } from '../support/nodes/process';
import { startGethDev } from '../support/reference/geth';
import { sendSigned } from '../support/reference/signed-tx';
import { referenceSkip, requireReferenceTools } from '../support/reference/tools';
import { call, runNode, spawnNodeWithOutput } from '../runtime/node-helpers';

const stepsTracer = `{ops: [], step: function(log, db) { this.ops.push([log.op.toString(), log.getGas(), log.getCost(), log.getRefund(), log.getDepth()].join(' ')); },
  fault: function(log) { this.ops.push('fault ' + log.getError()); },
  result: function(ctx, db) { return {type: ctx.type, gas: ctx.gas, gasUsed: ctx.gasUsed, gasPrice: ctx.gasPrice.toString(), block: ctx.block, error: ctx.error, output: toHex(ctx.output), ops: this.ops}; }}`;

const traceConfigs: Record<string, object> = {
  structLogger: { enableMemory: true, enableReturnData: true },
  callTracer: { tracer: 'callTracer', tracerConfig: { withLog: true } },
  prestateTracer: { tracer: 'prestateTracer' },
  prestateDiff: { tracer: 'prestateTracer', tracerConfig: { diffMode: true } },
  fourByte: { tracer: '4byteTracer' },
  js: { tracer: stepsTracer },
};

describe('geth --dev (Osaka) as the fork upstream: its own traces of every probe transaction', { skip: referenceSkip() }, () => {
  const signer = devAccounts(1)[0];
  let geth: RunningNode;
  let fork: Awaited<ReturnType<typeof spawnNodeWithOutput>>;
  const sent: Record<string, { hash: string; gasUsed: string }> = {};
  const pids: number[] = [];

  before(async () => {
    requireReferenceTools();
    geth = await startGethDev({ withoutForks: ['bogotaTime'], fund: [signer.address] });
    pids.push(...processTree(geth.pid));
    const deployed = await sendSigned(geth.url, signer, { data: probeInitcode });
    for (const [name, tx] of Object.entries(probeTransactions(deployed.contractAddress!))) {
      const receipt = await sendSigned(geth.url, signer, { ...tx, gas: 500_000n });
      sent[name] = { hash: receipt.transactionHash, gasUsed: (receipt as unknown as { gasUsed: string }).gasUsed };
    }
    fork = await spawnNodeWithOutput(['--fork', geth.url]);
    pids.push(fork.pid);
  });
  after(() => stopAll(pids, 'geth and the fork', fork, geth));

  test("the fork takes geth's forks from eth_config: Osaka from genesis", async () => {
    assert.match(fork.output(), /^fork: the upstream's rules come from the upstream's eth_config$/m);
    const config = await call<Record<string, unknown>>(fork.url, 'debug_chainConfig');
    assert.deepEqual([config.chainId, config.pragueTime, config.osakaTime, config.bpo1Time], [1337, 0, 0, undefined]);
    assert.equal(Number(sent.zeros.gasUsed), 31_000, "EIP-7623's floor on geth");
    assert.equal(Number(sent.refund.gasUsed), 48_269 - Math.floor(48_269 / 5));
  });

  for (const [name, config] of Object.entries(traceConfigs)) {
    test(`${name}: geth's answer for each transaction`, async () => {
      for (const [tx, { hash }] of Object.entries(sent)) {
        const [theirs, ours] = await Promise.all([geth.url, fork.url].map((url) => call(url, 'debug_traceTransaction', [hash, config])));
        assert.deepEqual(ours, theirs, tx);
      }
    });
  }
});

test(
  'a geth chain running a fork this runtime does not know (geth --dev: Bogota) is refused at start-up',
  { skip: referenceSkip() },
  async () => {
    requireReferenceTools();
    const geth = await startGethDev();
    try {
      const run = await runNode(['--fork', geth.url]);
      assert.equal(run.status, 1);
      assert.match(
        run.stderr,
        /the upstream's eth_config answer\.current has system contracts of a fork this runtime does not know \(BUILDER_[A-Z_]+, BUILDER_[A-Z_]+\): give --hardfork NAME/,
      );
    } finally {
      await stopAll(processTree(geth.pid), 'geth', geth);
    }
  },
);
