// geth v1.17.5 --dev (Osaka, its dev genesis without Bogota) against the local node forked from it, on
// debug_traceCall's TraceCallConfig beyond the tracer: block overrides (each field, together, with a JS
// tracer, the built-ins and the struct logger), txIndex in the fork-point block and in an upstream one,
// state overrides with precompile moves, the decoding and apply-time errors, keccak256PreimageTracer, a
// tracer's panic, and the CLI's --block-overrides/--tx-index/--state-overrides on both. Every answer must be
// geth's, as JSON, errors included. The sender is funded in geth only (not one of the fork's funded dev accounts).
// With no gas cap on either, calls with gas above 2^53 (up to 2^64-1): every tracer's figures, byte for byte.
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
import { post, rpc, spawnNodeWithOutput } from '../runtime/node-helpers';

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

/** Gas figures a JS tracer sees (Numbers, as goja's float64): ctx's, each step's, each frame's. */
const gasTracer = `{gas: [], frames: [],
  step: function(log) { this.gas.push([log.getGas(), log.getCost(), log.getGas() - log.getCost(), String(log.getGas())]); },
  enter: function(frame) { this.frames.push(frame.getGas()); },
  exit: function(result) { this.frames.push(result.getGasUsed()); },
  fault: function() {},
  result: function(ctx) { return {ctx: [ctx.gas, ctx.gasUsed, typeof ctx.gas, ctx.gas - 1], steps: this.gas, frames: this.frames}; }}`;

describe(
  'gas above 2^53 with no gas cap: geth --dev --rpc.gascap 0 and the fork with --rpc-gas-cap 0 answer alike, byte for byte',
  { skip: referenceSkip() },
  () => {
    const caller = address('aa');
    const callee = address('bb');
    // aa: CALL(GAS, bb, 0, 0, 0, 0, 0), so the child frame gets gas above 2^53 too; bb: a few opcodes, GAS.
    const code = { [caller]: { code: '0x60008080808060bb5af15000' }, [callee]: { code: '0x6001600101505a5000' } };
    const signer = devAccounts(12)[11];
    /** Deployed before the fork starts (eth_estimateGas takes no state overrides here): an endless JUMP loop and
     * a new slot's SSTORE, whose estimate searches. */
    const deployed: { loop?: string; store?: string } = {};
    let geth: RunningNode;
    let fork: Awaited<ReturnType<typeof spawnNodeWithOutput>>;
    const pids: number[] = [];

    /** The same request to both: the answers' texts must be equal (a JSON number past 2^53 parses inexactly). */
    const sameText = async (method: string, params: unknown[]): Promise<string> => {
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
      const [theirs, ours] = await Promise.all([geth.url, fork.url].map((url) => post(url, body)));
      assert.equal(ours.text, theirs.text, `${method} ${JSON.stringify(params).slice(0, 300)}`);
      return theirs.text;
    };

    before(async () => {
      requireReferenceTools();
      geth = await startGethDev({ withoutForks: ['bogotaTime'], fund: [signer.address], rpcGasCap: 0n });
      pids.push(...processTree(geth.pid));
      // Init code copying the runtime code after it (12 bytes) and returning it.
      const deploy = async (runtime: string) => {
        const size = (runtime.length / 2).toString(16).padStart(2, '0');
        const receipt = await sendSigned(geth.url, signer, { data: `0x60${size}600c60003960${size}6000f3${runtime}`, gas: 100_000n });
        return receipt.contractAddress!;
      };
      deployed.loop = await deploy('5b600056');
      deployed.store = await deploy('600160005500');
      fork = await spawnNodeWithOutput(['--fork', geth.url, '--rpc-gas-cap', '0']);
      pids.push(fork.pid);
    });
    after(() => stopAll(pids, 'geth and the fork', fork, geth));

    test('callTracer, flatCallTracer, erc7562Tracer, the struct logger, a JS tracer and the rest', async () => {
      for (const gas of ['0xffffffffffffff', '0xffffffffffffffff', undefined]) {
        const call = { to: caller, input: '0x12345678', ...(gas ? { gas } : {}) };
        for (const config of [
          { tracer: 'callTracer' },
          { tracer: 'flatCallTracer' },
          {},
          { tracer: gasTracer },
          { tracer: 'callTracerLegacy' },
          { tracer: 'erc7562Tracer' },
          { tracer: 'prestateTracer' },
          { tracer: '4byteTracer' },
          { tracer: 'muxTracer', tracerConfig: { callTracer: {}, '4byteTracer': {} } },
        ]) {
          await sameText('debug_traceCall', [call, 'latest', { ...config, stateOverrides: code }]);
        }
      }
      // geth's own figures, exact: the call's gas and the child's (all but 1/64 of what the CALL had).
      const text = await sameText('debug_traceCall', [
        { to: caller, gas: '0xffffffffffffff' },
        'latest',
        { tracer: 'callTracer', stateOverrides: code },
      ]);
      const tree = JSON.parse(text) as { result: { gas: string; calls: Array<{ gas: string }> } };
      assert.equal(tree.result.gas, '0xffffffffffffff');
      assert.ok(BigInt(tree.result.calls[0].gas) > 2n ** 53n);
      const logs = await sameText('debug_traceCall', [{ to: caller, gas: '0xffffffffffffff' }, 'latest', { stateOverrides: code }]);
      assert.match(logs, /"gas":72057594037906935,"gasCost":3/, 'the first step: the gas less the 21,000 intrinsic gas, exact');
    });

    test('eth_call and eth_estimateGas with gas above 2^53: the same answers and errors', async () => {
      for (const gas of ['0xffffffffffffff', '0xffffffffffffffff', undefined]) {
        const withGas = gas ? { gas } : {};
        await sameText('eth_call', [{ to: caller, ...withGas }, 'latest', code]);
        // A plain transfer (21,000 exactly), a call with data to an account without code, the SSTORE's search.
        await sameText('eth_estimateGas', [{ to: callee, ...withGas }, 'latest']);
        await sameText('eth_estimateGas', [{ to: callee, input: '0x12', ...withGas }, 'latest']);
        await sameText('eth_estimateGas', [{ to: deployed.store, ...withGas }, 'latest']);
        // From Osaka geth searches up to EIP-7825's cap, 2^24, whatever the call's gas (without gas: the block's
        // gas limit, which is lower).
        const endless = await sameText('eth_estimateGas', [{ to: deployed.loop, ...withGas }, 'latest']);
        if (gas) assert.match(endless, /gas required exceeds allowance \(16777216\)/);
      }
      // An endless loop with gas above 2^53 runs into the EVM time-out on both (5 s).
      await sameText('eth_call', [{ to: deployed.loop, gas: '0xffffffffffffff' }, 'latest']);
      // Less than 21,000: geth searches up to the block's gas limit instead.
      await sameText('eth_estimateGas', [{ to: deployed.store, gas: '0x5000' }, 'latest']);
    });
  },
);
