// Divergences from geth that the differential tests (test/differential) found, each fixed in the runtime:
// the smallest case, with what geth v1.17.5 answers for it (from the geth oracle, test/oracle) as the
// expected value, so these run without Go.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TraceOutcome } from '../../runtime/evm/job';
import { runTraceJob } from '../../runtime/trace/run';
import { assemble, type Item } from '../differential/asm';
import { caseJob, type CaseSpec } from '../differential/cases';
import { contractAddresses } from '../differential/programs';
import { cancunConfig, osakaConfig, smallContracts, smallJob, smallSender, type SmallJobOptions } from '../differential/small-job';

async function outcome(tracer: string, programs: Item[][], options?: SmallJobOptions): Promise<TraceOutcome> {
  const [result] = await runTraceJob(smallJob(tracer, programs, options));
  return result;
}

async function json(tracer: string, programs: Item[][], options?: SmallJobOptions): Promise<unknown> {
  const result = await outcome(tracer, programs, options);
  assert.ok('json' in result, `expected a result, got: ${'error' in result ? result.error : ''}`);
  return JSON.parse(result.json);
}

const callSecond: Item[] = [0n, 0n, 0n, 0n, 0n, BigInt(smallContracts[1]), 'GAS', 'CALL', 'POP'];

test("struct logger: a SELFDESTRUCT in a child frame does not end the parent frame's log", async () => {
  const result = await json(
    '',
    [
      [...callSecond, 1n, 'POP', 'STOP'],
      [BigInt(smallSender), 'SELFDESTRUCT'],
    ],
    { tracerConfig: '{"disableStack":true}' },
  );
  const log = (pc: number, op: string, gas: number, gasCost: number, depth = 1) => ({ pc, op, gas, gasCost, depth });
  assert.deepEqual(result, {
    gas: 28625,
    failed: false,
    returnValue: '0x',
    structLogs: [
      log(0, 'PUSH0', 175608, 2),
      log(1, 'PUSH0', 175606, 2),
      log(2, 'PUSH0', 175604, 2),
      log(3, 'PUSH0', 175602, 2),
      log(4, 'PUSH0', 175600, 2),
      log(5, 'PUSH1', 175598, 3),
      log(7, 'GAS', 175595, 2),
      log(8, 'CALL', 175593, 172890),
      log(0, 'PUSH1', 170290, 3, 2),
      log(2, 'SELFDESTRUCT', 170287, 5000, 2),
      log(9, 'POP', 167990, 2),
      log(10, 'PUSH1', 167988, 3),
      log(12, 'POP', 167985, 2),
      log(13, 'STOP', 167983, 0),
    ],
  });
});

test('callTracer: a call that fails its pre-check shows its input as memory held at the CALL, not as later opcodes left it', async () => {
  const program: Item[] = [
    0x24n,
    0n,
    'MSTORE',
    0n,
    0n,
    32n,
    0n,
    1n << 100n,
    BigInt(smallContracts[1]),
    'GAS',
    'CALL',
    'POP',
    0xffn,
    0n,
    'MSTORE',
    'STOP',
  ];
  const result = (await json('callTracer', [program, ['STOP']])) as { calls: Array<Record<string, string>> };
  assert.deepEqual(result.calls, [
    {
      from: smallContracts[0],
      gas: '0x27f86',
      gasUsed: '0x0',
      to: smallContracts[1],
      input: '0x' + '00'.repeat(31) + '24',
      error: 'insufficient balance for transfer',
      value: '0x10000000000000000000000000',
      type: 'CALL',
    },
  ]);
});

test("a transaction below its intrinsic gas and one below the EIP-7623 calldata floor get geth's two texts", async () => {
  const data = '0x' + 'ab'.repeat(32);
  const base = smallJob('callTracer', [['STOP']]);
  const outcomes = await runTraceJob({
    ...base,
    transactions: [21100, 22000].map((gas) => ({ call: { from: smallSender, to: smallContracts[0], gas: String(gas), data } })),
    trace: [0, 1],
  });
  assert.deepEqual(outcomes, [
    { error: 'tracing failed: intrinsic gas too low: have 21100, want 21512' },
    { error: 'tracing failed: insufficient gas for floor data gas cost: have 22000, want 22280' },
  ]);
});

test('without a step hook, fault sees the log geth never filled in (also when enter/exit run steps)', async () => {
  const tracer = `{f: [], enter: function() {}, exit: function() {}, fault: function(log) { this.f.push([log.op.toString(), log.getPC(), log.getGas(),
    log.getCost(), log.getDepth(), log.getRefund(), log.stack.length(), log.memory.length(), toHex(log.memory.slice(0, 2)), log.getError()]); },
    result: function() { return this.f; }}`;
  assert.deepEqual(await json(tracer, [[2n, 0n, 'MSTORE8', 0n, 1n, 'SSTORE', 5n, 0n, 0n, 'REVERT']]), [
    ['STOP', 0, 0, 0, 0, 0, 0, 0, '0x0000', 'execution reverted'],
  ]);
});

test('a failing precompile is no fault: geth calls fault from its interpreter only', async () => {
  const tracer =
    '{f: [], e: [], step: function() {}, enter: function() {}, exit: function(r) { this.e.push(r.getGasUsed()); }, fault: function(log) { this.f.push(log.getError()); }, result: function() { return [this.f, this.e]; }}';
  // bn254 addition of (1, 3), which is not on the curve.
  const result = (await json(tracer, [
    [1n, 0n, 'MSTORE', 3n, 32n, 'MSTORE', 0n, 0n, 128n, 0n, 0n, 6n, 100000n, 'CALL', 'STOP'],
  ])) as unknown[][];
  assert.deepEqual(result, [[], [100000]]);
});

const enterTargets =
  '{e: [], enter: function(f) { this.e.push(f.getType() + " " + toHex(f.getTo())); }, exit: function() {}, fault: function() {}, result: function() { return this.e; }}';

test('a CREATE2 that fails its pre-check is entered with its CREATE2 address', async () => {
  // CREATE2 of the one-byte init code 0xfe with salt 7 and more value than the contract has.
  assert.deepEqual(await json(enterTargets, [[0xfen, 0n, 'MSTORE8', 7n, 1n, 0n, 1n << 100n, 'CREATE2', 'STOP']]), [
    'CREATE2 0x4718224f990a8a46bba0dae93c114c0db99770d3',
  ]);
});

test('CALL and SELFDESTRUCT to a stack word wider than 20 bytes use its low 20 bytes (the trace failed)', async () => {
  const program: Item[] = [0n, 0n, 0n, 0n, 1n << 100n, (1n << 200n) | 0xc3n, 'GAS', 'CALL', 'POP', (1n << 255n) | 0xc2n, 'SELFDESTRUCT'];
  assert.deepEqual(await json(enterTargets, [program]), [
    'CALL 0x00000000000000000000000000000000000000c3',
    'SELFDESTRUCT 0x00000000000000000000000000000000000000c2',
  ]);
});

test("flatCallTracer on a call (debug_traceCall): blockNumber 0, as geth's empty trace context gives", async () => {
  const result = (await json('flatCallTracer', [['STOP']])) as Array<Record<string, unknown>>;
  assert.deepEqual(
    result.map((r) => [r.blockNumber, r.blockHash, r.transactionHash]),
    [[0, null, null]],
  );
});

test('opcode names as geth v1.17 prints them: EOF names it keeps in its table, undefined bytes with %#x (0xc)', async () => {
  const tracer =
    '{o: [], step: function(log) { this.o.push(log.op.toString()); }, fault: function(log) { this.o.push(log.getError()); }, result: function() { return this.o; }}';
  assert.deepEqual(await json(tracer, [[{ raw: 'fb' }]]), ['EXTSTATICCALL', 'invalid opcode: EXTSTATICCALL']);
  assert.deepEqual(await json(tracer, [[{ raw: '0c' }]]), ['opcode 0xc not defined', 'invalid opcode: opcode 0xc not defined']);
});

test("step cost of a LOG refused in a static frame, a LOG that cannot pay, a RETURNDATACOPY past the return data: geth's whole cost", async () => {
  const tracer = `{o: [], step: function(log) { var n = log.op.toNumber(); if (n >= 0xa0 && n <= 0xa4 || n === 0x3e) this.o.push([log.op.toString(), log.getCost(), log.getError() || null]); },
    fault: function(log) { this.o.push(log.getError()); }, result: function() { return this.o; }}`;
  const result = await json(tracer, [
    [
      0n,
      0n,
      0n,
      0n,
      BigInt(smallContracts[1]),
      50000n,
      'STATICCALL',
      'POP',
      0n,
      0n,
      0n,
      0n,
      0n,
      BigInt(smallContracts[2]),
      100n,
      'CALL',
      'POP',
      2n,
      0n,
      0n,
      'RETURNDATACOPY',
    ],
    [4n, 3n, 2n, 1n, 32n, 64n, 'LOG4', 'STOP'],
    [3n, 2n, 1n, 32n, 0n, 'LOG3'],
  ]);
  assert.deepEqual(result, [
    ['LOG4', 2140, null],
    'write protection',
    ['LOG3', 1759, 'out of gas'],
    ['RETURNDATACOPY', 9, null],
    'return data out of bounds',
  ]);
});

test('in a static frame SSTORE, CREATE, CREATE2, SELFDESTRUCT and CALL with value fail in their dynamic gas (geth v1.17): a step error, no fault', async () => {
  const tracer = `{o: [], step: function(log) { if (log.getError()) this.o.push([log.op.toString(), log.getCost(), log.getError()]); },
    fault: function(log) { this.o.push('fault ' + log.getError()); }, enter: function() {}, exit: function(r) { this.o.push('exit ' + r.getError()); },
    result: function() { return this.o; }}`;
  const inStatic = (program: Item[]) =>
    json(tracer, [[0n, 0n, 0n, 0n, BigInt(smallContracts[1]), 100000n, 'STATICCALL', 'STOP'], program, ['STOP']]);
  const refused = (op: string, cost: number) => [[op, cost, 'out of gas: write protection'], 'exit out of gas: write protection'];
  assert.deepEqual(await inStatic([1n, 0n, 'SSTORE']), refused('SSTORE', 0));
  assert.deepEqual(await inStatic([1n, 0n, 0n, 'CREATE']), refused('CREATE', 32000));
  assert.deepEqual(await inStatic([1n, 1n, 0n, 0n, 'CREATE2']), refused('CREATE2', 32000));
  assert.deepEqual(await inStatic([BigInt(smallContracts[2]), 'SELFDESTRUCT']), refused('SELFDESTRUCT', 5000));
  assert.deepEqual(await inStatic([0n, 0n, 0n, 0n, 1n, BigInt(smallContracts[2]), 'GAS', 'CALL']), refused('CALL', 100));
  // CALLCODE with value is allowed; TSTORE is refused when it executes, as a fault.
  assert.deepEqual(await inStatic([0n, 0n, 0n, 0n, 1n, BigInt(smallContracts[2]), 'GAS', 'CALLCODE', 'POP', 1n, 0n, 'TSTORE']), [
    'exit undefined',
    'fault write protection',
    'exit write protection',
  ]);
});

test('a create failing on the code it returned: geth charges the deposit before checking the size, and reports that code as output', async () => {
  const tracer =
    '{o: [], enter: function() {}, exit: function(r) { this.o.push([r.getError(), r.getGasUsed(), r.getOutput().length]); }, fault: function() {}, result: function() { return this.o; }}';
  // CREATE of init code given as one word; it returns `size` bytes of memory (or 0xef then a zero byte).
  const create = (init: Item[]): Item[] => {
    const code = assemble(init).slice(2);
    return [BigInt('0x' + code.padEnd(64, '0')), 0n, 'MSTORE', BigInt(code.length / 2), 0n, 0n, 'CREATE', 'POP', 'STOP'];
  };
  const tooLarge = create([24577n, 0n, 'RETURN']);
  assert.deepEqual(await json(tracer, [tooLarge], { gas: '0x7a1200' }), [
    ['max code size exceeded: code size 24577 limit 24576', 7822809, 24577],
  ]);
  assert.deepEqual(await json(tracer, [tooLarge], { gas: '0x200000' }), [['contract creation code storage out of gas', 2012193, 24577]]);
  assert.deepEqual(await json(tracer, [create([0xefn, 0n, 'MSTORE8', 2n, 0n, 'RETURN'])]), [
    ['invalid code: must not begin with 0xef', 141345, 2],
  ]);
  const callTree = (await json('callTracer', [tooLarge], { gas: '0x200000' })) as { calls: Array<{ error: string }> };
  assert.equal(callTree.calls[0].error, 'contract creation code storage out of gas');
});

test("callTracer (steps tapped for call opcodes only): geth's text for a write refused in a static frame and for an undefined opcode", async () => {
  const result = (await json('callTracer', [
    [0n, 0n, 0n, 0n, BigInt(smallContracts[1]), 50000n, 'STATICCALL', { raw: '0c' }],
    [1n, 0n, 'SSTORE'],
  ])) as {
    error: string;
    calls: Array<{ error: string }>;
  };
  assert.equal(result.error, 'invalid opcode: opcode 0xc not defined');
  assert.equal(result.calls[0].error, 'out of gas: write protection');
});

/** Two calls to the first contract in one block, the second traced; `first` overrides the first call's fields. */
async function secondCall(
  tracer: string,
  program: Item[],
  chainConfig: Record<string, unknown>,
  first: Record<string, string> = {},
): Promise<unknown> {
  const base = smallJob(tracer, [program]);
  const call = { from: smallSender, to: smallContracts[0], gas: '0x30000' };
  const [result] = await runTraceJob({
    ...base,
    chainConfig: { ...chainConfig, chainId: 1337 },
    transactions: [{ call: { ...call, ...first } }, { call }],
    trace: [1],
  });
  assert.ok('json' in result, `expected a result, got: ${'error' in result ? result.error : ''}`);
  return JSON.parse(result.json);
}

const shanghaiConfig = Object.fromEntries(
  Object.entries(osakaConfig).filter(([key]) => !['cancunTime', 'pragueTime', 'osakaTime'].includes(key)),
);
const codeAndSteps = `{n: 0, step: function() { this.n++; }, fault: function() {}, result: function(ctx, db) { return [this.n, toHex(db.getCode(toAddress('${smallContracts[0]}')))]; }}`;

test('a contract that self-destructed in an earlier transaction of the block (before Cancun) is gone: no code runs', async () => {
  assert.deepEqual(await secondCall(codeAndSteps, [BigInt(smallSender), 'SELFDESTRUCT'], shanghaiConfig), [0, '0x']);
});

test("an earlier transaction keeps the block's base fee when the traced call pays no gas price (only the call gets base fee 0)", async () => {
  const coinbase = '{fault: function() {}, result: function(ctx, db) { return db.getBalance(ctx.coinbase).toString(); }}';
  // The first call pays 16 per gas with base fee 7: the coinbase gets 9 per gas of its 26003.
  assert.equal(await secondCall(coinbase, [BigInt(smallSender), 'SELFDESTRUCT'], shanghaiConfig, { gasPrice: '0x10' }), '234027');
});

test('fault reads the state as the failing opcode left it (ethereumjs reverts the frame before reporting the failure)', async () => {
  const tracer = `{o: [], step: function() {}, fault: function(log, db) { this.o.push([db.getBalance(log.contract.getAddress()).toString(),
    db.getBalance(toAddress('0x000000000000000000000000000000000000dead')).toString()]); }, result: function() { return this.o; }}`;
  // The contract (balance 0x10) sends 16 wei to 0xdead, then reverts.
  assert.deepEqual(await json(tracer, [[0n, 0n, 0n, 0n, 16n, 0xdeadn, 2301n, 'CALL', 'POP', 0n, 0n, 'REVERT']]), [['0', '16']]);
});

const berlin = Object.fromEntries(
  Object.entries(osakaConfig).filter(
    ([key]) => !['londonBlock', 'terminalTotalDifficulty', 'shanghaiTime', 'cancunTime', 'pragueTime', 'osakaTime'].includes(key),
  ),
);

test("before London a SELFDESTRUCT's own step shows its 24000 refund (geth adds it in the opcode's gas), once per contract", async () => {
  const call: Item[] = [0n, 0n, 0n, 0n, 0n, BigInt(smallContracts[1]), 'GAS', 'CALL', 'POP'];
  const job = smallJob(
    "{o: [], step: function(log) { if (log.getDepth() === 2) this.o.push(log.op.toString() + ' ' + log.getRefund()); }, fault: function() {}, result: function() { return this.o; }}",
    [],
  );
  // No PUSH0 before Shanghai.
  job.preState[smallContracts[0]] = { code: assemble([...call, ...call, 'STOP'], [], false) };
  job.preState[smallContracts[1]] = { code: assemble([BigInt(smallSender), 'SELFDESTRUCT'], [], false) };
  const { baseFeePerGas: _fee, prevRandao: _randao, ...block } = job.block;
  const [result] = await runTraceJob({ ...job, chainConfig: { ...berlin, chainId: 1337 }, block: { ...block, difficulty: '0x20000' } });
  assert.ok('json' in result);
  assert.deepEqual(JSON.parse(result.json), ['PUSH1 0', 'SELFDESTRUCT 24000', 'PUSH1 24000', 'SELFDESTRUCT 24000']);
});

test("the opcode byte of an undefined opcode is read from the code ethereumjs loaded: a create's init code, an EIP-7702 delegate's code", async () => {
  const delegated = '0x00000000000000000000000000000000000000d7';
  const job = smallJob('callTracer', [[0n, 0n, 0n, 0n, BigInt(delegated), 'GAS', 'STATICCALL', 'STOP'], ['STOP'], ['INVALID']]);
  job.preState[delegated] = { code: '0xef0100' + smallContracts[2].slice(2) };
  const [viaDelegation] = await runTraceJob(job);
  assert.ok('json' in viaDelegation);
  assert.equal((JSON.parse(viaDelegation.json) as { calls: Array<{ error: string }> }).calls[0].error, 'invalid opcode: INVALID');
  const [create] = await runTraceJob({ ...job, transactions: [{ call: { from: smallSender, to: null, gas: '0x30000', data: '0xf6' } }] });
  assert.ok('json' in create);
  assert.equal((JSON.parse(create.json) as { error: string }).error, 'invalid opcode: opcode 0xf6 not defined');
});

test('fault of a RETURNDATACOPY past the return data: the stack as geth leaves it (data offset overwritten with offset + length)', async () => {
  const tracer =
    '{o: [], step: function() {}, fault: function(log) { this.o.push([0, 1, 2].map(function (i) { return log.stack.peek(i).toString(); })); }, result: function() { return this.o; }}';
  assert.deepEqual(await json(tracer, [[2n, 5n, 0n, 'RETURNDATACOPY']]), [['0', '7', '2']]);
});

test("SELFDESTRUCT that cannot pay its cold beneficiary's access fails in geth's gas function: 'out of gas: out of gas', cost 5000", async () => {
  const tracer =
    '{o: [], step: function(log) { if (log.getError()) this.o.push([log.op.toString(), log.getCost(), log.getError()]); }, fault: function() {}, result: function(ctx) { return [this.o, ctx.error]; }}';
  const result = await json(tracer, [[0xdeadn, 'SELFDESTRUCT']], { gas: String(21000 + 3 + 5000 + 2599) });
  assert.deepEqual(result, [[['SELFDESTRUCT', 5000, 'out of gas: out of gas']], 'out of gas: out of gas']);
});

test("memory that overflows geth's arithmetic and init code over the EIP-3860 limit fail before the dynamic gas, with geth's texts", async () => {
  const tracer =
    '{o: [], step: function(log) { if (log.getError()) this.o.push([log.op.toString(), log.getCost(), log.getError()]); }, fault: function() {}, result: function(ctx) { return [this.o, ctx.error]; }}';
  const failing = async (program: Item[]) => json(tracer, [program], { gas: '0x100000' });
  assert.deepEqual(await failing([1n << 64n, 'MLOAD']), [[['MLOAD', 3, 'gas uint64 overflow']], 'gas uint64 overflow']);
  assert.deepEqual(await failing([1n << 40n, 'MLOAD']), [
    [['MLOAD', 3, 'out of gas: gas uint64 overflow']],
    'out of gas: gas uint64 overflow',
  ]);
  assert.deepEqual(await failing([1n, 1n << 64n, 'KECCAK256']), [[['KECCAK256', 30, 'gas uint64 overflow']], 'gas uint64 overflow']);
  const initCode = 'out of gas: max initcode size exceeded: code size 49153 limit 49152';
  assert.deepEqual(await failing([49153n, 0n, 0n, 'CREATE']), [[['CREATE', 32000, initCode]], initCode]);
  // Tapped runs (built-in tracers) read the same errors.
  const flat = (await json('flatCallTracer', [[1n << 64n, 'MLOAD']])) as Array<{ error: string }>;
  assert.equal(flat[0].error, 'gas uint64 overflow');
});

test("the refund counter starts with geth's EIP-7702 refunds: 12500 per authorization applied to an existing account", async () => {
  const end = (items: Item[]) => ({ snippets: [], end: { family: 'end', items }, balance: 0n, storage: {} });
  const spec: CaseSpec = {
    seed: 0,
    fork: 'osaka',
    senderNonce: 0,
    block: {
      number: 16n,
      timestamp: 256n,
      coinbase: '0x' + '00'.repeat(20),
      baseFee: 7n,
      randao: '0x' + '11'.repeat(32),
      hash: '0x' + '22'.repeat(32),
      parentHash: '0x' + '33'.repeat(32),
      blockHashes: {},
    },
    contracts: [end([1n, 'POP', 'STOP']), end(['STOP']), end(['STOP'])],
    // The first authority (nonce 1) applies two authorizations in turn; the second's nonce does not match.
    tx: {
      kind: 'setCode',
      to: 0,
      gas: 100000n,
      value: 0n,
      data: '0x',
      fees: { maxFeePerGas: 10n, maxPriorityFeePerGas: 1n },
      authorizations: [
        { authority: 0, address: contractAddresses[2], chainId: 1337, nonceOffset: 0 },
        { authority: 0, address: contractAddresses[1], chainId: 1337, nonceOffset: 1 },
        { authority: 1, address: contractAddresses[1], chainId: 1337, nonceOffset: 1 },
      ],
    },
    tracer: { kind: 'struct', options: {} },
  };
  const tracer =
    '{o: [], step: function(log) { this.o.push(log.getRefund()); }, fault: function() {}, result: function(ctx) { return [this.o, ctx.gasUsed]; }}';
  const [result] = await runTraceJob({ ...caseJob(spec), tracer });
  assert.ok('json' in result);
  assert.deepEqual(JSON.parse(result.json), [[25000, 25000, 25000], 76804]);
});

test("from Prague a CALL-family opcode whose dynamic gas cannot be paid fails as geth's gas function does: 'out of gas: out of gas', cost 100", async () => {
  const tracer =
    '{o: [], step: function(log) { if (log.getError()) this.o.push([log.op.toString(), log.getCost(), log.getError()]); }, fault: function() {}, result: function(ctx) { return [this.o, ctx.error]; }}';
  const refused = (op: string) => [[[op, 100, 'out of gas: out of gas']], 'out of gas: out of gas'];
  // Value to a cold account; value to a warm one (a precompile); memory the call cannot pay for.
  assert.deepEqual(
    await json(tracer, [[0n, 0n, 0n, 0n, 1n, 0xdeadn, 0n, 'CALL']], { gas: String(21000 + 7 * 3 + 100 + 5000) }),
    refused('CALL'),
  );
  assert.deepEqual(
    await json(tracer, [[0n, 0n, 0n, 0n, 1n, 2n, 0n, 'CALL']], { gas: String(21000 + 7 * 3 + 100 + 5000) }),
    refused('CALL'),
  );
  assert.deepEqual(
    await json(tracer, [[0n, 0n, 1n << 20n, 0n, 2n, 0n, 'STATICCALL']], { gas: String(21000 + 6 * 3 + 100 + 5000) }),
    refused('STATICCALL'),
  );
  // Before Prague the same holds where the memory and value transfer alone cannot be paid.
  assert.deepEqual(
    await json(tracer, [[0n, 0n, 0n, 0n, 1n, 2n, 0n, 'CALL']], { gas: String(21000 + 7 * 3 + 100 + 5000), chainConfig: cancunConfig }),
    refused('CALL'),
  );
});

test('from Prague a CALL with value in a static frame is refused before its cold access is charged, whatever gas is left', async () => {
  const result = (await json('callTracer', [
    [0n, 0n, 0n, 0n, BigInt(smallContracts[1]), 2300n, 'STATICCALL', 'STOP'],
    [0n, 0n, 0n, 0n, 1n, BigInt(smallContracts[2]), 0n, 'CALL'],
    ['STOP'],
  ])) as {
    calls: Array<{ error: string }>;
  };
  assert.equal(result.calls[0].error, 'out of gas: write protection');
});

test("init code over the EIP-3860 limit without a step hook (tapped run): geth's text from the arguments ethereumjs popped", async () => {
  assert.deepEqual(
    await json('{fault: function() {}, result: function(ctx) { return { e: ctx.error }; }}', [[1n, 49153n, 0n, 0n, 'CREATE2']], {
      gas: '0x100000',
    }),
    {
      e: 'out of gas: max initcode size exceeded: code size 49153 limit 49152',
    },
  );
});

test('before London a SELFDESTRUCT that cannot pay for a new beneficiary account still shows the refund geth added in its gas function', async () => {
  const job = smallJob(
    '{o: [], step: function(log) { this.o.push([log.op.toString(), log.getRefund(), log.getError() || null]); }, fault: function() {}, result: function() { return this.o; }}',
    [],
    {
      gas: String(21000 + 3 + 5000 + 2600 + 100),
    },
  );
  // The contract holds 0x10 wei: sending it to the absent 0xdead needs a new account (25000 more).
  job.preState[smallContracts[0]] = { balance: '0x10', code: assemble([0xdeadn, 'SELFDESTRUCT'], [], false) };
  const { baseFeePerGas: _fee, prevRandao: _randao, ...block } = job.block;
  const [result] = await runTraceJob({ ...job, chainConfig: { ...berlin, chainId: 1337 }, block: { ...block, difficulty: '0x20000' } });
  assert.ok('json' in result);
  assert.deepEqual(JSON.parse(result.json), [
    ['PUSH2', 0, null],
    ['SELFDESTRUCT', 24000, 'out of gas'],
  ]);
});

test("before Prague, a CALL short of its dynamic gas: geth charges a cold target's access first, then adds up the rest", async () => {
  const tracer =
    '{o: [], step: function(log) { if (log.getError()) this.o.push([log.op.toString(), log.getCost(), log.getError()]); }, fault: function() {}, result: function(ctx) { return [this.o, ctx.error]; }}';
  const call = (target: bigint, value: bigint, requested: bigint, left: number) =>
    json(tracer, [[0n, 0n, 0n, 0n, value, target, requested, 'CALL']], {
      gas: String(21000 + 7 * 3 + 100 + left),
      chainConfig: cancunConfig,
    });
  const failed = (cost: number, error: string) => [[['CALL', cost, error]], error];
  // A cold target and 2,000 gas left: the access cannot be paid.
  assert.deepEqual(await call(0xdeadn, 0n, 0n, 2000), failed(100, 'out of gas: out of gas'));
  // A cold target paid for, then 7,500 left for the 9,000 of the value transfer: CALL's stateless check.
  assert.deepEqual(await call(0xdeadn, 1n, 100000n, 10000), failed(100, 'out of gas: out of gas'));
  // Paid too, then short of the new account: the access, value transfer, new account and the gas asked.
  assert.deepEqual(await call(0xdeadn, 1n, 100000n, 12000), failed(100 + 2500 + 9000 + 25000 + 100000, 'out of gas'));
  // A warm target (a precompile): value transfer and the gas asked.
  assert.deepEqual(await call(2n, 1n, 100000n, 10000), failed(100 + 9000 + 25000 + 100000, 'out of gas'));
});
