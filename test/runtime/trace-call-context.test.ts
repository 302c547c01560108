// debug_traceCall's TraceCallConfig beyond the tracer, on the dev node: blockOverrides (each header field the
// call sees, BLOCKHASH's n+1 case, the fee-less base fee), txIndex (the state inside a block, geth's errors),
// geth's decoding texts for badly typed members, its apply-time refusals and precompile moves for state
// overrides, and keccak256PreimageTracer. A job with several transactions shows that the overrides reach the
// call only, after the block's earlier transactions. test/reference/geth-trace-call.test.ts checks the same
// against geth itself.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { toChecksumAddress } from '@ethereumjs/util';
import type { LocalNode } from '../../core/local-node-launcher';
import { devAccounts } from '../../runtime/chain/dev-accounts';
import type { TraceJob } from '../../runtime/evm/job';
import { runTraceJob } from '../../runtime/trace/run';
import { blockProbeInitcode, blockProbeRuntime, blockProbeWords } from '../support/block-probe';
import { keccakCasesCode, keccakCasesPreimages } from '../support/keccak-cases';
import { pragueChainConfig, signedRawCall } from '../support/prague-chain';
import { call, rpc, startNode } from './node-helpers';

const contextTracer = `{step: function() {}, fault: function() {},
  result: function(ctx) { return {block: ctx.block, coinbase: toHex(ctx.coinbase), output: toHex(ctx.output), error: ctx.error}; }}`;

interface Traced {
  block: number;
  coinbase: string;
  output: string;
  error?: string;
}

interface Block {
  number: string;
  miner: string;
  hash: string;
  parentHash: string;
}

const hex = (value: bigint) => '0x' + value.toString(16);
const address = (last: string) => '0x' + last.padStart(40, '0');

describe('debug_traceCall: block overrides, txIndex, state overrides', () => {
  let node: LocalNode;
  let from: string;
  let probe: string;
  let head: Block;
  const fees = { maxFeePerGas: '0x3b9aca00', maxPriorityFeePerGas: '0x1' };
  const trace = (block: string, config: Record<string, unknown>, callFields: Record<string, unknown> = {}) =>
    rpc(node.url, 'debug_traceCall', [{ from, to: probe, ...fees, ...callFields }, block, { tracer: contextTracer, ...config }]);
  const traced = async (block: string, config: Record<string, unknown>, callFields?: Record<string, unknown>) => {
    const reply = await trace(block, config, callFields);
    assert.equal(reply.error, undefined, JSON.stringify(reply.error));
    return reply.result as Traced;
  };

  before(async () => {
    node = await startNode();
    [from] = await call<string[]>(node.url, 'eth_accounts');
    const deploy = await call<string>(node.url, 'eth_sendTransaction', [{ from, data: blockProbeInitcode }]);
    probe = (await call<{ contractAddress: string }>(node.url, 'eth_getTransactionReceipt', [deploy])).contractAddress;
    // Gas given: the probe's cost depends on the block it runs in, which an estimate cannot know.
    for (let i = 0; i < 2; i++) await call(node.url, 'eth_sendTransaction', [{ from, to: probe, gas: '0x30000' }]);
    head = await call<Block>(node.url, 'eth_getBlockByNumber', ['latest', false]);
    assert.equal(head.number, '0x3');
  });
  after(() => node?.stop());

  test('each overridden header field is what the call sees (and ctx.block, ctx.coinbase); later blocks have no hash', async () => {
    const n = BigInt(head.number);
    const overrides = {
      number: hex(n + 10n),
      time: '0x77777777',
      gasLimit: '0x1234567',
      feeRecipient: address('bb'),
      prevRandao: '0x' + '12'.repeat(32),
      baseFeePerGas: '0x5',
      blobBaseFee: '0x9',
    };
    const result = await traced('latest', { blockOverrides: overrides });
    assert.deepEqual([result.block, result.coinbase], [Number(n + 10n), address('bb')]);
    const words = blockProbeWords(result.output);
    assert.deepEqual(
      [words.NUMBER, words.TIMESTAMP, words.COINBASE, words.GASLIMIT, words.BASEFEE, words.DIFFICULTY, words.BLOBBASEFEE],
      [n + 10n, 0x77777777n, 0xbbn, 0x1234567n, 5n, BigInt('0x' + '12'.repeat(32)), 9n],
    );
    assert.deepEqual([words['BLOCKHASH(n-1)'], words['BLOCKHASH(n-2)']], [0n, 0n], 'blocks n+8 and n+9 are not known');
  });

  test("number n+1 is the next block: BLOCKHASH(n) is the block's own hash; without overrides, the block's context", async () => {
    const next = blockProbeWords((await traced('latest', { blockOverrides: { number: hex(BigInt(head.number) + 1n) } })).output);
    assert.deepEqual([next['BLOCKHASH(n-1)'], next['BLOCKHASH(n-2)']], [BigInt(head.hash), BigInt(head.parentHash)]);
    const plain = blockProbeWords((await traced('latest', {})).output);
    assert.deepEqual([plain.NUMBER, plain['BLOCKHASH(n-1)']], [BigInt(head.number), BigInt(head.parentHash)]);
    assert.notEqual(plain.BASEFEE, 0n);
  });

  test('a call naming no fee runs with a zero base fee, an overridden one too (geth lowers it after overriding)', async () => {
    const words = blockProbeWords(
      (await traced('latest', { blockOverrides: { baseFeePerGas: '0x5' } }, { maxFeePerGas: undefined, maxPriorityFeePerGas: undefined }))
        .output,
    );
    assert.equal(words.BASEFEE, 0n);
  });

  test("txIndex runs the call inside the block, after its first txIndex transactions; geth's errors", async () => {
    const after3 = blockProbeWords((await traced('0x3', {})).output);
    assert.deepEqual([after3.counter, after3.lastNumber], [2n, 3n]);
    const inside3 = blockProbeWords((await traced('0x3', { txIndex: '0x0' })).output);
    assert.deepEqual([inside3.counter, inside3.lastNumber, inside3.NUMBER], [1n, 2n, 3n]);
    assert.equal((await traced('0x1', { txIndex: '0x0' })).output, '0x', 'before the deployment the probe has no code');
    const errors = await Promise.all([
      trace('0x3', { txIndex: '0x1' }),
      trace('0x0', { txIndex: '0x0' }),
      trace('0x3', { txIndex: '0xffffffffffffffff' }),
      trace('0x3', { txIndex: '0x1', blockOverrides: { beaconRoot: '0x' + '00'.repeat(32) } }),
    ]);
    assert.deepEqual(
      errors.map((reply) => reply.error),
      [
        { code: -32000, message: `transaction index 1 out of range for block ${head.hash}` },
        { code: -32000, message: 'no transaction in genesis' },
        // geth takes the index as a Go int: from 2^63 up it is negative.
        { code: -32000, message: `transaction index -1 out of range for block ${head.hash}` },
        { code: -32000, message: `transaction index 1 out of range for block ${head.hash}` },
      ],
    );
  });

  test("badly typed members get geth's decoding texts (the first in the config's order; a type's own error first)", async () => {
    const field = (name: string, type: string) => `Go struct field BlockOverrides.BlockOverrides.${name} of type ${type}`;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ blockOverrides: { number: 5 } }, `json: cannot unmarshal non-string into ${field('Number', '*hexutil.Big')}`],
      [{ blockOverrides: { NUMBER: '10' } }, `json: cannot unmarshal hex string without 0x prefix into ${field('Number', '*hexutil.Big')}`],
      [{ blockOverrides: { number: '0x' } }, `json: cannot unmarshal hex string "0x" into ${field('Number', '*hexutil.Big')}`],
      [
        { blockOverrides: { number: '0x01' } },
        `json: cannot unmarshal hex number with leading zero digits into ${field('Number', '*hexutil.Big')}`,
      ],
      [
        { blockOverrides: { number: '0x1' + '0'.repeat(64) } },
        `json: cannot unmarshal hex number > 256 bits into ${field('Number', '*hexutil.Big')}`,
      ],
      [
        { blockOverrides: { baseFeePerGas: '0xzz' } },
        `json: cannot unmarshal invalid hex string into ${field('BaseFeePerGas', '*hexutil.Big')}`,
      ],
      [
        { blockOverrides: { time: '0x1' + '0'.repeat(16) } },
        `json: cannot unmarshal hex number > 64 bits into ${field('Time', 'hexutil.Uint64')}`,
      ],
      [{ blockOverrides: { feeRecipient: '0x12' } }, 'hex string has length 2, want 40 for common.Address'],
      [
        { blockOverrides: { feeRecipient: '0x123' } },
        `json: cannot unmarshal hex string of odd length into ${field('FeeRecipient', 'common.Address')}`,
      ],
      [
        { blockOverrides: { prevRandao: '12'.repeat(32) } },
        `json: cannot unmarshal hex string without 0x prefix into ${field('PrevRandao', 'common.Hash')}`,
      ],
      [{ blockOverrides: { withdrawals: {} } }, `json: cannot unmarshal object into ${field('Withdrawals', 'types.Withdrawals')}`],
      [
        { blockOverrides: { withdrawals: 5, number: '0x' } },
        `json: cannot unmarshal hex string "0x" into ${field('Number', '*hexutil.Big')}`,
      ],
      [
        { blockOverrides: 'x' },
        'json: cannot unmarshal string into Go struct field TraceCallConfig.BlockOverrides of type override.BlockOverrides',
      ],
      [
        { blockOverrides: [], txIndex: 0 },
        'json: cannot unmarshal non-string into Go struct field TraceCallConfig.TxIndex of type hexutil.Uint',
      ],
      [
        { txIndex: '0x1' + '0'.repeat(16) },
        'json: cannot unmarshal hex number > 64 bits into Go struct field TraceCallConfig.TxIndex of type hexutil.Uint',
      ],
      [
        { stateOverrides: { [probe]: { balance: true } } },
        'json: cannot unmarshal non-string into Go struct field OverrideAccount.StateOverrides.balance of type *hexutil.Big',
      ],
      [
        { stateOverrides: { [probe]: { code: '0x1' } } },
        'json: cannot unmarshal hex string of odd length into Go struct field OverrideAccount.StateOverrides.code of type hexutil.Bytes',
      ],
      [{ stateOverrides: { [probe]: { state: { '0x01': '0x02' } } } }, 'hex string has length 2, want 64 for common.Hash'],
      [
        { stateOverrides: { [probe]: { stateDiff: [] } } },
        'json: cannot unmarshal array into Go struct field OverrideAccount.StateOverrides.stateDiff of type map[common.Hash]common.Hash',
      ],
      [
        { stateOverrides: { [probe]: { state: 5, nonce: 5 } } },
        'json: cannot unmarshal non-string into Go struct field OverrideAccount.StateOverrides.nonce of type hexutil.Uint64',
      ],
      [
        { stateOverrides: { ['0x' + 'zz'.repeat(20)]: {} } },
        'json: cannot unmarshal invalid hex string into Go struct field TraceCallConfig.StateOverrides of type common.Address',
      ],
      [
        { stateOverrides: { [probe]: [] } },
        'json: cannot unmarshal array into Go struct field TraceCallConfig.StateOverrides of type override.OverrideAccount',
      ],
    ];
    for (const [config, message] of cases) {
      assert.deepEqual(
        (await trace('latest', config)).error,
        { code: -32602, message: `invalid argument 2: ${message}` },
        JSON.stringify(config),
      );
    }
    // eth_call's set is a parameter of its own: Go names no struct for it.
    const ethCall = await rpc(node.url, 'eth_call', [{ to: probe }, 'latest', { [probe]: [] }]);
    assert.deepEqual(ethCall.error, {
      code: -32602,
      message: 'invalid argument 2: json: cannot unmarshal array into Go value of type override.OverrideAccount',
    });
    // Unknown keys and nulls are ignored, as geth ≥ 1.16 ignores them (coreth's `coinbase` too).
    const ignored = await traced('latest', {
      blockOverrides: { coinbase: address('cc'), number: null },
      txIndex: null,
      stateOverrides: null,
    });
    assert.deepEqual([ignored.coinbase, ignored.block], [head.miner, Number(head.number)]);
  });

  test("what geth refuses when applying: beaconRoot, withdrawals, 'state' with 'stateDiff', precompile moves", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ blockOverrides: { beaconRoot: '0x' + '12'.repeat(32) } }, 'block override "beaconRoot" is not supported for this RPC method'],
      [{ blockOverrides: { withdrawals: [] } }, 'block override "withdrawals" is not supported for this RPC method'],
      // Addresses checksummed, as geth prints them.
      [
        { stateOverrides: { [address('abcdef0000000000000000000000000000000aa1')]: { state: {}, stateDiff: {} } } },
        "account 0xABcDEf0000000000000000000000000000000aa1 has both 'state' and 'stateDiff'",
      ],
      [
        { stateOverrides: { [probe]: { movePrecompileToAddress: address('bb') } } },
        `account ${toChecksumAddress(probe)} is not a precompile`,
      ],
      [
        { stateOverrides: { [address('2')]: { movePrecompileToAddress: address('3') }, [address('3')]: {} } },
        `account ${address('3')} is already overridden`,
      ],
    ];
    for (const [config, message] of cases) {
      assert.deepEqual((await trace('latest', config)).error, { code: -32000, message }, JSON.stringify(config));
    }
  });

  test('an overridden precompile is an ordinary account for the call; a moved one answers at its new address', async () => {
    const input = '0x1234';
    const sha256 = '0x' + createHash('sha256').update(Buffer.from('1234', 'hex')).digest('hex');
    const move = { stateOverrides: { [address('2')]: { movePrecompileToAddress: address('bb') } } };
    const at = (to: string, config: Record<string, unknown>) => traced('latest', config, { to, data: input });
    assert.equal((await at(address('bb'), move)).output, sha256);
    assert.equal((await at(address('2'), move)).output, '0x');
    assert.equal((await at(address('2'), { stateOverrides: { [address('2')]: null } })).output, '0x', 'a null override still overrides');
    const code = { stateOverrides: { [address('2')]: { code: '0x60016000526001601ff3' } } };
    assert.equal((await at(address('2'), code)).output, '0x01');
    assert.equal((await at(address('2'), {})).output, sha256);
  });

  test('keccak256PreimageTracer: every KECCAK256 input by its hash, as geth reads it', async () => {
    const reply = await rpc(node.url, 'debug_traceCall', [
      { to: address('ee') },
      'latest',
      { tracer: 'keccak256PreimageTracer', stateOverrides: { [address('ee')]: { code: keccakCasesCode } } },
    ]);
    assert.deepEqual(reply.result, keccakCasesPreimages());
    const none = await rpc(node.url, 'debug_traceCall', [{ to: address('ee') }, 'latest', { tracer: 'keccak256PreimageTracer' }]);
    assert.deepEqual(none.result, {});
  });
});

test("in a job, block and state overrides reach the call only, after the block's earlier transactions", async () => {
  const [signer] = devAccounts(1);
  const probe = address('c0c0');
  const job = (overrides: Partial<TraceJob>): TraceJob => ({
    chainConfig: pragueChainConfig,
    preState: { [signer.address]: { balance: hex(10n ** 20n) }, [probe]: { code: blockProbeRuntime } },
    block: {
      number: '0x5',
      timestamp: '0x6553f100',
      gasLimit: '0x1c9c380',
      coinbase: address('0'),
      baseFeePerGas: '0x7',
      difficulty: '0x0',
    },
    transactions: [{ raw: signedRawCall(signer, probe) }, { raw: signedRawCall(signer, probe, { nonce: 1n }) }, { call: { to: probe } }],
    trace: [2],
    tracer: contextTracer,
    timeoutMs: 30_000,
    ...overrides,
  });
  const words = async (overrides: Partial<TraceJob>) => {
    const [outcome] = await runTraceJob(job(overrides));
    assert.ok('json' in outcome, JSON.stringify(outcome));
    return blockProbeWords((JSON.parse(outcome.json) as Traced).output);
  };
  const plain = await words({});
  assert.deepEqual([plain.counter, plain.lastNumber, plain.NUMBER], [2n, 5n, 5n]);
  const callBlock = { ...job({}).block, number: '0x64' };
  const overridden = await words({
    callBlock,
    callState: { [probe]: { stateDiff: { ['0x' + '00'.repeat(32)]: '0x' + '10'.padStart(64, '0') } } },
  });
  // The earlier transactions ran at block 5 (lastNumber) and counted to 2; the override then set 0x10.
  assert.deepEqual([overridden.counter, overridden.lastNumber, overridden.NUMBER], [0x10n, 5n, 100n]);
});
