// The acceptance cases of the geth tracer spec (§7), run through runTraceJob on the bundled trace worker:
// one traceCall of `PUSH1 1 PUSH1 1 STOP` (steps at pc 0, 2, 4), gas 31000, gas price 100000, base fee 0.
// Error texts are compared with the location part normalised (goja's bytecode index has no equivalent).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createCustomCommon, Hardfork, Mainnet } from '@ethereumjs/common';
import { createLegacyTx } from '@ethereumjs/tx';
import { bytesToHex, toChecksumAddress } from '@ethereumjs/util';
import type { TraceJob, TraceOutcome } from '../../runtime/evm/job';
import { runTraceJob } from '../../runtime/trace/run';
import { forksThrough } from '../support/genesis-config';

const contract = '0x00000000000000000000000000000000000000aa';
const sender = '0x00000000000000000000000000000000000000bb';
const allForks = forksThrough(1337, 'prague', { terminalTotalDifficulty: 0 });

function job(
  tracer: string,
  options: {
    code?: string;
    tracerConfig?: string;
    timeoutMs?: number;
    number?: string;
    chainConfig?: TraceJob['chainConfig'];
    gas?: string;
    extra?: TraceJob['preState'];
  } = {},
): TraceJob {
  return {
    chainConfig: options.chainConfig ?? allForks,
    preState: { [contract]: { code: options.code ?? '0x6001600100' }, [sender]: { balance: '0xffffffffffffffff' }, ...options.extra },
    block: {
      number: options.number ?? '1',
      timestamp: '10',
      gasLimit: '30000000',
      coinbase: '0x0000000000000000000000000000000000000000',
      baseFeePerGas: '0',
    },
    transactions: [{ call: { from: sender, to: contract, gas: options.gas ?? '0x7918', gasPrice: '0x186a0' } }],
    trace: [0],
    tracer,
    tracerConfig: options.tracerConfig,
    timeoutMs: options.timeoutMs ?? 10_000,
  };
}

async function trace(tracer: string, options?: Parameters<typeof job>[1]): Promise<TraceOutcome> {
  const [outcome] = await runTraceJob(job(tracer, options));
  return outcome;
}

async function result(tracer: string, options?: Parameters<typeof job>[1]): Promise<unknown> {
  const outcome = await trace(tracer, options);
  assert.ok('json' in outcome, `expected a result, got error: ${'error' in outcome ? outcome.error : ''}`);
  return JSON.parse(outcome.json);
}

const location = / at (?:[^ ()]+ )?\(?(?:<eval>|bigInt):\d+:\d+(?:\(\d+\))?\)?/g;
async function error(tracer: string, options?: Parameters<typeof job>[1]): Promise<string> {
  const outcome = await trace(tracer, options);
  assert.ok('error' in outcome, `expected an error, got ${'json' in outcome ? outcome.json : ''}`);
  return outcome.error.replace(location, ' at <loc>');
}

const tail = 'fault: function() {}, result: function() { return this.d; }';

test('1-3: out-of-bound memory and stack reads are errors with geth texts', async () => {
  assert.equal(
    await error(`{d:[], step: function(log){ this.d.push(log.memory.slice(-1,-2)); }, ${tail}}`),
    "tracer accessed out of bound memory: offset -1, end -2 at <loc>    in server-side tracer function 'step'",
  );
  assert.equal(
    await error(`{d:[], step: function(log){ this.d.push(log.stack.peek(-1)); }, ${tail}}`),
    "tracer accessed out of bound stack: size 0, index -1 at <loc>    in server-side tracer function 'step'",
  );
  assert.equal(
    await error(`{d:[], step: function(log, db){ this.d.push(log.memory.getUint(-64)); }, ${tail}}`),
    "tracer accessed out of bound memory: available 0, offset -64, size 32 at <loc>    in server-side tracer function 'step'",
  );
});

test('4-7: step values, opcode names and ctx numbers', async () => {
  assert.equal(
    await result('{count: 0, step: function() { this.count += 1; }, fault: function() {}, result: function() { return this.count; }}'),
    3,
  );
  assert.deepEqual(await result(`{d:[], step: function(log){ this.d.push(log.stack.length()); }, ${tail}}`), [0, 1, 2]);
  assert.deepEqual(await result(`{d:[], step: function(log){ this.d.push(log.memory.length()); }, ${tail}}`), [0, 0, 0]);
  assert.deepEqual(await result(`{d:[], step: function(log){ this.d.push(log.op.toString()); }, ${tail}}`), ['PUSH1', 'PUSH1', 'STOP']);
  assert.deepEqual(
    await result(`{d:[], step: function(log){ this.d.push([log.getPC(), log.getGas(), log.getCost(), log.getDepth()]); }, ${tail}}`),
    [
      [0, 10000, 3, 1],
      [2, 9997, 3, 1],
      [4, 9994, 0, 1],
    ],
  );
  assert.equal(
    await result("{step: function() {}, fault: function() {}, result: function(ctx) { return ctx.gasPrice + '.' + ctx.gasUsed; }}"),
    '100000.21006',
  );
});

test('8-9, 12: toWord, toAddress and ctx.coinbase serialise as index objects', async () => {
  const word = (await result("{fault: function() {}, result: function() { return toWord('0xffaa'); }}")) as Record<string, number>;
  assert.equal(Object.keys(word).length, 32);
  assert.equal(word['30'], 255);
  assert.equal(word['31'], 170);
  const long = (await result(
    "{fault: function() {}, result: function() { return toWord('0x1234567890123456789012345678901234567890123456789012345678901234567890'); }}",
  )) as Record<string, number>;
  assert.equal(long['0'], 0x78);
  assert.equal(long['1'], 0x90);
  const zero20 = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [String(i), 0]));
  assert.deepEqual(
    await result("{fault: function() {}, result: function() { return toAddress('0x0000000000000000000000000000000000000000'); }}"),
    zero20,
  );
  assert.deepEqual(
    await result("{fault: function() {}, result: function() { return toAddress(Array.prototype.slice.call(toAddress('0x00'))); }}"),
    zero20,
  );
  assert.deepEqual(await result('{fault: function() {}, result: function(ctx) { return toAddress(ctx.coinbase); }}'), zero20);
});

test('10-11: memory is not yet expanded at MSTORE8; slice padding is limited to 1 MiB', async () => {
  const code = '0x60ff60005300';
  assert.deepEqual(
    await result(
      `{d:[], step: function(log){ var op = log.op.toString(); if (op === 'MSTORE8' || op === 'STOP') this.d.push(log.memory.slice(0, 2)); }, ${tail}}`,
      { code },
    ),
    [
      { 0: 0, 1: 0 },
      { 0: 255, 1: 0 },
    ],
  );
  assert.equal(
    await error(
      `{d:[], step: function(log){ if (log.op.toString() === 'STOP') this.d.push(log.memory.slice(5, 1025 * 1024)); }, ${tail}}`,
      { code },
    ),
    "reached limit for padding memory slice: 1049568 at <loc>    in server-side tracer function 'step'",
  );
});

test('13: a tracer stuck in a loop times out and the next job runs', async () => {
  const message = await error('{step: function() { while (1); }, fault: function() {}, result: function() { return 1; }}', {
    timeoutMs: 500,
  });
  assert.match(message, /^execution timeout/);
  assert.match(message, /in server-side tracer function 'step'$/);
  assert.equal(await result('{fault: function() {}, result: function() { return 7; }}'), 7);
});

test('15: isPrecompiled follows the fork of the traced block', async () => {
  const chainConfig = {
    chainId: 1337,
    homesteadBlock: 0,
    eip150Block: 0,
    eip155Block: 0,
    eip158Block: 0,
    byzantiumBlock: 100,
    istanbulBlock: 200,
    berlinBlock: 300,
  };
  const tracer =
    "{addr: toAddress('0000000000000000000000000000000000000009'), step: function() { this.p = isPrecompiled(this.addr); }, fault: function() {}, result: function() { return this.p; }}";
  const pre = { chainConfig, number: '150' };
  const tx = (n: string) => ({ ...pre, number: n });
  const legacyJob = (n: string): TraceJob => {
    const j = job(tracer, tx(n));
    delete j.block.baseFeePerGas;
    return j;
  };
  assert.deepEqual(await runTraceJob(legacyJob('150')), [{ json: 'false' }]);
  assert.deepEqual(await runTraceJob(legacyJob('250')), [{ json: 'true' }]);
});

test('16, 19, 20: construction errors carry geth texts', async () => {
  assert.equal(
    await error('{step: function() {}, enter: function() {}, fault: function() {}, result: function() {}}'),
    'trace object must expose either both or none of enter() and exit()',
  );
  assert.equal(await error('{step: function() {}, result: function() {}}'), 'trace object must expose a function fault()');
  assert.equal(await error('{step: function() {}, fault: function() {}}'), 'trace object must expose a function result()');
  const syntax = await error('{step: function() { , fault: function() {}, result: function() {}}');
  assert.match(syntax, /^SyntaxError: SyntaxError: \(anonymous\): Line 1:22 Unexpected token ,/);
});

test('17: enter/exit see nested frames with their gas', async () => {
  // CALL(gas 1000) to the sender (no code): enter with 1000, exit with 0 used.
  const code = '0x60006000600060006000' + '73' + sender.slice(2) + '6103e8f100';
  const tracer =
    '{enters: 0, exits: 0, step: function() {}, enter: function(f) { this.enters++; this.enterGas = f.getGas(); this.type = f.getType(); }, exit: function(r) { this.exits++; this.gasUsed = r.getGasUsed(); }, fault: function() {}, result: function() { return this; }}';
  assert.deepEqual(await result(tracer, { code }), { enters: 1, exits: 1, enterGas: 1000, gasUsed: 0, type: 'CALL' });
});

test('18: setup receives the raw config text, "{}" when absent', async () => {
  assert.equal(await result('{setup: function(c) { this.c = c; }, fault: function() {}, result: function() { return this.c; }}'), '{}');
  assert.equal(
    await result('{setup: function(c) { this.c = JSON.parse(c); }, fault: function() {}, result: function() { return this.c.foo; }}', {
      tracerConfig: '{"foo":"bar"}',
    }),
    'bar',
  );
  assert.equal(await result('{fault: function() {}, result: function() { return 1; }}', { tracerConfig: '{"foo":"bar"}' }), 1);
});

test('21: host errors are not caught by the tracer', async () => {
  assert.equal(
    await error(
      '{step: function(log) { try { log.stack.peek(5); } catch (e) { this.caught = true; } }, fault: function() {}, result: function() { return this.caught; }}',
    ),
    "tracer accessed out of bound stack: size 0, index 5 at <loc>    in server-side tracer function 'step'",
  );
});

test('22: top-level primitives serialise as geth does', async () => {
  const r = (body: string) => trace(`{fault: function() {}, result: function(ctx) { ${body} }}`);
  assert.deepEqual(await r('return null;'), { json: '{}' });
  assert.deepEqual(await r('return toHex(ctx.from);'), { json: '{}' });
  assert.deepEqual(await r('return NaN;'), { error: 'json: unsupported value: NaN' });
  assert.deepEqual(await r("return bigInt('123456789012345678901234567890');"), { json: '"123456789012345678901234567890"' });
  assert.deepEqual(await r("return 'h\\u00e9llo';"), { json: '[65279,104,233,108,108,111]' });
  assert.deepEqual(await r('return -0;'), { json: '-0' });
});

test('23: REVERT calls fault with the failing step; an out-of-gas step gets no fault', async () => {
  const tracer =
    "{d: [], step: function(log) { this.d.push('step ' + log.op.toString() + ' ' + log.getError()); }, fault: function(log) { this.d.push('fault ' + log.op.toString() + ' ' + log.getPC() + ' ' + log.getGas() + ' ' + log.getError()); }, result: function(ctx) { this.d.push(ctx.error); return this.d; }}";
  assert.deepEqual(await result(tracer, { code: '0x60006000fd' }), [
    'step PUSH1 undefined',
    'step PUSH1 undefined',
    'step REVERT undefined',
    'fault REVERT 4 9994 execution reverted',
    'execution reverted',
  ]);
  assert.deepEqual(await result(tracer, { code: '0x50' }), ['step POP stack underflow (0 <=> 1)', 'stack underflow (0 <=> 1)']);
});

test('hooks: a throw in each hook ends the trace with that hook named', async () => {
  for (const hook of ['step', 'fault', 'result']) {
    const body = `{d: [], step: function() {}, fault: function() {}, result: function() { return 1; }, ${hook}: function() { throw new Error('boom'); }}`;
    assert.equal(await error(body, { code: '0x60006000fd' }), `Error: boom at <loc>    in server-side tracer function '${hook}'`);
  }
  const code = '0x60006000600060006000' + '73' + sender.slice(2) + '6103e8f100';
  for (const hook of ['enter', 'exit']) {
    const body = `{enter: function() {}, exit: function() {}, fault: function() {}, result: function() { return 1; }, ${hook}: function() { throw 'plain'; }}`;
    assert.equal(await error(body, { code }), `plain at <loc>    in server-side tracer function '${hook}'`);
  }
});

test('memory: a tracer allocating without bound hits the worker memory limit; the next job runs', { timeout: 300_000 }, async () => {
  // Many small objects, and one array grown by push() (one huge allocation: fatal for a worker thread).
  for (const body of ['this.a.push({ x: Math.random(), y: [1, 2, 3] });', 'this.a.push(1);']) {
    const message = await error(
      `{a: [], step: function() { for (;;) { ${body} } }, fault: function() {}, result: function() { return 1; }}`,
      { timeoutMs: 120_000 },
    );
    assert.equal(message, 'tracer exceeded the memory limit of 512 MB (trace worker out of memory)');
  }
  assert.equal(await result('{fault: function() {}, result: function() { return 2; }}'), 2);
});

test('§9: geth opcode names, and undefined opcodes fail with fault', async () => {
  const tracer =
    "{d: [], step: function(log) { this.d.push(log.op.toString()); }, fault: function(log) { this.d.push('fault ' + log.getError()); }, result: function() { return this.d; }}";
  assert.deepEqual(await result(tracer, { code: '0x6000600020504450' + '0c' }), [
    'PUSH1',
    'PUSH1',
    'KECCAK256',
    'POP',
    'DIFFICULTY',
    'POP',
    'opcode 0xc not defined',
    'fault invalid opcode: opcode 0xc not defined',
  ]);
});

test('SELFDESTRUCT is reported as an enter/exit pair after its step', async () => {
  const tracer =
    "{d: [], step: function(log) { this.d.push(log.op.toString()); }, enter: function(f) { this.d.push(f.getType() + ' ' + toHex(f.getTo()) + ' ' + f.getValue()); }, exit: function(r) { this.d.push('exit ' + r.getGasUsed()); }, fault: function() {}, result: function() { return this.d; }}";
  assert.deepEqual(await result(tracer, { code: '0x73' + sender.slice(2) + 'ff' }), [
    'PUSH20',
    'SELFDESTRUCT',
    `SELFDESTRUCT ${sender} 0`,
    'exit 0',
  ]);
});

test('§5.3: a transaction the sender cannot pay for gives geth\'s "tracing failed: insufficient funds …"', async () => {
  const key = new Uint8Array(32).fill(7);
  const common = createCustomCommon({ chainId: 1337 }, Mainnet, { hardfork: Hardfork.Prague });
  const tx = createLegacyTx({ to: contract, gasLimit: 30_000n, gasPrice: 10n, nonce: 0n }, { common }).sign(key);
  const from = tx.getSenderAddress().toString();
  const traced: TraceJob = {
    ...job('{fault: function() {}, result: function() { return 1; }}'),
    transactions: [{ raw: bytesToHex(tx.serialize()) }],
  };
  const [outcome] = await runTraceJob(traced);
  assert.deepEqual(outcome, {
    txHash: bytesToHex(tx.hash()),
    error: `tracing failed: insufficient funds for gas * price + value: address ${toChecksumAddress(from)} have 0 want 300000`,
  });
});

test('§2.2: a CALL failing its pre-check (insufficient balance) still enters and exits, with the stipend in its gas', async () => {
  const code = '0x63deadbeef60e01b600052' + '60006000600460006001' + '73' + sender.slice(2) + '6064f1' + '00';
  const tracer =
    "{d: [], enter: function(f) { this.d.push([f.getType(), toHex(f.getTo()), toHex(f.getInput()), f.getGas(), f.getValue().toString()].join(' ')); }, exit: function(r) { this.d.push('exit ' + r.getGasUsed() + ' ' + r.getError()); }, fault: function() {}, result: function() { return this.d; }}";
  assert.deepEqual(await result(tracer, { code }), [`CALL ${sender} 0xdeadbeef 2400 1`, 'exit 0 insufficient balance for transfer']);
});

test('§3.6 helpers: buffer coercion, strings rejected uncatchably, slice bounds', async () => {
  assert.equal(
    await result('{fault: function() {}, result: function() { return toHex([256, -1, 3.7]) + toHex(["a", null]); }}'),
    '0x00ff030x0000',
  );
  assert.equal(
    await error("{fault: function() {}, result: function() { try { return toHex('0x01'); } catch (e) { return 'caught'; } }}"),
    "invalid buffer type at <loc>    in server-side tracer function 'result'",
  );
  assert.equal(
    await error("{fault: function() {}, result: function(ctx, db) { return db.getBalance('0x00'); }}"),
    "invalid buffer type at <loc>    in server-side tracer function 'result'",
  );
  assert.equal(
    await error('{fault: function() {}, result: function() { return slice([1, 2, 3], 2, 1); }}'),
    "Tracer accessed out of bound memory: available 3, offset 2, size -1 at <loc>    in server-side tracer function 'result'",
  );
  assert.equal(
    await result('{fault: function() {}, result: function() { try { toHex(undefined); } catch (e) { return String(e); } }}'),
    'TypeError: Cannot convert undefined or null to object',
  );
});

test('§1.2 construction: evaluation and setup errors carry no hook suffix; bad results', async () => {
  assert.equal(await error('foo.bar'), 'ReferenceError: foo is not defined at <loc>');
  assert.equal(
    await error("{setup: function(c) { throw new Error('bad cfg ' + c); }, fault: function() {}, result: function() {}}"),
    'Error: bad cfg {} at <loc>',
  );
  assert.equal(await error('1'), 'trace object must expose a function result()');
  assert.equal(
    await error('{fault: function() {}, result: function() { var a = {}; a.a = a; return a; }}'),
    'json: error calling MarshalJSON for type *goja.Object: TypeError: Converting circular structure to JSON',
  );
});

test('KZG: calling the point-evaluation precompile says clearly that no KZG library is included', async () => {
  // CODECOPY a well-formed 192-byte input (versioned hash of a zero commitment) and STATICCALL 0x0a with it.
  const input =
    '01b0761f87b081d5cf10757ccc89f12be355c70e2e29df288b65b30710dcbcd100000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000';
  const code = '0x60c0601460003960406000' + '60c06000600a5afa00' + input;
  assert.deepEqual(await trace('{fault: function() {}, result: function() { return 1; }}', { code, gas: '0x100000' }), {
    error:
      'tracing failed: the point-evaluation precompile 0x0a was called, but this runtime includes no KZG library, so its result would be wrong',
  });
});

test('14: a plain transfer runs no step; result reads the post-transaction state', async () => {
  const transfer: TraceJob = {
    ...job(
      '{steps: 0, step: function() { this.steps++; }, fault: function() {}, result: function(ctx, db) { return [this.steps, db.getBalance(ctx.to), ctx.type]; }}',
    ),
    transactions: [
      { call: { from: sender, to: '0x00000000000000000000000000000000000000cc', gas: '0x5208', gasPrice: '0x0', value: '0x5' } },
    ],
  };
  assert.deepEqual(await runTraceJob(transfer), [{ json: '[0,"5","CALL"]' }]);
});

test('§2.3: RETURNDATACOPY past the return data is a fault (return data out of bounds), not an out-of-gas step', async () => {
  const tracer =
    "{d: [], step: function(log) { this.d.push(log.op.toString() + ' ' + log.getError()); }, fault: function(log) { this.d.push('fault ' + log.op.toString() + ' ' + log.getError()); }, result: function(ctx) { this.d.push(ctx.error); return this.d; }}";
  assert.deepEqual(await result(tracer, { code: '0x6001600060003e00' }), [
    'PUSH1 undefined',
    'PUSH1 undefined',
    'PUSH1 undefined',
    'RETURNDATACOPY undefined',
    'fault RETURNDATACOPY return data out of bounds',
    'return data out of bounds',
  ]);
});

// geth v1.17 refuses the SSTORE in its dynamic gas (the spec's §2.3 has it fail while executing, as a fault):
// the step carries the error, the child exits with it, no fault.
test('§2.3: SSTORE inside STATICCALL fails with write protection in the child; the parent continues', async () => {
  const child = '0x00000000000000000000000000000000000000dd';
  const code = '0x6000600060006000' + '73' + child.slice(2) + '5afa00';
  const tracer =
    "{d: [], step: function(log) { this.d.push(log.getDepth() + ' ' + log.op.toString()); }, enter: function(f) { this.d.push('enter ' + f.getType() + ' ' + f.getValue()); }, exit: function(r) { this.d.push('exit ' + r.getError()); }, fault: function(log) { this.d.push('fault ' + log.getDepth() + ' ' + log.getError()); }, result: function(ctx) { this.d.push(String(ctx.error)); return this.d; }}";
  const trace = (await result(tracer, { code, gas: '0x100000', extra: { [child]: { code: '0x600160005500' } } })) as string[];
  assert.deepEqual(trace.slice(trace.indexOf('1 STATICCALL')), [
    '1 STATICCALL',
    'enter STATICCALL undefined',
    '2 PUSH1',
    '2 PUSH1',
    '2 SSTORE',
    'exit out of gas: write protection',
    '1 STOP',
    'undefined',
  ]);
});

test('running off the end of code steps an implicit STOP, as geth does', async () => {
  assert.deepEqual(
    await result(
      `{d:[], step: function(log){ this.d.push([log.op.toString(), log.getPC(), log.getCost(), log.stack.length()]); }, ${tail}}`,
      { code: '0x60016001' },
    ),
    [
      ['PUSH1', 0, 3, 0],
      ['PUSH1', 2, 3, 1],
      ['STOP', 4, 0, 2],
    ],
  );
});

test('§2.3 out of gas: a step that cannot pay its constant gas reports only that; one that cannot pay the dynamic part reports both', async () => {
  const tracer =
    "{d: [], step: function(log) { if (log.getError()) this.d.push([log.op.toString(), log.getGas(), log.getCost(), log.getError()]); }, fault: function(log) { this.d.push('fault'); }, result: function(ctx) { this.d.push(ctx.error); return this.d; }}";
  // CREATE(value 0, offset 0, size 32): constant 32000; dynamic 3 (memory) + 2 (one initcode word, EIP-3860).
  const create = '0x602060006000f000';
  assert.deepEqual(await result(tracer, { code: create, gas: (21_000 + 9 + 31_999).toString() }), [
    ['CREATE', 31_999, 32_000, 'out of gas'],
    'out of gas',
  ]);
  assert.deepEqual(await result(tracer, { code: create, gas: (21_000 + 9 + 32_004).toString() }), [
    ['CREATE', 32_004, 32_005, 'out of gas'],
    'out of gas',
  ]);
  // CALL to the (warm) sender under EIP-2929: geth's constant gas is the warm access, 100.
  const call = '0x6000600060006000600073' + sender.slice(2) + '5af100';
  assert.deepEqual(await result(tracer, { code: call, gas: (21_000 + 20 + 50).toString() }), [
    ['CALL', 50, 100, 'out of gas'],
    'out of gas',
  ]);
  // A stack error reports the constant gas too.
  assert.deepEqual(await result(tracer, { code: '0x602060006000600060006000f100', gas: '30000' }), [
    ['CALL', 8_982, 100, 'stack underflow (6 <=> 7)'],
    'stack underflow (6 <=> 7)',
  ]);
});

test('§2.3 out of gas: a CALL whose dynamic gas cannot be paid fails in its step (no enter, no fault)', async () => {
  const tracer =
    "{d: [], step: function(log) { if (log.op.toString() === 'CALL') this.d.push([log.getGas(), log.getError()]); }, enter: function() { this.d.push('enter'); }, exit: function() {}, fault: function(log) { this.d.push('fault'); }, result: function(ctx) { this.d.push(ctx.error); return this.d; }}";
  // A cold account: 100 constant, then 2500 more that 1000 gas cannot pay. geth v1.17's gas function fails
  // (from Prague: any part of it), wrapped as 'out of gas: out of gas'.
  const cold = '0x6000600060006000600073' + '00000000000000000000000000000000000000cc' + '5af100';
  assert.deepEqual(await result(tracer, { code: cold, gas: (21_000 + 20 + 1_000).toString() }), [
    [1_000, 'out of gas: out of gas'],
    'out of gas: out of gas',
  ]);
  // The same with enough gas calls (no code there: enter/exit only).
  assert.deepEqual(await result(tracer, { code: cold, gas: '40000' }), [[18_980, null], 'enter', null]);
});
