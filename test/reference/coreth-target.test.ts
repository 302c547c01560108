// The coreth target against avalanchego v1.14.0 itself (a one-node local network): transactions of every kind
// the tracers of coreth (libevm's, geth v1.13's) answer differently from geth v1.17's, traced on avalanchego
// and on `evm-tracer node --fork <its C-Chain RPC>` with every built-in tracer, the struct logger and a
// JavaScript tracer over the API, must give equal answers; then the seeded differential of
// test/differential/coreth-run.ts on the fork and on `--chain avalanche-local`. DIFF_SEED and
// CORETH_DIFF_CASES change the run.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { processTree, stopAll } from '../support/nodes/process';
import { startAvalanchego, type RunningAvalanchego } from '../support/reference/avalanchego';
import { ewoq } from '../support/reference/ewoq';
import { sendSigned } from '../support/reference/signed-tx';
import { referenceSkip, requireReferenceTools } from '../support/reference/tools';
import { call, rpc, spawnNodeWithOutput } from '../runtime/node-helpers';
import { runCli } from '../support/run-cli';
import { assemble, type Item } from '../differential/asm';
import { callGasCases, callStepsTracer } from '../support/call-gas-cases';
import { craftedInput } from '../differential/precompile-inputs';
import { Random } from '../differential/random';
import { bn254 } from '@noble/curves/bn254.js';
import { bytesToHex, generateAddress, hexToBytes } from '@ethereumjs/util';
import { normaliseError } from '../differential/compare';
import { readsBlockHash, runCorethDifferential, type CallSide } from '../differential/coreth-run';

const seed = Number(process.env.DIFF_SEED ?? 20261127);
const cases = Number(process.env.CORETH_DIFF_CASES ?? 300);

/** Init code that runs `first`, then deploys `runtime`. */
function deployment(runtime: string, first: Item[] = []): string {
  const size = BigInt((runtime.length - 2) / 2);
  return assemble([...first, size, { ref: 'body' }, 0n, 'CODECOPY', size, 0n, 'RETURN'], [{ label: 'body', hex: runtime.slice(2) }]);
}

const code = (items: Item[]) => assemble(items);
/** CALL `to` with `value` and all gas, no data. */
const callItems = (to: string, value = 0n): Item[] => [0n, 0n, 0n, 0n, value, BigInt(to), 'GAS', 'CALL', 'POP'];

/** A JavaScript tracer over the API coreth's answers differ in: ctx, costs and errors of steps, faults, frames,
 * and `db` in `result` (a called precompile, the slots and code of a contract created and destroyed). */
const probe = `{
  r: [], child: null,
  step: function (log, db) { var op = log.op.toString(); if (log.getError() || op == 'SSTORE' || op == 'CALL' || op.indexOf('opcode') == 0) this.r.push(['s', op, log.getCost(), '' + log.getError()]); },
  fault: function (log, db) { this.r.push(['f', log.op.toString(), log.getCost(), '' + log.getError(), log.stack.length()]); },
  enter: function (f) { this.r.push(['e', f.getType(), toHex(f.getTo()), f.getGas()]); if (f.getType() == 'CREATE') this.child = f.getTo(); },
  exit: function (f) { this.r.push(['x', '' + f.getError(), f.getGasUsed()]); },
  result: function (ctx, db) {
    var child = this.child;
    return { r: this.r, coinbase: typeof ctx.coinbase, gasPrice: '' + ctx.gasPrice, error: ctx.error, gasUsed: ctx.gasUsed,
      precompile: db.exists(toAddress('0x0000000000000000000000000000000000000002')),
      child: child && { exists: db.exists(child), slot: toHex(db.getState(child, toWord('0x00'))), code: toHex(db.getCode(child)) } };
  }
}`;

const tracerConfigs: Array<Record<string, unknown>> = [
  { tracer: 'callTracer', tracerConfig: { withLog: true } },
  { tracer: 'prestateTracer' },
  { tracer: 'prestateTracer', tracerConfig: { diffMode: true } },
  { tracer: '4byteTracer' },
  { tracer: 'flatCallTracer' },
  { tracer: 'muxTracer', tracerConfig: { callTracer: {}, '4byteTracer': {}, prestateTracer: { diffMode: true } } },
  { enableMemory: true, enableReturnData: true },
  { tracer: probe },
];

/** An answer as compared: the result, or the error's text without positions (goja's differ from V8's). */
async function answer(url: string, method: string, params: unknown[]): Promise<unknown> {
  try {
    return await call(url, method, params);
  } catch (error) {
    return { error: normaliseError((error as Error).message.replace(/^\w+: -?\d+ /, '')) };
  }
}

describe('the coreth target: traces as on avalanchego v1.14.0', { skip: referenceSkip() }, () => {
  let node: RunningAvalanchego;
  let fork: Awaited<ReturnType<typeof spawnNodeWithOutput>>;
  let local: Awaited<ReturnType<typeof spawnNodeWithOutput>>;
  const pids: number[] = [];
  /** The scenario transactions by name. */
  const txs: Record<string, { hash: string; block: string }> = {};
  let forkBlock: { number: string; timestamp: string };
  const send = async (name: string, tx: Parameters<typeof sendSigned>[2]) => {
    const receipt = await sendSigned(node.cChainRpc, ewoq, tx);
    txs[name] = { hash: receipt.transactionHash, block: receipt.blockHash };
    return receipt as typeof receipt & { contractAddress?: string };
  };
  /** Every tracer config, sent with `leading` params to the fork and to avalanchego: equal answers. */
  const sameAnswers = async (method: string, leading: unknown[]) => {
    for (const config of tracerConfigs) {
      const params = [...leading, config];
      assert.deepEqual(await answer(fork.url, method, params), await answer(node.cChainRpc, method, params), JSON.stringify(config));
    }
  };
  const deploy = async (name: string, runtime: string) =>
    (await send(name, { data: deployment(runtime), gas: 1_000_000n })).contractAddress!;

  before(async () => {
    requireReferenceTools();
    node = await startAvalanchego();
    pids.push(...processTree(node.pid));
    const writer = await deploy('create', code([1n, 0n, 'SSTORE', 'STOP']));
    const staticCaller = await deploy('deploy-static', code([0n, 0n, 0n, 0n, BigInt(writer), 'GAS', 'STATICCALL', 'POP', 'STOP']));
    const memory = await deploy('deploy-memory', code([1n, 1n << 40n, 'MSTORE', 'STOP']));
    const old = await deploy('deploy-old', code(['CALLER', 'SELFDESTRUCT']));
    // Creates a child whose init code stores 7 and which self-destructs when called, then calls it.
    const childInitWithStore = deployment(code(['CALLER', 'SELFDESTRUCT']), [7n, 0n, 'SSTORE']);
    const initSize = BigInt((childInitWithStore.length - 2) / 2);
    const factory = await deploy(
      'deploy-factory',
      assemble(
        [
          initSize,
          { ref: 'init' },
          0n,
          'CODECOPY',
          initSize,
          0n,
          0n,
          'CREATE',
          ...callItems('0x00').slice(0, 5),
          'DUP6',
          'GAS',
          'CALL',
          'POP',
          'STOP',
        ],
        [{ label: 'init', hex: childInitWithStore.slice(2) }],
      ),
    );
    const poor = await deploy('deploy-poor', code([...callItems('0x00000000000000000000000000000000000000e2', 10n ** 30n), 'STOP']));
    const logger = await deploy(
      'deploy-logger',
      code([
        0xaan,
        0n,
        'MSTORE',
        0xbbn,
        32n,
        0n,
        'LOG1',
        ...callItems('0x0000000000000000000000000000000000000002'),
        32n,
        0n,
        'LOG0',
        'STOP',
      ]),
    );
    const clz = await deploy('deploy-clz', code([1n, { raw: '1e' }, 'STOP']));
    const balance = await deploy('deploy-balance', code([0xabcden, 'BALANCE', 'POP', 'STOP']));
    await send('static-sstore', { to: staticCaller, gas: 100_000n });
    // 21,000 + 2 PUSHes leave the SSTORE 2,000 gas: under the EIP-2200 sentry.
    await send('sentry', { to: writer, gas: 23_006n });
    await send('memory-overflow', { to: memory, gas: 100_000n });
    await send('precompile', { to: '0x0000000000000000000000000000000000000002', data: '0x68656c6c6f', gas: 100_000n });
    await send('empty-recipient', { to: '0x00000000000000000000000000000000000000e1', value: 1n, gas: 100_000n });
    await send('create-destroy', { to: factory, gas: 500_000n });
    await send('destroy-old', { to: old, gas: 100_000n });
    await send('failed-precheck', { to: poor, gas: 100_000n });
    await send('logs', { to: logger, gas: 100_000n });
    await send('clz', { to: clz, gas: 100_000n });
    await send('balance-absent', { to: balance, gas: 100_000n });
    forkBlock = await call(node.cChainRpc, 'eth_getBlockByNumber', ['latest', false]);
    [fork, local] = await Promise.all([
      spawnNodeWithOutput(['--fork', node.cChainRpc, '--no-cache', '--fork-block', String(Number(forkBlock.number))]),
      spawnNodeWithOutput(['--chain', 'avalanche-local']),
    ]);
    pids.push(...processTree(fork.pid), ...processTree(local.pid));
  });

  after(async () => {
    await stopAll(pids, 'avalanchego and the local nodes', fork, local, node);
  });

  test('a fork of avalanchego traces top-level creations (a transaction, a block holding one, a call without `to`) as avalanchego does', async () => {
    const { hash, block } = txs.create;
    await sameAnswers('debug_traceTransaction', [hash]);
    const blockConfig = { tracer: 'callTracer' };
    assert.deepEqual(
      await answer(fork.url, 'debug_traceBlockByHash', [block, blockConfig]),
      await answer(node.cChainRpc, 'debug_traceBlockByHash', [block, blockConfig]),
    );
    const creation = { from: ewoq.address, gas: '0x30d40', input: deployment(code(['CALLER', 'SELFDESTRUCT'])) };
    await sameAnswers('debug_traceCall', [creation, forkBlock.number]);
    const traced = await call<{ error?: string; type: string }>(fork.url, 'debug_traceTransaction', [hash, { tracer: 'callTracer' }]);
    assert.deepEqual([traced.type, traced.error], ['CREATE', undefined]);
  });

  test('a top-level creation whose address is taken: coreth tells its tracers nothing of it, and the geth target traces it', async () => {
    const from = '0x00000000000000000000000000000000000000f1';
    const taken = bytesToHex(generateAddress(hexToBytes(from), new Uint8Array(0)));
    // Every field of ctx (numbers as they are) and what `db` is in `result`, with every hook there.
    const ctxTracer = `{ r: [],
      step: function (log) { this.r.push(log.op.toString()); }, fault: function () { this.r.push('fault'); },
      enter: function (f) { this.r.push(f.getType()); }, exit: function () { this.r.push('exit'); },
      result: function (ctx, db) { var o = {}; for (var k in ctx) o[k] = typeof ctx[k] == 'number' ? ctx[k] : typeof ctx[k];
        return { r: this.r, ctx: o, db: typeof db }; } }`;
    const configs = [...tracerConfigs.filter((config) => config.tracer !== probe), { tracer: ctxTracer }];
    const creation = { from, gas: '0x30d40', input: deployment(code([1n, 0n, 'SSTORE', 'STOP'])), value: '0x5' };
    // Code there, or only a nonce.
    for (const account of [{ code: '0x00' }, { nonce: '0x1' }]) {
      const stateOverrides = { [from]: { balance: '0xffffffffffffffffff' }, [taken]: account };
      for (const config of configs) {
        const params = [creation, forkBlock.number, { ...config, stateOverrides }];
        assert.deepEqual(
          await answer(fork.url, 'debug_traceCall', params),
          await answer(node.cChainRpc, 'debug_traceCall', params),
          JSON.stringify([account, config]),
        );
      }
      const traced = (config: Record<string, unknown>) =>
        call<Record<string, unknown>>(fork.url, 'debug_traceCall', [creation, forkBlock.number, { ...config, stateOverrides }]);
      assert.deepEqual(await traced({ tracer: 'callTracer' }), {
        from: '0x0000000000000000000000000000000000000000',
        gas: '0x0',
        gasUsed: '0x30d40',
        input: '0x',
        type: 'STOP',
      });
      assert.deepEqual(await traced({ tracer: ctxTracer }), { r: [], ctx: { gasUsed: 200_000 }, db: 'undefined' });
      const asGeth = await traced({ tracer: 'callTracer', target: 'geth' });
      assert.deepEqual([asGeth.type, asGeth.from, asGeth.error], ['CREATE', from, 'contract address collision']);
    }
  });

  test("every tracer gives coreth's answer on each transaction coreth traces differently from geth v1.17", async () => {
    const differing: string[] = [];
    for (const [name, { hash }] of Object.entries(txs)) {
      if (name.startsWith('deploy-')) continue;
      for (const config of tracerConfigs) {
        const theirs = await answer(node.cChainRpc, 'debug_traceTransaction', [hash, config]);
        const ours = await answer(fork.url, 'debug_traceTransaction', [hash, config]);
        try {
          assert.deepEqual(ours, theirs);
        } catch {
          differing.push(
            `${name} ${JSON.stringify(config).slice(0, 80)}:\n  coreth ${JSON.stringify(theirs)}\n  ours   ${JSON.stringify(ours)}`,
          );
        }
      }
    }
    assert.deepEqual(differing, []);
  });

  test("an unfunded sender's call, and the target chosen and named by the node, a trace config's target overriding it", async () => {
    const unfunded = {
      from: '0x00000000000000000000000000000000000f0f0f',
      to: '0x0000000000000000000000000000000000000004',
      gas: '0x10000',
    };
    await sameAnswers('debug_traceCall', [unfunded, forkBlock.number]);
    assert.match(
      fork.output(),
      /^tracers: run as on coreth v0\.16 of avalanchego v1\.14\.0 .*, for the C-Chain's rules \(--target geth for geth's\)$/m,
    );
    assert.deepEqual(await call(fork.url, 'evmtracer_target'), {
      target: 'coreth',
      client: 'coreth v0.16 of avalanchego v1.14.0 (libevm, geth v1.13 tracers)',
    });
    const coinbase = '{ fault: function () {}, result: function (ctx) { return typeof ctx.coinbase; } }';
    const { hash } = txs.logs;
    assert.equal(await call(fork.url, 'debug_traceTransaction', [hash, { tracer: coinbase }]), 'undefined');
    assert.equal(await call(fork.url, 'debug_traceTransaction', [hash, { tracer: coinbase, target: 'geth' }]), 'object');
    const withIndex = await call<{ logs: Array<{ index?: string }> }>(fork.url, 'debug_traceTransaction', [
      hash,
      { tracer: 'callTracer', tracerConfig: { withLog: true }, target: 'geth' },
    ]);
    assert.equal(withIndex.logs[0].index, '0x0');
    // The CLI sends it as the trace config's target.
    const viaCli = async (...extra: string[]) => {
      const run = await runCli([
        'trace',
        'tx',
        hash,
        '--tracer',
        'callTracer',
        '--config',
        '{"withLog":true}',
        '--node',
        fork.url,
        ...extra,
      ]);
      assert.equal(run.status, 0, run.stderr);
      return (JSON.parse(run.stdout) as { logs: Array<{ index?: string }> }).logs[0].index;
    };
    assert.deepEqual([await viaCli(), await viaCli('--target', 'geth'), await viaCli('--target', 'coreth')], [undefined, '0x0', undefined]);
  });

  test('debug_traceCall with an access list: charged and warm as on avalanchego, a malformed one refused alike', async () => {
    const probe = '0x00000000000000000000000000000000000000cc';
    const stateOverrides = { [probe]: { code: code([1n, 'SLOAD', 'POP', 0xaan, 'BALANCE', 'POP', 'STOP']) } };
    const accessList = [
      { address: probe, storageKeys: ['0x' + '01'.padStart(64, '0')] },
      { address: '0x00000000000000000000000000000000000000aa', storageKeys: [] },
    ];
    for (const list of [accessList, [{ address: probe }], 5])
      for (const config of tracerConfigs) {
        const params = [
          { from: ewoq.address, to: probe, gas: '0x30d40', accessList: list },
          forkBlock.number,
          { ...config, stateOverrides },
        ];
        assert.deepEqual(
          await answer(fork.url, 'debug_traceCall', params),
          await answer(node.cChainRpc, 'debug_traceCall', params),
          JSON.stringify(params),
        );
      }
    const gasUsed = async (list?: unknown) =>
      Number(
        (
          await call<{ gasUsed: string }>(node.cChainRpc, 'debug_traceCall', [
            { from: ewoq.address, to: probe, gas: '0x30d40', accessList: list },
            forkBlock.number,
            { tracer: 'callTracer', stateOverrides },
          ])
        ).gasUsed,
      );
    // 2 × 2,400 + 1,900 charged, 2,000 + 2,500 saved: the list is read there.
    assert.equal((await gasUsed(accessList)) - (await gasUsed()), 6_700 - 4_500);
  });

  test("blockOverrides by coreth's names and rules: coinbase and baseFee, no prevRandao, a crash without number", async () => {
    const probe = '0x00000000000000000000000000000000000000cc';
    const stateOverrides = {
      [probe]: { code: code(['NUMBER', 'TIMESTAMP', 'COINBASE', 'BASEFEE', 'DIFFICULTY', 'GASLIMIT', 'BLOBBASEFEE', 'STOP']) },
      '0x00000000000000000000000000000000000000f1': { balance: '0xffffffffffffffffff' },
    };
    const tops = `{s: [], step: function(log) { if (log.stack.length() > 0) this.s.push(log.stack.peek(0).toString(16)); },
      fault: function() {}, result: function() { return this.s; }}`;
    const number = forkBlock.number;
    const all = { number, coinbase: '0x00000000000000000000000000000000000000bb', baseFee: '0x7', difficulty: '0x77', gasLimit: '0x99' };
    const overrides: unknown[] = [
      { number },
      all,
      { ...all, time: forkBlock.timestamp, blobBaseFee: '0x3' },
      { number, feeRecipient: '0x00000000000000000000000000000000000000bb', baseFeePerGas: '0x7', prevRandao: '0x' + '12'.repeat(32) },
      { number, beaconRoot: 5, withdrawals: 5 },
      { number, Coinbase: true },
      { number, BASEFEE: '0x8' },
      {},
      { time: forkBlock.timestamp },
      { number: null },
      5,
    ];
    for (const blockOverrides of overrides)
      for (const tracer of [tops, 'callTracer']) {
        const params = [
          { from: '0x00000000000000000000000000000000000000f1', to: probe, gasPrice: '0x9' },
          number,
          { tracer, stateOverrides, blockOverrides },
        ];
        assert.deepEqual(
          await answer(fork.url, 'debug_traceCall', params),
          await answer(node.cChainRpc, 'debug_traceCall', params),
          JSON.stringify(params),
        );
      }
    // The crash is the whole answer, before the trace config's other members are looked at.
    const { error } = await rpc(fork.url, 'debug_traceCall', [{ to: probe }, number, { tracer: 'nope', blockOverrides: {} }]);
    assert.deepEqual(
      error,
      (await rpc(node.cChainRpc, 'debug_traceCall', [{ to: probe }, number, { tracer: 'nope', blockOverrides: {} }])).error,
    );
    assert.deepEqual(error, { code: -32603, message: 'method handler crashed' });
  });

  test("a CALL short of its dynamic gas: coreth's cost (a cold target's access, then every part added up) and text", async () => {
    const differing: string[] = [];
    for (const { name, call: request, stateOverrides } of callGasCases())
      for (const config of [{ tracer: callStepsTracer }, { tracer: 'callTracer' }, { disableStack: true }]) {
        const params = [request, forkBlock.number, { ...config, stateOverrides }];
        const [theirs, ours] = await Promise.all([node.cChainRpc, fork.url].map((url) => answer(url, 'debug_traceCall', params)));
        if (JSON.stringify(ours) !== JSON.stringify(theirs))
          differing.push(
            `${name} ${JSON.stringify(config).slice(0, 40)}:\n  coreth ${JSON.stringify(theirs).slice(0, 300)}\n  ours ${JSON.stringify(ours).slice(0, 300)}`,
          );
      }
    assert.deepEqual(differing, []);
  });

  test("a failing bn254 precompile: coreth's words for its cause (cloudflare's bn256), in every tracer", async () => {
    const modulus = bn254.fields.Fp.ORDER;
    const word = (n: bigint) => n.toString(16).padStart(64, '0');
    const inputs: Array<[number, string]> = [
      // A coordinate at the modulus and above it, in G1 and in G2.
      [6, word(1n) + word(modulus) + word(0n) + word(0n)],
      [7, word(modulus + 1n) + word(2n) + word(2n)],
      [8, word(1n) + word(2n) + word(modulus) + word(0n).repeat(3)],
    ];
    for (let seed = 1; seed <= 90; seed++) {
      const address = [6, 7, 8][seed % 3];
      inputs.push([address, craftedInput(new Random(seed), address)!.hex]);
    }
    const differing: string[] = [];
    for (const [address, hex] of inputs)
      for (const tracer of ['callTracer', 'flatCallTracer', probe]) {
        const params = [
          { to: '0x' + address.toString(16).padStart(40, '0'), input: '0x' + hex, gas: '0x1000000' },
          forkBlock.number,
          { tracer },
        ];
        const [theirs, ours] = await Promise.all([node.cChainRpc, fork.url].map((url) => answer(url, 'debug_traceCall', params)));
        if (JSON.stringify(ours) !== JSON.stringify(theirs))
          differing.push(`${address} ${hex}:\n  coreth ${JSON.stringify(theirs).slice(-300)}\n  ours ${JSON.stringify(ours).slice(-300)}`);
      }
    assert.deepEqual(differing, []);
  });

  test('in result, the absent accounts STATICCALLs reached exist at any depth, one a CALL without value reached does not', async () => {
    const reach = (opcode: 'CALL' | 'STATICCALL', to: bigint): Item[] => [
      0n,
      0n,
      0n,
      0n,
      ...(opcode === 'CALL' ? [0n] : []),
      to,
      'GAS',
      opcode,
      'POP',
    ];
    const at = (last: number) => '0x' + last.toString(16).padStart(40, '0');
    // 0xc1 STATICCALLs 0xc2 (then reaches 0xd1 and 0xd2 itself); inside that static frame 0xc2 reaches 0xdd and
    // 0xde, and STATICCALLs 0xc3, which reaches 0xdf.
    const stateOverrides = {
      [at(0xc1)]: { code: code([...reach('STATICCALL', 0xc2n), ...reach('STATICCALL', 0xd1n), ...reach('CALL', 0xd2n), 'STOP']) },
      [at(0xc2)]: { code: code([...reach('STATICCALL', 0xddn), ...reach('CALL', 0xden), ...reach('STATICCALL', 0xc3n), 'STOP']) },
      [at(0xc3)]: { code: code([...reach('STATICCALL', 0xdfn), 'STOP']) },
    };
    const exists = `{fault: function() {}, result: function(ctx, db) {
      return [0xd1, 0xd2, 0xdd, 0xde, 0xdf].map(function (n) { return db.exists(toAddress('0x' + '00'.repeat(19) + n.toString(16))); }); }}`;
    const configs = [{ tracer: exists }, { tracer: 'prestateTracer' }, { tracer: 'prestateTracer', tracerConfig: { diffMode: true } }];
    for (const config of configs) {
      const params = [{ to: at(0xc1), gas: '0x100000' }, forkBlock.number, { ...config, stateOverrides }];
      assert.deepEqual(await answer(fork.url, 'debug_traceCall', params), await answer(node.cChainRpc, 'debug_traceCall', params));
    }
    const params = [{ to: at(0xc1), gas: '0x100000' }, forkBlock.number, { tracer: exists, stateOverrides }];
    assert.deepEqual(await call(node.cChainRpc, 'debug_traceCall', params), [true, false, true, false, true]);
  });

  test(
    `differential: ${cases} random cases from seed ${seed} on the fork and on --chain avalanche-local agree with avalanchego`,
    { timeout: 1_800_000 },
    async (t) => {
      const sides: CallSide[] = [
        { name: 'fork', url: fork.url, block: forkBlock.number },
        // A fresh chain has its own block hashes.
        {
          name: 'local',
          url: local.url,
          block: 'latest',
          explains: (_divergence, spec) => (readsBlockHash(spec) ? 'blockhash' : undefined),
        },
      ];
      const report = await runCorethDifferential(node.cChainRpc, sides, forkBlock, seed, cases);
      t.diagnostic(`seed ${seed}: ${cases} cases in ${(report.ms / 1000).toFixed(1)} s`);
      for (const [cause, count] of Object.entries(report.explained)) t.diagnostic(`known difference ${cause}: ${count} case(s)`);
      assert.deepEqual(
        report.unexplained,
        [],
        `${report.unexplained.length} unexplained divergence(s):\n${report.unexplained.join('\n\n')}`,
      );
    },
  );
});
