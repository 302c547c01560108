// One trace never sees another, and a trace is bounded from its first line: prototype pollution and
// replaced built-ins in one trace are invisible to the next traces on the same (reused) worker and to the
// host's serialisation; construction and setup run under the trace's time-out; ArrayBuffers count against
// the worker's memory limit.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TraceOutcome } from '../../runtime/evm/job';
import { traceOneCall } from './one-call-job';

const trace = (tracer: string, timeoutMs = 20_000): Promise<TraceOutcome> => traceOneCall(tracer, timeoutMs);

const polluter = `{
  step: function (log, db) {
    Object.prototype.polluted = 'yes';
    Object.defineProperty(Object.prototype, 'loud', { value: 1, enumerable: true, configurable: true });
    Array.prototype.push = function () { return -1; };
    JSON.stringify = function () { return '"tampered"'; };
    Object.getPrototypeOf(db).extra = function () {};
    Object.getPrototypeOf(log.stack).extra = 1;
    bigInt.prototype.toString = function () { return 'tampered'; };
    Uint8Array.prototype.set = function () {};
    Function.prototype.call = function () { return 'tampered'; };
  },
  fault: function () {},
  result: function () { return { polluter: true }; }
}`;

const observer = `{
  seen: null,
  step: function (log, db) {
    if (this.seen || log.stack.length() === 0) return;
    var plain = {}, keys = [];
    for (var k in plain) keys.push(k);
    var a = [];
    a.push(1);
    this.seen = {
      polluted: typeof plain.polluted, inherited: keys, push: a.length, dbExtra: typeof db.extra, stackExtra: typeof log.stack.extra,
      json: JSON.stringify({ a: 1 }), word: log.stack.peek(0).toString(), hex: toHex(toWord('0x02'))
    };
  },
  fault: function () {},
  result: function () { return this.seen; }
}`;

const clean = {
  polluted: 'undefined',
  inherited: [],
  push: 1,
  dbExtra: 'undefined',
  stackExtra: 'undefined',
  json: '{"a":1}',
  word: '1',
  hex: '0x' + '0'.repeat(62) + '02',
};

test('pollution and replaced built-ins in one trace are invisible to the next traces on reused workers', async () => {
  assert.deepEqual(await trace(polluter), { json: '{"polluter":true}' });
  // More rounds than idle workers are kept, so later observers run on the polluter's worker.
  for (let round = 0; round < 4; round++) {
    const outcome = await trace(observer);
    assert.ok('json' in outcome, JSON.stringify(outcome));
    assert.deepEqual(JSON.parse(outcome.json), clean);
    assert.deepEqual(await trace(polluter), { json: '{"polluter":true}' });
  }
});

test('a tracer that replaces JSON.stringify does not change how its own result is serialised', async () => {
  const outcome = await trace(
    '{fault: function () {}, result: function () { JSON.stringify = function () { return "1"; }; Object.prototype.toJSON = undefined; return { a: [1, 2] }; }}',
  );
  assert.deepEqual(outcome, { json: '{"a":[1,2]}' });
});

test('setup that never returns is stopped by the time-out, with its location', async () => {
  const started = Date.now();
  const outcome = await trace('{setup: function (c) { while (true) {} }, fault: function () {}, result: function () { return 1; }}', 1500);
  assert.deepEqual(outcome, { error: 'execution timeout at setup (<eval>:1:10)' });
  assert.ok(Date.now() - started < 20_000, 'took the preparation time-out instead of the trace time-out');
  assert.deepEqual(await trace('{fault: function () {}, result: function () { return 2; }}'), { json: '2' });
});

test('top-level code of the tracer expression that never ends is stopped by the time-out', async () => {
  const outcome = await trace(
    '{spin: (function () { while (true) {} })(), fault: function () {}, result: function () { return 1; }}',
    1500,
  );
  assert.deepEqual(outcome, { error: 'execution timeout' });
});

test(
  'ArrayBuffers count against the worker memory limit (Linux)',
  { skip: process.platform !== 'linux' && 'the address-space limit is applied on Linux only' },
  async () => {
    const hog =
      '{fault: function () {}, result: function () { var keep = []; for (var i = 0; i < 40; i++) { var b = new Uint8Array(1e8); b.fill(1); keep.push(b); } return keep.length; }}';
    const outcome = await trace(hog, 60_000);
    assert.ok('error' in outcome, `40 filled 100 MB buffers were allowed: ${JSON.stringify(outcome)}`);
    assert.match(outcome.error, /Array buffer allocation failed|memory limit/);
    assert.deepEqual(await trace('{fault: function () {}, result: function () { return 3; }}'), { json: '3' });
  },
);

test('a tracer nested deeper than the syntax checker follows is compiled by V8 and runs; the worker survives', async () => {
  const depth = 1000;
  const deep = `{fault: function () {}, result: function () { return ${'('.repeat(depth)}7${')'.repeat(depth)}; }}`;
  const outcome = await trace(deep);
  // goja parses any depth, and so does V8 at this one: acorn's limit must not turn it into a syntax error.
  assert.deepEqual(outcome, { json: '7' });
  assert.deepEqual(await trace('{fault: function () {}, result: function () { return 4; }}'), { json: '4' });
});
