// debug_traceCall's `accessList` against geth v1.17.5 itself, forked by the local node: geth charges its
// intrinsic gas and warms its accounts and slots (cheaper SLOAD and BALANCE steps) at Osaka (--dev), at Berlin
// (type 1 calls, before London) and before Berlin (charged, nothing warmed); a malformed list gets geth's
// decoding error. Every answer must be geth's.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { processTree, stopAll, type RunningNode } from '../support/nodes/process';
import { genesisThrough, startGethAtGenesis, startGethDev } from '../support/reference/geth';
import { referenceSkip, requireReferenceTools } from '../support/reference/tools';
import { rpc, spawnNodeWithOutput } from '../runtime/node-helpers';

const probe = '0x00000000000000000000000000000000000000cc';
const other = '0x00000000000000000000000000000000000000aa';
// PUSH1 1 SLOAD POP PUSH1 0xaa BALANCE POP STOP
const code = '0x6001545060aa315000';
const slot = (n: number) => '0x' + n.toString(16).padStart(64, '0');
const list = [
  { address: probe, storageKeys: [slot(1), slot(2)] },
  { address: other, storageKeys: [] },
];
const costs = `{c: [], step: function(log) { this.c.push(log.op.toString() + ' ' + log.getCost()); }, fault: function() {},
  result: function(ctx) { return {gasUsed: ctx.gasUsed, costs: this.c}; }}`;
const configs = [{ tracer: 'callTracer' }, {}, { tracer: costs }, { tracer: 'prestateTracer' }];
const stateOverrides = { [probe]: { code } };

/** A geth and a fork of it, for the tests of one describe. */
function gethAndFork(start: () => Promise<RunningNode & { genesisFile?: string }>) {
  const nodes = {
    geth: undefined as unknown as RunningNode,
    fork: undefined as unknown as Awaited<ReturnType<typeof spawnNodeWithOutput>>,
  };
  const pids: number[] = [];
  before(async () => {
    requireReferenceTools();
    const geth = await start();
    nodes.geth = geth;
    pids.push(...processTree(geth.pid));
    nodes.fork = await spawnNodeWithOutput([
      '--fork',
      geth.url,
      '--no-cache',
      ...(geth.genesisFile ? ['--chain-config', geth.genesisFile] : []),
    ]);
    pids.push(nodes.fork.pid);
  });
  after(() => stopAll(pids, 'geth and the fork', nodes.fork, nodes.geth));
  /** The same request to both: equal answers (result or error). Returns geth's. */
  const alike = async (method: string, params: unknown[]) => {
    const [theirs, ours] = await Promise.all([nodes.geth.url, nodes.fork.url].map((url) => rpc(url, method, params)));
    assert.deepEqual({ result: ours.result, error: ours.error }, { result: theirs.result, error: theirs.error }, JSON.stringify(params));
    return theirs;
  };
  /** Each tracer config on a call with the list and without: geth's answers, the list's gas charged. */
  const tracedAlike = async (call: Record<string, unknown>, charged: number) => {
    for (const config of configs) {
      for (const accessList of [list, undefined])
        await alike('debug_traceCall', [{ ...call, accessList }, 'latest', { ...config, stateOverrides }]);
    }
    const gasUsed = async (accessList?: unknown) =>
      Number(
        (
          (await alike('debug_traceCall', [{ ...call, accessList }, 'latest', { tracer: 'callTracer', stateOverrides }])).result as {
            gasUsed: string;
          }
        ).gasUsed,
      );
    assert.equal((await gasUsed(list)) - (await gasUsed()), charged);
  };
  return { alike, tracedAlike };
}

describe('debug_traceCall with an access list: as geth v1.17.5 answers', { skip: referenceSkip() }, () => {
  describe('Osaka (geth --dev)', () => {
    const { alike, tracedAlike } = gethAndFork(() => startGethDev({ withoutForks: ['bogotaTime'] }));

    test('charged and warm: callTracer, the struct logger, log.getCost(), prestateTracer; a fee-paying call and a creation', async () => {
      // 2 × 2,400 + 2 × 1,900 intrinsic, less 2,000 on the warm SLOAD and 2,500 on the warm BALANCE.
      await tracedAlike({ to: probe }, 8_600 - 4_500);
      await tracedAlike({ to: probe, maxFeePerGas: '0x0', maxPriorityFeePerGas: '0x0' }, 4_100);
      await tracedAlike({ input: code }, 8_600 - 2_500);
    });

    test("a malformed list: geth's decoding error", async () => {
      const malformed: unknown[] = [
        5,
        {},
        [5],
        [null],
        [{}],
        [{ address: other }],
        [{ ADDRESS: other, storageKeys: null }],
        [{ address: '0x12', storageKeys: [] }],
        [{ address: 5, storageKeys: 5 }],
        [{ address: '0x1', storageKeys: 5 }],
        [{ address: other, storageKeys: 5 }],
        [{ address: other, storageKeys: ['0x1'] }],
        [{ address: other, storageKeys: [null] }],
      ];
      for (const accessList of malformed) {
        const { error } = await alike('debug_traceCall', [{ to: probe, accessList }, 'latest', { tracer: 'callTracer' }]);
        assert.equal(error?.code, -32602, JSON.stringify(accessList));
      }
    });
  });

  describe('Berlin (before London: an access-list call)', () => {
    const { tracedAlike } = gethAndFork(() => startGethAtGenesis(genesisThrough('berlin')));
    test('charged and warm', async () => {
      await tracedAlike({ to: probe }, 4_100);
      await tracedAlike({ to: probe, gasPrice: '0x0' }, 4_100);
    });
  });

  describe('Istanbul (before Berlin)', () => {
    const { tracedAlike } = gethAndFork(() => startGethAtGenesis(genesisThrough('istanbul')));
    test('charged, nothing warmed', async () => {
      await tracedAlike({ to: probe }, 8_600);
    });
  });
});
