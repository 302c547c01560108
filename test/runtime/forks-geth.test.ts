// Ethereum's forks before Berlin and failing precompiles, as geth v1.17.5 traces them: each case's expected
// value is what the geth oracle (test/oracle) answers for it, so these run without Go. Constantinople with
// EIP-1283's SSTORE gas, a CALL's whole cost before Berlin when it cannot be paid, opcodes of later forks
// undefined (free, no arguments), SELFDESTRUCT's gas before Berlin, a fee-less traced call leaving the coinbase
// alone, an EIP-155 signature before Spurious Dragon, every failing precompile's error text, and erc7562Tracer's
// crash on missing stack items.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createCustomCommon, Hardfork, Mainnet } from '@ethereumjs/common';
import { createLegacyTx } from '@ethereumjs/tx';
import { bytesToHex, hexToBytes, privateToAddress } from '@ethereumjs/util';
import type { TraceJob } from '../../runtime/evm/job';
import { chainConfigFor } from '../../runtime/chain/hardforks';
import { runTraceJob } from '../../runtime/trace/run';
import type { Item } from '../differential/asm';
import { smallContracts, smallJob, type SmallJobOptions } from '../differential/small-job';

function at(fork: string, tracer: string, programs: Item[][], options: SmallJobOptions = {}): TraceJob {
  return smallJob(tracer, programs, { ...options, chainConfig: chainConfigFor(1337, fork) });
}

async function json(job: TraceJob): Promise<unknown> {
  const [result] = await runTraceJob(job);
  assert.ok('json' in result, `expected a result, got: ${'error' in result ? result.error : ''}`);
  return JSON.parse(result.json);
}

interface StructLog {
  op: string;
  gasCost: number;
  error?: string;
  refund?: number;
}

/** The struct log's last entry: the step that failed. */
async function lastStep(job: TraceJob): Promise<StructLog> {
  const { structLogs } = (await json(job)) as { structLogs: StructLog[] };
  return structLogs[structLogs.length - 1];
}

const gasUsed = '{fault: function() {}, result: function(ctx) { return ctx.gasUsed; }}';
/** Stores 5 in slot 0, then 0 again: EIP-1283 refunds the slot's reset to its original zero. */
const storeAndReset: Item[] = [5n, 0n, 'SSTORE', 0n, 0n, 'SSTORE', 'STOP'];

test('Constantinople has EIP-1283: storing and resetting a slot costs 21,412 gas (Petersburg: 31,012)', async () => {
  assert.equal(await json(at('constantinople', gasUsed, [storeAndReset])), 21412);
  assert.equal(await json(at('petersburg', gasUsed, [storeAndReset])), 31012);
});

test("Constantinople: an SSTORE under the 2,300 gas stipend succeeds (EIP-1283's no-op store costs 200); Petersburg runs out of gas", async () => {
  // The first contract sends 1 wei with no gas of its own: the second runs on the stipend and stores 0 in an empty slot.
  const programs: Item[][] = [
    [0n, 0n, 0n, 0n, 1n, BigInt(smallContracts[1]), 0n, 'CALL', 'POP', 'STOP'],
    [0n, 0n, 'SSTORE', 'STOP'],
  ];
  const child = async (fork: string) => ((await json(at(fork, 'callTracer', programs))) as { calls: Array<{ error?: string }> }).calls[0];
  assert.deepEqual(await child('constantinople'), {
    from: smallContracts[0],
    gas: '0x8fc',
    gasUsed: '0xce',
    to: smallContracts[1],
    input: '0x',
    value: '0x1',
    type: 'CALL',
  });
  assert.equal((await child('petersburg')).error, 'out of gas');
});

test('Homestead: a CALL that cannot be paid costs 40 + 25,000 (a new account) + the requested gas, out of gas', async () => {
  const call: Item[] = [0n, 0n, 0n, 0n, 0n, 0xdeadn, 78980n, 'CALL', 'STOP'];
  assert.deepEqual(await lastStep(at('homestead', '', [call], { gas: '0x9000' })), {
    pc: 17,
    op: 'CALL',
    gas: 15843,
    gasCost: 104020,
    depth: 1,
    error: 'out of gas',
    stack: ['0x0', '0x0', '0x0', '0x0', '0x0', '0xdead', '0x13484'],
  });
});

test('an opcode of a later fork is undefined: it costs nothing and takes no arguments (STATICCALL at Homestead, BLOBHASH at Byzantium)', async () => {
  const staticCall = await lastStep(at('homestead', '', [[1n, 2n, 3n, 4n, 5n, 78980n, 'STATICCALL']]));
  assert.deepEqual([staticCall.op, staticCall.gasCost, staticCall.error], ['STATICCALL', 0, undefined]);
  const blobHash = await lastStep(at('byzantium', '', [[{ raw: '49' }]]));
  assert.deepEqual([blobHash.op, blobHash.gasCost, blobHash.error], ['BLOBHASH', 0, undefined]);
  const error = "{fault: function() {}, result: function(ctx) { return '' + ctx.error; }}";
  assert.equal(await json(at('homestead', error, [[1n, 2n, 3n, 4n, 5n, 78980n, 'STATICCALL']])), 'invalid opcode: STATICCALL');
});

test("before Berlin a SELFDESTRUCT's gas is all dynamic: 5,000 + 25,000 for a new beneficiary reported whole, and its refund", async () => {
  const step = await lastStep(at('byzantium', '', [[0xdeadn, 'SELFDESTRUCT']], { gas: '0x52d0' }));
  assert.deepEqual(step, {
    pc: 3,
    op: 'SELFDESTRUCT',
    gas: 197,
    gasCost: 30000,
    depth: 1,
    error: 'out of gas',
    stack: ['0xdead'],
    refund: 24000,
  });
});

test('a traced call that pays no fee leaves the coinbase alone: before EIP-158 no empty account is made for it', async () => {
  const exists =
    "{fault: function() {}, result: function(ctx, db) { return db.exists(toAddress('0x0000000000000000000000000000000000000000')); }}";
  assert.equal(await json(at('homestead', exists, [['STOP']])), false);
});

test("a transaction signed with a chain id (EIP-155) before Spurious Dragon is refused with geth's text", async () => {
  const key = hexToBytes(`0x${'5a'.repeat(32)}`);
  const common = createCustomCommon({ chainId: 1337 }, Mainnet, { hardfork: Hardfork.SpuriousDragon });
  const signed = createLegacyTx({ nonce: 0n, gasLimit: 100_000n, gasPrice: 1n, to: smallContracts[0] as `0x${string}` }, { common }).sign(
    key,
  );
  const outcome = async (fork: string) => {
    const job = at(fork, 'callTracer', [['STOP']]);
    job.preState[bytesToHex(privateToAddress(key))] = { balance: '0xffffffffff' };
    job.transactions = [{ raw: bytesToHex(signed.serialize()) }];
    const [result] = await runTraceJob(job);
    return result;
  };
  assert.deepEqual(await outcome('tangerineWhistle'), { error: 'invalid transaction v, r, s values' });
  assert.ok('json' in (await outcome('spuriousDragon')));
});

const word = (value: bigint) => value.toString(16).padStart(64, '0');
const element = (value: bigint) => value.toString(16).padStart(128, '0');
const bnModulus = 21888242871839275222246405745257275088696311157297823662689037894645226208583n;
const blsModulus = 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaabn;

/** A transaction straight to precompile `address` with `input`, traced by callTracer (at Osaka). */
function precompileCall(address: number, input: string, gas = '0x100000'): TraceJob {
  const job = smallJob('callTracer', [['STOP']], { gas, data: `0x${input}` });
  const [entry] = job.transactions;
  if ('call' in entry) entry.call.to = `0x${address.toString(16).padStart(40, '0')}`;
  return job;
}

test("a failing precompile's error is geth's: its gas checked first, then its input in geth's order", async () => {
  const cases: Array<[string, TraceJob, string]> = [
    ['bn254 add, a coordinate not below the modulus', precompileCall(6, word(bnModulus) + word(2n)), 'invalid fp.Element encoding'],
    ['bn254 mul, a point off the curve', precompileCall(7, word(1n) + word(3n) + word(5n)), 'point is not on curve'],
    ['bn254 pairing, 32 bytes', precompileCall(8, word(1n)), 'bad elliptic curve pairing size'],
    ['bn254 pairing, 32 bytes with less gas than its base cost', precompileCall(8, word(1n), '0x5ac8'), 'out of gas'],
    ['blake2f, a final flag of 2', precompileCall(9, '00000001' + '00'.repeat(208) + '02'), 'invalid final flag'],
    ['blake2f, a final flag of 2 and more rounds than gas', precompileCall(9, 'ffffffff' + '00'.repeat(208) + '02'), 'out of gas'],
    [
      'modexp, a base of 1,025 bytes (EIP-7823)',
      precompileCall(5, word(1025n) + word(0n) + word(1n)),
      'one or more of base/exponent/modulus length exceeded 1024 bytes',
    ],
    ['BLS12-381 G1 add, a top byte set', precompileCall(0x0b, '01' + '00'.repeat(255)), 'invalid field element top bytes'],
    [
      'BLS12-381 G1 add, a point off the curve',
      precompileCall(0x0b, element(1n) + element(1n) + element(0n) + element(0n)),
      'invalid point: not on curve',
    ],
    ['BLS12-381 G1 multi-exponentiation, empty', precompileCall(0x0c, ''), 'invalid input length'],
    ['BLS12-381 pairing, empty', precompileCall(0x0f, ''), 'invalid input length'],
    ['BLS12-381 map to G1, the modulus', precompileCall(0x10, element(blsModulus)), 'invalid fp.Element encoding'],
  ];
  for (const [name, job, error] of cases) assert.equal(((await json(job)) as { error?: string }).error, error, name);
});

test("frameResult.getError() of a failing precompile called from a contract is geth's text", async () => {
  // The contract calls the bn254 pairing precompile with 32 bytes of memory.
  const tracer =
    '{errors: [], enter: function() {}, exit: function(r) { this.errors.push(r.getError()); }, fault: function() {}, result: function() { return this.errors; }}';
  assert.deepEqual(await json(smallJob(tracer, [[0n, 0n, 32n, 0n, 8n, 'GAS', 'STATICCALL', 'STOP']])), ['bad elliptic curve pairing size']);
});

test("erc7562Tracer reads the stack items an opcode takes even where they are missing, and geth's RPC answers its panic: 'method handler crashed'", async () => {
  // TSTORE is undefined before Cancun: it runs on an empty stack.
  const [crashed] = await runTraceJob(at('istanbul', 'erc7562Tracer', [[{ raw: '5d' }]]));
  assert.deepEqual(crashed, { error: 'method handler crashed' });
  const [underflow] = await runTraceJob(smallJob('erc7562Tracer', [[1n, 'KECCAK256']]));
  assert.deepEqual(underflow, { error: 'method handler crashed' });
});
