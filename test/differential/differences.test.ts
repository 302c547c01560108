// Each difference docs/differences-from-geth.md documents, pinned against geth itself: the same case
// runs on the geth oracle and on the runtime, and the test expects exactly the documented difference (and
// parity in everything else the case shows). If geth or the runtime changes so that a difference goes away
// or turns into another, the pin fails and that page needs a look. (The memory limit is not pinned: it would
// take gigabytes.)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { TraceJob, TraceOutcome } from '../../runtime/evm/job';
import { runTraceJob } from '../../runtime/trace/run';
import { Oracle } from '../support/oracle';
import type { Item } from './asm';
import { normaliseError } from './compare';
import { smallContracts, smallJob, type SmallJobOptions } from './small-job';

const oracle = Oracle.start();
const skip = 'skipped' in oracle ? `SKIPPED: ${oracle.skipped}` : false;
const simple: Item[][] = [[1n, 2n, 'ADD', 'POP', 'STOP']];

async function both(
  tracer: string,
  programs: Item[][] = simple,
  options?: SmallJobOptions,
): Promise<{ geth: TraceOutcome; ours: TraceOutcome }> {
  const job: TraceJob = smallJob(tracer, programs, options);
  const [[geth], [ours]] = await Promise.all([(oracle as Oracle).trace(job), runTraceJob(job)]);
  return { geth, ours };
}

const error = (o: TraceOutcome) => {
  assert.ok('error' in o, `expected an error, got ${JSON.stringify(o)}`);
  return o.error;
};
const json = (o: TraceOutcome) => {
  assert.ok('json' in o, `expected a result, got ${JSON.stringify(o)}`);
  return JSON.parse(o.json) as unknown;
};

describe('docs/differences-from-geth.md, pinned against geth', { skip }, () => {
  after(() => (oracle as Oracle).close?.());

  test("Error positions: the same message and function, without goja's bytecode index", async () => {
    const { geth, ours } = await both(
      "{step: function(log) { throw new Error('boom'); }, fault: function() {}, result: function() { return 1; }}",
    );
    assert.match(error(geth), /^Error: boom at step \(<eval>:1:31\(\d+\)\) {4}in server-side tracer function 'step'$/);
    assert.equal(error(ours), "Error: boom at step (<eval>:1:31)    in server-side tracer function 'step'");
  });

  test('Engine messages: V8\'s wording for engine errors; syntax errors without " (and N more errors)"', async () => {
    const engine = await both('{step: function(log) { var x; return x.y; }, fault: function() {}, result: function() { return 1; }}');
    assert.match(error(engine.geth), /^TypeError: Cannot read property 'y' of undefined at step/);
    assert.match(error(engine.ours), /^TypeError: Cannot read properties of undefined \(reading 'y'\) at step/);
    const syntax = await both('{step: function() { , fault: function() {}, result: function() { return 1; }}');
    assert.equal(error(syntax.geth), 'SyntaxError: SyntaxError: (anonymous): Line 1:22 Unexpected token , (and 1 more errors)');
    assert.equal(error(syntax.ours), 'SyntaxError: SyntaxError: (anonymous): Line 1:22 Unexpected token ,');
  });

  test('Language level: 10n, replaceAll and regex named groups work locally, not on geth; deep recursion ends in a RangeError', async () => {
    const bigint = await both('{fault: function() {}, result: function() { return String(10n); }}');
    assert.match(error(bigint.geth), /^SyntaxError: SyntaxError: \(anonymous\): Line 1:60 Unexpected token ILLEGAL/);
    assert.equal(json(bigint.ours), '10');
    const replaceAll = await both("{fault: function() {}, result: function() { return 'x'.replaceAll('x', 'y'); }}");
    assert.match(error(replaceAll.geth), /^TypeError: Object has no member 'replaceAll' at result/);
    assert.equal(json(replaceAll.ours), 'y');
    const groups = await both("{fault: function() {}, result: function() { return /(?<y>a)/.exec('a').groups; }}");
    assert.deepEqual([json(groups.geth), json(groups.ours)], [{}, { y: 'a' }]);
    const recursion = await both(
      '{f: function f(n) { return f(n + 1); }, fault: function() {}, result: function() { return this.f(0); }}',
      simple,
      { timeoutMs: 1500 },
    );
    assert.match(error(recursion.geth), /^execution timeout at f \(<eval>/);
    assert.match(error(recursion.ours), /^RangeError: Maximum call stack size exceeded at f \(<eval>/);
  });

  test('Host strings returned from result: {} on both for a host string; a string built in a helper and passed through gives {} here only', async () => {
    const host = await both('{fault: function() {}, result: function(ctx) { return toHex(ctx.from); }}');
    assert.deepEqual([json(host.geth), json(host.ours)], [{}, {}]);
    const built = await both("{fault: function() {}, result: function(ctx) { return toHex(ctx.from) + ''; }}");
    assert.deepEqual(
      [json(built.geth), json(built.ours)],
      ['0x00000000000000000000000000000000000000bb', '0x00000000000000000000000000000000000000bb'],
    );
    const helper = await both(
      "{h: function(ctx) { return toHex(ctx.from) + ''; }, fault: function() {}, result: function(ctx) { var s = this.h(ctx); if (ctx.error) return ctx.error; return s; }}",
    );
    assert.deepEqual([json(helper.geth), json(helper.ours)], ['0x00000000000000000000000000000000000000bb', {}]);
  });

  test('Time-out position: the running hook is named, not the function inside which the loop ran', async () => {
    const { geth, ours } = await both(
      '{spin: function() { while (true) {} }, step: function() { this.spin(); }, fault: function() {}, result: function() { return 1; }}',
      simple,
      { timeoutMs: 300 },
    );
    assert.match(error(geth), /^execution timeout at spin \(<eval>:\d+:\d+\(\d+\)\) {4}in server-side tracer function 'step'$/);
    assert.match(error(ours), /^execution timeout at step \(<eval>:\d+:\d+\) {4}in server-side tracer function 'step'$/);
  });

  test('No stack-trace API, no import(), no promise jobs: prepareStackTrace is undefined on both; import() fails at run time here; promise callbacks from hooks run only on geth', async () => {
    const stack = await both('{fault: function() {}, result: function() { return typeof Error.prepareStackTrace; }}');
    assert.deepEqual([json(stack.geth), json(stack.ours)], ['undefined', 'undefined']);
    const dynamicImport = await both("{fault: function() {}, result: function() { return import('x'); }}");
    assert.match(error(dynamicImport.geth), /^SyntaxError: SyntaxError: \(anonymous\): Line 1:\d+ Unexpected reserved word/);
    assert.deepEqual(json(dynamicImport.ours), {});
    const promises = await both(
      '{x: 0, step: function() { var self = this; Promise.resolve().then(function () { self.x++; }); }, fault: function() {}, result: function() { return this.x; }}',
    );
    assert.deepEqual([json(promises.geth), json(promises.ours)], [5, 0]);
  });

  test('ctx key order: the same keys; here in the order they are set, on geth in Go map order', async () => {
    const { geth, ours } = await both('{fault: function() {}, result: function(ctx) { return Object.keys(ctx); }}');
    assert.deepEqual([...(json(geth) as string[])].sort(), [...(json(ours) as string[])].sort());
    assert.deepEqual(json(ours), ['gas', 'gasPrice', 'block', 'coinbase', 'type', 'from', 'input', 'value', 'to', 'output', 'gasUsed']);
  });

  test('KZG: a trace in which the point-evaluation precompile is called to the proof check fails here', async () => {
    // Input: versioned hash of the all-zero commitment, z, y, the commitment and a proof (all zero).
    const versionedHash =
      (0x01n << 248n) | (BigInt('0x17b0761f87b081d5cf10757ccc89f12be355c70e2e29df288b65b30710dcbcd1') & ((1n << 248n) - 1n));
    const program: Item[] = [versionedHash, 0n, 'MSTORE', 0n, 0n, 192n, 0n, 0x0an, 'GAS', 'STATICCALL', 'STOP'];
    const { geth, ours } = await both(
      '{e: [], enter: function() {}, exit: function(r) { this.e.push(r.getError()); }, fault: function() {}, result: function() { return this.e; }}',
      [program],
    );
    assert.match((json(geth) as string[])[0], /^error verifying kzg proof/);
    assert.match(error(ours), /^tracing failed: the point-evaluation precompile 0x0a was called, but this runtime includes no KZG library/);
  });

  const examples = join(__dirname, '..', '..', 'examples');
  const calls: Item[][] = [
    [
      1n,
      0n,
      'SSTORE',
      0n,
      0n,
      32n,
      0n,
      0n,
      2n,
      'GAS',
      'STATICCALL',
      'POP',
      0n,
      0n,
      0n,
      0n,
      5n,
      BigInt(smallContracts[1]),
      'GAS',
      'CALL',
      'POP',
      0n,
      0n,
      0n,
      0n,
      1n << 100n,
      BigInt(smallContracts[1]),
      'GAS',
      'CALL',
      'STOP',
    ],
    [2n, 1n, 'SSTORE', 'STOP'],
  ];

  test('Call tracer shape: examples/call.tracer.js gives geth\'s engine\'s answer; against the native callTracer it reads "internal failure"', async () => {
    const example = await both(readFileSync(join(examples, 'call.tracer.js'), 'utf8'), calls);
    assert.deepEqual(json(example.ours), json(example.geth));
    const native = await both('callTracer', calls);
    assert.deepEqual(json(native.ours), json(native.geth));
    const errors = (tree: unknown) => (tree as { calls: Array<{ error?: string }> }).calls.map((c) => c.error);
    assert.deepEqual(errors(json(example.ours)), [undefined, undefined, 'internal failure']);
    assert.deepEqual(errors(json(native.geth)), [undefined, undefined, 'insufficient balance for transfer']);
  });

  test("Prestate from JavaScript: examples/prestate.tracer.js gives geth's engine's answer; against the native prestateTracer it lacks codeHash", async () => {
    const example = await both(readFileSync(join(examples, 'prestate.tracer.js'), 'utf8'), calls);
    assert.deepEqual(json(example.ours), json(example.geth));
    const native = (await both('prestateTracer', calls)).geth;
    const withoutHash = JSON.parse(JSON.stringify(json(native), (key, value: unknown) => (key === 'codeHash' ? undefined : value)));
    assert.deepEqual(json(example.ours), withoutHash);
  });

  test('String objects are taken where hex strings are, as geth does', async () => {
    const { geth, ours } = await both(
      "{fault: function() {}, result: function() { return { a: toHex(toAddress(new String('0x01'))), w: toHex(toWord(new String('ff'))) }; }}",
    );
    assert.deepEqual(json(ours), json(geth));
  });

  test('the error texts compare equal once positions are normalised (what the differential tests rely on)', async () => {
    const { geth, ours } = await both(
      "{step: function(log) { this.f(); }, f: function() { throw new TypeError('t'); }, fault: function() {}, result: function() { return 1; }}",
    );
    assert.notEqual(error(geth), error(ours));
    assert.equal(normaliseError(error(geth)), normaliseError(error(ours)));
  });
});
