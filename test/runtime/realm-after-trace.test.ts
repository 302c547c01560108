// Nothing a tracer schedules runs after its trace. V8 can run code of a realm outside any hook: cleanup
// callbacks of a FinalizationRegistry, promise jobs, Atomics.waitAsync wake-ups, WebAssembly compilations
// finishing on a background thread. For each, a tracer arms it to burn CPU (or throw) later; after its answer
// the pooled worker that ran it must stay idle and alive, and the next trace on that very worker must run
// within its own time-out. The realm offers goja's globals, as geth's engine does, and no others.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { TraceOutcome } from '../../runtime/evm/job';
import { traceOneCall } from './one-call-job';
import { procStat } from '../support/nodes/process';

const trace = (tracer: string, timeoutMs = 5_000): Promise<TraceOutcome> => traceOneCall(tracer, timeoutMs);

/** This process's child processes: the trace workers (idle ones included). */
function workers(): number[] {
  const children = readFileSync(`/proc/self/task/${process.pid}/children`, 'utf8').trim();
  return children ? children.split(' ').map(Number) : [];
}

/** CPU time (user + system, in clock ticks) a worker has used; it must still be there. */
function cpuTicks(pid: number): number {
  const stat = procStat(pid);
  if (!stat) throw new Error(`worker ${pid} is gone`);
  return stat.cpuTicks;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs for 3 s when called; `throws` makes it end in an exception instead, which would reach the worker's top level. */
const burn = 'function () { var t = Date.now(); while (Date.now() - t < 3000) {} throw new Error("late"); }';

const armed: Record<string, string> = {
  // Registered in every step (the registry lives on), garbage enough in result for a collection: the cleanup task
  // is posted while the answer goes out.
  'FinalizationRegistry cleanup': `var r = globalThis.kept = new FinalizationRegistry(${burn}); for (var i = 0; i < 60000; i++) r.register({ i: i }, i); var junk = []; for (var j = 0; j < 3000000; j++) junk.push({ j: j });`,
  'WeakRef, then a promise job': `var w = new WeakRef({}); Promise.resolve(w).then(${burn});`,
  'promise job': `Promise.resolve().then(${burn});`,
  'async function after await': `(async function () { await null; (${burn})(); })();`,
  'thenable adoption': `Promise.resolve({ then: function (ok) { ok(1); } }).then(${burn});`,
  'Atomics.waitAsync': `var a = new Int32Array(new SharedArrayBuffer(4)); Atomics.waitAsync(a, 0, 0, 50).value.then(${burn});`,
  'WebAssembly compilation': `WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])).then(${burn}, ${burn});`,
};

for (const [name, code] of Object.entries(armed)) {
  test(
    `${name}: no tracer code runs after the answer, and the worker serves the next trace`,
    { skip: process.platform !== 'linux' && 'reads /proc' },
    async () => {
      // Whatever the primitive, the tracer's own answer is unaffected: it arms it in result and returns.
      const outcome = await trace(
        `{fault: function () {}, result: function () { try { ${code} } catch (e) { return 'refused: ' + e.name; } return 'armed'; }}`,
      );
      assert.ok('json' in outcome, JSON.stringify(outcome));
      const pool = workers();
      assert.ok(pool.length > 0, 'the worker is kept for the next trace');
      const before = new Map(pool.map((pid) => [pid, cpuTicks(pid)]));
      await sleep(1500);
      for (const [pid, ticks] of before) {
        // Idle means idle: a few ticks for V8's own housekeeping, never the 150 a callback would burn.
        assert.ok(cpuTicks(pid) - ticks < 30, `worker ${pid} used ${cpuTicks(pid) - ticks} ticks of CPU after the answer`);
      }
      assert.deepEqual(workers(), pool, 'the worker is still alive');
      const next = await trace('{fault: function () {}, result: function () { return 7; }}', 2_000);
      assert.deepEqual(next, { json: '7' });
      assert.ok(
        workers().some((pid) => pool.includes(pid)),
        'the next trace ran on the same worker',
      );
    },
  );
}

test("the realm's globals are goja's (geth's engine) and the tracer helpers: nothing that schedules work", async () => {
  const outcome = await trace('{fault: function () {}, result: function () { return Object.getOwnPropertyNames(globalThis).sort(); }}');
  assert.ok('json' in outcome, JSON.stringify(outcome));
  const globals: string[] = JSON.parse(outcome.json);
  for (const absent of [
    'FinalizationRegistry',
    'WeakRef',
    'Atomics',
    'SharedArrayBuffer',
    'WebAssembly',
    'Intl',
    'BigInt',
    'BigInt64Array',
    'BigUint64Array',
    'console',
  ]) {
    assert.ok(!globals.includes(absent), `${absent} is not a global of geth's engine`);
  }
  for (const present of [
    'Promise',
    'Proxy',
    'Reflect',
    'WeakMap',
    'WeakSet',
    'Map',
    'Set',
    'Symbol',
    'ArrayBuffer',
    'DataView',
    'Uint8Array',
    'bigInt',
    'toHex',
    'isPrecompiled',
  ]) {
    assert.ok(globals.includes(present), `${present} is a global of geth's engine`);
  }
});
