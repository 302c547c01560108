// A string `result` returns at the top level (spec §3.8): geth serialises a host string (toHex of 8+
// bytes, ctx.error, getError(), op.toString() of an undefined opcode) returned as is as {}, and any string
// the tracer built from one (`+ ''`, a template, slice, join) as the string. Run on the bundled worker.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TraceJob, TraceOutcome } from '../../runtime/evm/job';
import { runTraceJob } from '../../runtime/trace/run';
import { forksThrough } from '../support/genesis-config';

const contract = '0x00000000000000000000000000000000000000aa';
const sender = '0x00000000000000000000000000000000000000bb';
const senderText = JSON.stringify(sender);

async function trace(tracer: string, code = '0x00'): Promise<TraceOutcome> {
  const job: TraceJob = {
    chainConfig: forksThrough(1337, 'london'),
    preState: { [contract]: { code }, [sender]: { balance: '0xffffffffffffffff' } },
    block: {
      number: '1',
      timestamp: '10',
      gasLimit: '30000000',
      coinbase: '0x0000000000000000000000000000000000000000',
      baseFeePerGas: '0',
    },
    transactions: [{ call: { from: sender, to: contract, gas: '0x10000', gasPrice: '0x1' } }],
    trace: [0],
    tracer,
    timeoutMs: 10_000,
  };
  const [outcome] = await runTraceJob(job);
  return outcome;
}

const resultOf = (body: string, extra = '') => trace(`{${extra}fault: function() {}, result: function(ctx) { ${body} }}`);

test('§3.8: a host string returned as is serialises as {}', async () => {
  for (const body of [
    'return toHex(ctx.from);',
    'return toHex(toAddress(ctx.from));',
    'var h = toHex(ctx.from); return h;',
    'return String(toHex(ctx.from));',
    'return toHex(ctx.from).toString();',
    'return ctx.error;',
    'return this.kept;',
  ]) {
    const extra = body.includes('this.kept') ? 'kept: null, step: function(log) { this.kept = toHex(log.contract.getCaller()); }, ' : '';
    const outcome =
      body === 'return ctx.error;'
        ? await trace('{fault: function() {}, result: function(ctx) { return ctx.error; }}', '0x60006000fd')
        : await resultOf(body, extra);
    assert.deepEqual(outcome, { json: '{}' }, body);
  }
});

test('§3.8: a string the tracer built from a host string serialises as the string', async () => {
  for (const body of [
    "return toHex(toAddress(ctx.from)) + '';",
    "return '' + toHex(ctx.from);",
    'return `${toHex(ctx.from)}`;',
    'return toHex(ctx.from).slice(0);',
    "return [toHex(ctx.from)].join('');",
    "var h = toHex(ctx.from) + ''; return h;",
    "var h; h = toHex(ctx.from) + ''; return ctx.type === 'CALL' ? h : 'none';",
    'return toHex(ctx.from).toLowerCase();',
  ]) {
    assert.deepEqual(await resultOf(body), { json: senderText }, body);
  }
  // Arrow and method forms of result, and a literal equal to a host string's text.
  assert.deepEqual(await trace("{fault() {}, result: (ctx) => toHex(ctx.from) + ''}"), { json: senderText });
  assert.deepEqual(await trace("{fault() {}, result(ctx) { return toHex(ctx.from) + ''; }}"), { json: senderText });
  assert.deepEqual(await trace(`{fault: function() {}, result: function(ctx) { toHex(ctx.from); return '${sender}'; }}`), {
    json: senderText,
  });
});

test('§3.8: when one return passes a value through, a string equal to a host string is taken for one', async () => {
  // The documented limit: by value, the tracer's own copy cannot be told from the host's.
  const body = "var h = toHex(ctx.from) + ''; if (ctx.type === 'CREATE') return this.other; return h;";
  assert.deepEqual(await resultOf(body, 'other: null, '), { json: '{}' });
  // The reading does not follow the order of statements: h is given a host string once, so it may hold one.
  assert.deepEqual(await resultOf("var h = toHex(ctx.from); h += ''; return h;"), { json: '{}' });
  // Short host strings (16 characters or fewer) are never affected.
  assert.deepEqual(await resultOf('return toHex([1, 2, 3]);'), { json: '"0x010203"' });
});
