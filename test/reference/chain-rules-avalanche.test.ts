// The C-Chain's rules against the real thing: avalanchego v1.14.0 (coreth v0.16, Granite) runs the probe
// contract's transactions (no refunds, the whole fee to 0x0100…0000, the header's base fee, PREVRANDAO as the
// difficulty, Cancun's opcodes, P256VERIFY, the native-asset stubs called, delegated and call-coded, the BLS
// addresses empty, 1,000 zero calldata bytes without EIP-7623). Traced on avalanchego (coreth's tracers:
// callTracer, prestateTracer with and without diffMode, the struct logger, a JavaScript tracer), on the local
// node forked from it, and on `--chain avalanche-local`, whose tracers run as coreth's (the coreth target):
// identical, but for the warp precompile, which a replay refuses.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { p256Input, probeInitcode, probeTransactions, warpCall } from '../support/chain-probe';
import { processTree, stopAll } from '../support/nodes/process';
import { startAvalanchego, type RunningAvalanchego } from '../support/reference/avalanchego';
import { ewoq } from '../support/reference/ewoq';
import { sendSigned } from '../support/reference/signed-tx';
import { referenceSkip, requireReferenceTools } from '../support/reference/tools';
import { call, rpc, spawnNodeWithOutput, startNode } from '../runtime/node-helpers';

const blackhole = '0x0100000000000000000000000000000000000000';

const stepsTracer = `{ops: [], step: function(log, db) { this.ops.push([log.op.toString(), log.getGas(), log.getCost(), log.getRefund(), log.getDepth()].join(' ')); },
  fault: function(log) { this.ops.push('fault ' + log.getError()); },
  result: function(ctx, db) { return {gas: ctx.gas, gasUsed: ctx.gasUsed, gasPrice: ctx.gasPrice.toString(), error: ctx.error,
    coinbase: db.getBalance(toAddress('${blackhole}')).toString(), ops: this.ops}; }}`;

interface Sent {
  hash: string;
  gasUsed: bigint;
  effectiveGasPrice: bigint;
}

type Json = Record<string, unknown>;

describe(
  'avalanchego (C-Chain, Granite): coreth, the fork of it and --chain avalanche-local trace the probe transactions alike',
  { skip: referenceSkip() },
  () => {
    let node: RunningAvalanchego;
    let fork: Awaited<ReturnType<typeof spawnNodeWithOutput>>;
    let local: Awaited<ReturnType<typeof startNode>>;
    let probe: string;
    let warpHash: string;
    const sent: Record<string, Sent> = {};
    const p256 = p256Input();
    const pids: number[] = [];

    before(async () => {
      requireReferenceTools();
      node = await startAvalanchego();
      pids.push(...processTree(node.pid));
      probe = (await sendSigned(node.cChainRpc, ewoq, { data: probeInitcode })).contractAddress!;
      for (const [name, tx] of Object.entries(probeTransactions(probe, p256))) {
        const receipt = (await sendSigned(node.cChainRpc, ewoq, { ...tx, gas: 500_000n })) as unknown as {
          transactionHash: string;
          gasUsed: string;
          effectiveGasPrice: string;
        };
        sent[name] = {
          hash: receipt.transactionHash,
          gasUsed: BigInt(receipt.gasUsed),
          effectiveGasPrice: BigInt(receipt.effectiveGasPrice),
        };
      }
      warpHash = (await sendSigned(node.cChainRpc, ewoq, { ...warpCall(probe), gas: 500_000n })).transactionHash;
      fork = await spawnNodeWithOutput(['--fork', node.cChainRpc]);
      pids.push(fork.pid);
      local = await startNode(['--chain', 'avalanche-local']);
    });
    after(() => stopAll(pids, 'avalanchego and the fork', fork, local, node));

    const both = (hash: string, config: object) =>
      Promise.all([node.cChainRpc, fork.url].map((url) => call<Json>(url, 'debug_traceTransaction', [hash, config])));

    test('the fork knows the local C-Chain by chain id and genesis; coreth charges what the rules say', async () => {
      assert.match(
        fork.output(),
        /^fork: the upstream's rules come from Avalanche local network C-Chain \(chain id 43112, genesis 0x608ddbd6…\)$/m,
      );
      assert.equal(sent.refund.gasUsed, 48_269n, 'no refund');
      assert.equal(sent.zeros.gasUsed, 25_000n, 'no EIP-7623 floor');
      assert.equal(sent.nativeAssetDelegate.gasUsed, 492_588n, 'a DELEGATECALL into a native-asset contract uses all its gas');
    });

    test("callTracer and a JavaScript tracer (ctx.gasPrice, the coinbase's balance, every step's gas, cost and refund): coreth's answers", async () => {
      for (const [name, { hash, effectiveGasPrice }] of Object.entries(sent)) {
        for (const config of [{ tracer: 'callTracer', tracerConfig: { withLog: true } }, { tracer: stepsTracer }]) {
          const [theirs, ours] = await both(hash, config);
          assert.deepEqual(ours, theirs, `${name} ${config.tracer.slice(0, 12)}`);
        }
        const { gasPrice } = (await both(hash, { tracer: stepsTracer }))[1];
        assert.equal(gasPrice, effectiveGasPrice.toString(), `${name}: ctx.gasPrice is the whole effective gas price`);
      }
    });

    test("the struct logger: coreth's answers, in geth v1.13's formats", async () => {
      for (const [name, { hash }] of Object.entries(sent)) {
        const [theirs, ours] = await both(hash, {});
        assert.deepEqual(ours, theirs, name);
      }
    });

    test("prestateTracer with and without diffMode: coreth's accounts; the coinbase gains the whole fee", async () => {
      for (const [name, { hash }] of Object.entries(sent)) {
        for (const tracerConfig of [{}, { diffMode: true }]) {
          const [theirs, ours] = await both(hash, { tracer: 'prestateTracer', tracerConfig });
          assert.deepEqual(ours, theirs, `${name} ${JSON.stringify(tracerConfig)}`);
        }
      }
      const { hash, gasUsed, effectiveGasPrice } = sent.refund;
      const [, diff] = await both(hash, { tracer: 'prestateTracer', tracerConfig: { diffMode: true } });
      const balance = (side: string) => BigInt(((diff[side] as Json)[blackhole] as { balance: string }).balance);
      assert.equal(balance('post') - balance('pre'), gasUsed * effectiveGasPrice);
    });

    test('a transaction that called the warp precompile: the fork refuses to trace it, saying why', async () => {
      const reply = await rpc(fork.url, 'debug_traceTransaction', [warpHash, { tracer: 'callTracer' }]);
      assert.match(
        reply.error?.message ?? '',
        /^tracing failed: the warp precompile 0x0200000000000000000000000000000000000005 was called; its answers come from validator signatures/,
      );
      assert.equal(
        (await call<Json>(node.cChainRpc, 'debug_traceTransaction', [warpHash, { tracer: 'callTracer' }])).type,
        'CALL',
        'coreth traces it',
      );
    });

    test('--chain avalanche-local runs the same transactions with the gas, steps and context of the C-Chain', async () => {
      const [from] = await call<string[]>(local.url, 'eth_accounts');
      const send = async (tx: { to?: string; data: string }) => {
        const hash = await call<string>(local.url, 'eth_sendTransaction', [{ from, gas: '0x7a120', ...tx }]);
        return { hash, receipt: await call<{ gasUsed: string; contractAddress: string }>(local.url, 'eth_getTransactionReceipt', [hash]) };
      };
      const localProbe = (await send({ data: probeInitcode })).receipt.contractAddress;
      const words = (hex: string) => hex.slice(2).match(/.{64}/g)!;
      for (const [name, tx] of Object.entries(probeTransactions(localProbe, p256))) {
        const { hash, receipt } = await send(tx);
        assert.equal(BigInt(receipt.gasUsed), sent[name].gasUsed, `${name}: gasUsed`);
        const [theirs, ours] = await Promise.all([
          call<{ ops: string[] }>(node.cChainRpc, 'debug_traceTransaction', [sent[name].hash, { tracer: stepsTracer }]),
          call<{ ops: string[] }>(local.url, 'debug_traceTransaction', [hash, { tracer: stepsTracer }]),
        ]);
        assert.deepEqual(ours.ops, theirs.ops, `${name}: steps`);
        if (name !== 'context') continue;
        const [theirContext, ourContext] = await Promise.all([
          call<{ output: string }>(node.cChainRpc, 'debug_traceTransaction', [sent[name].hash, { tracer: 'callTracer' }]),
          call<{ output: string }>(local.url, 'debug_traceTransaction', [hash, { tracer: 'callTracer' }]),
        ]);
        // BASEFEE, PREVRANDAO, GASPRICE, COINBASE, GASLIMIT, NUMBER, TIMESTAMP, CHAINID, SELFBALANCE: all but the
        // block number and time (and the gas price each sender chose) are the C-Chain's.
        const same = (output: string) => words(output).filter((_, i) => ![2, 5, 6].includes(i));
        assert.deepEqual(same(ourContext.output), same(theirContext.output));
      }
    });
  },
);
