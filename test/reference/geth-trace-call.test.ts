// geth v1.17.5 --dev (Osaka, its dev genesis without Bogota) against the local node forked from it, on
// debug_traceCall's TraceCallConfig beyond the tracer: block overrides (each field, together, with a JS
// tracer, the built-ins and the struct logger), txIndex in the fork-point block and in an upstream one,
// state overrides with precompile moves, the decoding and apply-time errors, keccak256PreimageTracer, a
// tracer's panic, and the CLI's --block-overrides/--tx-index/--state-overrides on both. Every answer must be
// geth's, as JSON, errors included. The sender is funded in geth only (not one of the fork's funded dev accounts).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { devAccounts } from '../../runtime/chain/dev-accounts';
import { blockProbeInitcode, blockProbeWords } from '../support/block-probe';
import { keccakCasesCode } from '../support/keccak-cases';
import { processTree, stopAll, type RunningNode } from '../support/nodes/process';
import { startGethDev } from '../support/reference/geth';
import { sendSigned } from '../support/reference/signed-tx';
import { referenceSkip, requireReferenceTools } from '../support/reference/tools';
import { runCli } from '../support/run-cli';
import { rpc, spawnNodeWithOutput } from '../runtime/node-helpers';

const contextTracer = `{step: function() {}, fault: function() {},
  result: function(ctx) { return {block: ctx.block, coinbase: toHex(ctx.coinbase), gasPrice: ctx.gasPrice.toString(), gasUsed: ctx.gasUsed, output: toHex(ctx.output), error: ctx.error}; }}`;

const address = (last: string) => '0x' + last.padStart(40, '0');
const randao = '0x' + '12'.repeat(32);

describe(
  'debug_traceCall with block overrides, txIndex and state overrides: geth --dev and the fork of it answer alike',
  { skip: referenceSkip() },
  () => {
    const signer = devAccounts(11)[10];
    const fees = { maxFeePerGas: '0x3b9aca00', maxPriorityFeePerGas: '0x1' };
    let geth: RunningNode;
    let fork: Awaited<ReturnType<typeof spawnNodeWithOutput>>;
    let probe: string;
    let head: bigint;
    const txHashes: string[] = [];
    const pids: number[] = [];

    /** The same request to both; their answers (result or error) must be equal. Returns geth's. */
    const alike = async (method: string, params: unknown[]) => {
      const [theirs, ours] = await Promise.all([geth.url, fork.url].map((url) => rpc(url, method, params)));
      assert.deepEqual(
        { result: ours.result, error: ours.error },
        { result: theirs.result, error: theirs.error },
        `${method} ${JSON.stringify(params).slice(0, 400)}`,
      );
      return theirs;
    };
    const probeCall = (extra: Record<string, unknown> = {}) => ({ from: signer.address, to: probe, ...fees, ...extra });

    before(async () => {
      requireReferenceTools();
      geth = await startGethDev({ withoutForks: ['bogotaTime'], fund: [signer.address] });
      pids.push(...processTree(geth.pid));
      const deployed = await sendSigned(geth.url, signer, { data: blockProbeInitcode, gas: 500_000n });
      probe = deployed.contractAddress!;
      // Gas given: the probe's cost depends on the block it runs in.
      for (let i = 0; i < 2; i++) txHashes.push((await sendSigned(geth.url, signer, { to: probe, gas: 200_000n })).transactionHash);
      head = BigInt((await rpc(geth.url, 'eth_blockNumber')).result as string);
      fork = await spawnNodeWithOutput(['--fork', geth.url]);
      pids.push(fork.pid);
    });
    after(() => stopAll(pids, 'geth and the fork', fork, geth));

    test('each block override alone and all together: a JS tracer, callTracer, prestateTracer, the struct logger', async () => {
      const hex = (n: bigint) => '0x' + n.toString(16);
      const overrides: Record<string, unknown>[] = [
        { number: hex(head + 5n) },
        { number: hex(head + 1n) },
        { number: hex(head - 1n) },
        { number: '0x10000000000000001' },
        { time: '0x10' },
        { time: '0xffffffffffffffff' },
        { gasLimit: '0x1234567' },
        { gasLimit: '0xffffffffffffffff' },
        { number: '0x' + 'f'.repeat(64) },
        { feeRecipient: address('bb') },
        { prevRandao: randao },
        { difficulty: '0x77' },
        { baseFeePerGas: '0x7' },
        { blobBaseFee: '0x99' },
        { coinbase: address('cc'), random: randao, number: null },
        {
          number: hex(head + 1n),
          time: '0x99999999',
          gasLimit: '0x5',
          feeRecipient: address('bb'),
          prevRandao: randao,
          baseFeePerGas: '0x5',
          blobBaseFee: '0x3',
        },
      ];
      for (const blockOverrides of overrides) {
        const theirs = await alike('debug_traceCall', [probeCall(), 'latest', { tracer: contextTracer, blockOverrides }]);
        assert.equal(theirs.error, undefined, JSON.stringify(theirs.error));
      }
      const all = overrides[overrides.length - 1];
      const words = blockProbeWords(
        (
          (await alike('debug_traceCall', [probeCall(), 'latest', { tracer: contextTracer, blockOverrides: all }])).result as {
            output: string;
          }
        ).output,
      );
      assert.deepEqual(
        [words.NUMBER, words.COINBASE, words.BASEFEE, words.BLOBBASEFEE],
        [head + 1n, 0xbbn, 5n, 3n],
        "geth's answer shows the overrides",
      );
      for (const config of [
        { tracer: 'callTracer', tracerConfig: { withLog: true } },
        { tracer: 'prestateTracer' },
        { tracer: 'prestateTracer', tracerConfig: { diffMode: true } },
        { enableMemory: true, enableReturnData: true },
        { tracer: 'keccak256PreimageTracer' },
        { tracer: 'callTracerLegacy' },
      ]) {
        await alike('debug_traceCall', [probeCall(), 'latest', { ...config, blockOverrides: all }]);
      }
      // A fee-less call: geth lowers the (overridden) base fee to 0.
      await alike('debug_traceCall', [
        { from: signer.address, to: probe },
        'latest',
        { tracer: contextTracer, blockOverrides: { baseFeePerGas: '0x7' } },
      ]);
    });

    test('txIndex in the fork-point block and in an upstream block, with overrides too; the errors', async () => {
      const configs: Array<[string, Record<string, unknown>]> = [
        ['latest', { txIndex: '0x0' }],
        ['0x2', { txIndex: '0x0' }],
        ['0x1', { txIndex: '0x0', tracer: 'prestateTracer' }],
        [
          '0x2',
          {
            txIndex: '0x0',
            blockOverrides: { number: '0x3' },
            stateOverrides: { [probe]: { stateDiff: { ['0x' + '00'.repeat(32)]: '0x' + '09'.padStart(64, '0') } } },
          },
        ],
        ['0x2', { txIndex: '0x1' }],
        ['0x0', { txIndex: '0x0' }],
        ['earliest', { txIndex: '0x0' }],
        ['latest', { txIndex: '0xffffffffffffffff' }],
        ['0x2', { txIndex: '0x5', blockOverrides: { beaconRoot: randao } }],
      ];
      for (const [block, config] of configs) await alike('debug_traceCall', [probeCall(), block, { tracer: contextTracer, ...config }]);
      const inside = await alike('debug_traceCall', [probeCall(), 'latest', { tracer: contextTracer, txIndex: '0x0' }]);
      assert.equal(blockProbeWords((inside.result as { output: string }).output).counter, 1n, "the state before the block's transaction");
    });

    test("geth's texts for badly typed members and for what it refuses when applying", async () => {
      const bad: Record<string, unknown>[] = [
        { blockOverrides: { number: 5 } },
        { blockOverrides: { number: '10' } },
        { blockOverrides: { number: '0x' } },
        { blockOverrides: { number: '0x01' } },
        { blockOverrides: { time: '0x1ffffffffffffffff' } },
        { blockOverrides: { gasLimit: 'abc' } },
        { blockOverrides: { feeRecipient: '0x12' } },
        { blockOverrides: { feeRecipient: '0x' + 'zz'.repeat(20) } },
        { blockOverrides: { prevRandao: '0x12' } },
        { blockOverrides: { withdrawals: 5 } },
        { blockOverrides: { withdrawals: {}, number: '0x' } },
        { blockOverrides: 'x' },
        { blockOverrides: [] },
        { txIndex: 0 },
        { txIndex: '0x1ffffffffffffffff' },
        { blockOverrides: 'x', txIndex: '0x01' },
        { blockOverrides: { beaconRoot: randao } },
        { blockOverrides: { withdrawals: [] } },
        { stateOverrides: 'x' },
        { stateOverrides: { [probe]: 5 } },
        { stateOverrides: { '0x12': {} } },
        { stateOverrides: { [probe]: { code: '0x1' } } },
        { stateOverrides: { [probe]: { state: { '0x01': '0x02' } } } },
        { stateOverrides: { [probe]: { state: 5, nonce: 5 } } },
        { stateOverrides: { [probe]: { balance: '0x1' + '0'.repeat(64) } } },
        { stateOverrides: { [probe]: { state: {}, stateDiff: {} } } },
        { stateOverrides: { [probe]: { movePrecompileToAddress: address('bb') } } },
        { stateOverrides: { [address('2')]: { movePrecompileToAddress: address('3') }, [address('3')]: {} } },
      ];
      for (const config of bad) {
        const theirs = await alike('debug_traceCall', [probeCall(), 'latest', { tracer: contextTracer, ...config }]);
        assert.ok(theirs.error, `geth refuses ${JSON.stringify(config)}`);
      }
      for (const overrides of ['x', { [probe]: [] }, { [probe]: { balance: true } }, { [probe]: { state: {}, stateDiff: {} } }]) {
        assert.ok((await alike('eth_call', [{ to: probe }, 'latest', overrides])).error);
      }
    });

    test('state overrides: a precompile moved, overridden with code, overridden with nothing', async () => {
      const sha = { data: '0x1234' };
      const moved = { [address('2')]: { movePrecompileToAddress: address('bb') } };
      const configs: Array<[string, Record<string, unknown>]> = [
        [address('bb'), moved],
        [address('2'), moved],
        [address('2'), { [address('2')]: null }],
        [address('2'), { [address('2')]: { code: '0x60016000526001601ff3' } }],
      ];
      for (const [to, stateOverrides] of configs) {
        for (const tracer of ['callTracer', contextTracer])
          await alike('debug_traceCall', [{ from: signer.address, to, ...sha }, 'latest', { tracer, stateOverrides }]);
      }
    });

    test('keccak256PreimageTracer: every kind of KECCAK256 input in a call, and the probe transactions', async () => {
      const edge = await alike('debug_traceCall', [
        { to: address('ee') },
        'latest',
        { tracer: 'keccak256PreimageTracer', stateOverrides: { [address('ee')]: { code: keccakCasesCode } } },
      ]);
      assert.equal(Object.keys(edge.result as object).length, 4);
      for (const hash of txHashes) await alike('debug_traceTransaction', [hash, { tracer: 'keccak256PreimageTracer' }]);
      await alike('debug_traceTransaction', [
        txHashes[0],
        { tracer: 'muxTracer', tracerConfig: { keccak256PreimageTracer: {}, callTracer: {} } },
      ]);
    });

    test('the CLI: trace call with --block-overrides, --tx-index and --state-overrides prints the same on geth and on the fork', async () => {
      const args = [
        'trace',
        'call',
        '--call',
        JSON.stringify(probeCall()),
        '--block',
        '2',
        '--tx-index',
        '0',
        '--tracer',
        'callTracer',
        '--block-overrides',
        JSON.stringify({ number: 40, feeRecipient: address('bb'), prevRandao: randao }),
        '--state-overrides',
        JSON.stringify({ [address('2')]: { movePrecompileToAddress: address('bb') } }),
      ];
      const [theirs, ours] = await Promise.all([geth.url, fork.url].map((url) => runCli([...args, '--node', url])));
      assert.equal(theirs.status, 0, theirs.stderr);
      assert.equal(ours.status, 0, ours.stderr);
      assert.deepEqual(JSON.parse(ours.stdout), JSON.parse(theirs.stdout));
      assert.equal(BigInt('0x' + (JSON.parse(theirs.stdout) as { output: string }).output.slice(2, 66)), 40n, 'NUMBER is the override');
    });

    test("a tracer that panics (erc7562Tracer on a KECCAK256 short of its stack): geth's -32603 method handler crashed", async () => {
      const crashing = { '0x00000000000000000000000000000000000000cc': { code: '0x600120' } };
      const { error } = await alike('debug_traceCall', [
        { to: '0x00000000000000000000000000000000000000cc' },
        'latest',
        { tracer: 'erc7562Tracer', stateOverrides: crashing },
      ]);
      assert.deepEqual(error, { code: -32603, message: 'method handler crashed' });
    });
  },
);
