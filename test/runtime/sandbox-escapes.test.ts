// The sealed tracer realm under attack: each escape attempt runs as a real debug_traceCall on the local node.
// Every candidate object an attempt obtains (helpers, log/db/ctx/frames and all their methods, returned
// values, thrown errors, call sites, callers, globals) is checked inside the tracer: its prototype chain must
// end at the tracer realm's own Object.prototype. A candidate of another realm is reported by name and used
// to try to write a canary file; the test asserts that no attempt reports one and no canary exists.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { LocalNode } from '../../core/local-node-launcher';
import { call, rpc, startNode } from './node-helpers';

/** CALLs the identity precompile (so enter/exit run), leaving a word in memory and on the stack. */
const target = '0x' + 'ca'.repeat(20);
const targetCode = '0x602a60005260206000602060006000600461fffff1' + '00';

const canaryDir = mkdtempSync(join(tmpdir(), 'evm-tracer-canary-'));
const canary = join(canaryDir, 'escaped');

/** ES5 members of every probe tracer: `c(value, label)` checks one candidate, `walk` every object it reaches. */
const harness = `
  found: [], checked: 0,
  root: function (v) { var last = v, p = v, n = 0; while (p !== null && n++ < 1000) { last = p; p = Object.getPrototypeOf(p); } return last; },
  c: function (v, label) {
    this.checked++;
    if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return;
    var r = this.root(v);
    if (r === v || r === Object.prototype) return;
    this.found.push(String(label));
    try { var P = v.constructor.constructor('return process')(); P.getBuiltinModule('fs').writeFileSync(${JSON.stringify(canary)}, String(label)); } catch (e) {}
    if (this.loopOnForeign) { for (;;) {} }
  },
  walk: function (start, label) {
    var queue = [[start, label]], seen = [];
    while (queue.length > 0 && seen.length < 3000) {
      var item = queue.shift(), v = item[0], at = item[1];
      if (v === null || (typeof v !== 'object' && typeof v !== 'function') || seen.indexOf(v) >= 0) continue;
      seen.push(v);
      this.c(v, at);
      queue.push([Object.getPrototypeOf(v), at + '.__proto__']);
      var keys = Object.getOwnPropertyNames(v).concat(Object.getOwnPropertySymbols(v));
      for (var i = 0; i < keys.length; i++) {
        var d = Object.getOwnPropertyDescriptor(v, keys[i]), name = at + '.' + String(keys[i]);
        if (!d) continue;
        if ('value' in d) queue.push([d.value, name]);
        if (d.get) { queue.push([d.get, name + '<get>']); }
        if (d.set) { queue.push([d.set, name + '<set>']); }
      }
    }
  },
  tryAll: function (label, f) { try { this.c(f(), label); } catch (e) { this.c(e, label + '<thrown>'); } },
  report: function () { return { found: this.found, checked: this.checked }; },`;

type Hook = 'setup' | 'step' | 'fault' | 'enter' | 'exit' | 'result';
interface Attempt {
  name: string;
  /** ES5 statements; `t` is the tracer; hook arguments by their geth names. */
  code: string;
  hook: Hook;
  /** For attempts that end the trace with a host-function error: the geth text expected (a foreign candidate
   * makes the tracer loop instead, so the answer would be a time-out). */
  hostError?: RegExp;
}

function tracerFor(attempt: Attempt): string {
  const body = (hook: Hook, params: string) =>
    `${hook}: function (${params}) { var t = this; ${attempt.hook === hook ? `if (!t.done${hook === 'step' ? ' && log.stack.length() > 0' : ''}) { t.done = true; ${attempt.code} }` : ''} }`;
  return `{${harness} done: false, loopOnForeign: ${attempt.hostError ? 'true' : 'false'},
  ${body('setup', 'config')},
  ${body('step', 'log, db')},
  ${body('fault', 'log, db')},
  ${body('enter', 'frame')},
  ${body('exit', 'res')},
  result: function (ctx, db) { var t = this; ${attempt.hook === 'result' ? attempt.code + ';' : ''} return t.report(); }}`;
}

const helpers = ['toHex', 'toWord', 'toAddress', 'toContract', 'toContract2', 'isPrecompiled', 'slice', 'bigInt'];
const logMethods = ['getPC', 'getGas', 'getCost', 'getDepth', 'getRefund', 'getError'];

const attempts: Attempt[] = [
  // Everything reachable from the global object and from each API object, with prototypes and accessors.
  {
    name: 'walk: the global object',
    hook: 'result',
    code: 't.walk(this === undefined ? null : (function () { return this; })(), "global")',
  },
  { name: 'walk: log and its parts', hook: 'step', code: 't.walk(log, "log")' },
  { name: 'walk: db', hook: 'step', code: 't.walk(db, "db")' },
  { name: 'walk: ctx', hook: 'result', code: 't.walk(ctx, "ctx")' },
  { name: 'walk: the enter frame', hook: 'enter', code: 't.walk(frame, "frame")' },
  { name: 'walk: the exit result', hook: 'exit', code: 't.walk(res, "res")' },
  { name: 'walk: the tracer object itself', hook: 'result', code: 't.walk(t, "tracer")' },
  // The constructor chain of every helper, method and returned value, called as a tracer would.
  ...helpers.map((name): Attempt => ({
    name: `constructor chain of ${name}`,
    hook: 'result',
    code: `t.c(${name}.constructor, "${name}.constructor"); t.tryAll("${name}.constructor()", function () { return ${name}.constructor('return process')(); })`,
  })),
  ...logMethods.map((name): Attempt => ({
    name: `log.${name}: function and value`,
    hook: 'step',
    code: `t.c(log.${name}.constructor, "ctor"); t.tryAll("${name}()", function () { return log.${name}(); })`,
  })),
  {
    name: 'log.op methods and values',
    hook: 'step',
    code: 't.tryAll("op.toNumber", function () { return log.op.toNumber; }); t.tryAll("op.toString()", function () { return log.op.toString(); }); t.tryAll("op.isPush()", function () { return log.op.isPush(); }); t.c(log.op.constructor, "op.constructor")',
  },
  { name: 'log.stack values (bigInt) and their prototypes', hook: 'exit', code: 't.walk(t.peeked, "peeked")' },
  { name: 'log.memory.slice and getUint results', hook: 'exit', code: 't.walk(t.memory, "memory")' },
  { name: 'log.contract results', hook: 'exit', code: 't.walk(t.contract, "contract")' },
  {
    name: 'db results (balance, code, state, nonce, exists)',
    hook: 'result',
    code:
      'var a = toAddress("0x' +
      'ca'.repeat(20) +
      '"); t.walk([db.getBalance(a), db.getCode(a), db.getState(a, toWord("0x0")), db.getNonce(a), db.exists(a)], "db results")',
  },
  {
    name: 'helper results (bytes, addresses)',
    hook: 'result',
    code: 't.walk([toWord("0x01"), toAddress("0x02"), toContract("0x03", 1), toContract2("0x04", "0x05", [1, 2]), slice([1, 2, 3], 0, 2), isPrecompiled("0x01"), toHex([1])], "helper results")',
  },
  {
    name: 'frame results (enter values)',
    hook: 'enter',
    code: 't.walk([frame.getType(), frame.getFrom(), frame.getTo(), frame.getInput(), frame.getGas(), frame.getValue()], "frame values")',
  },
  {
    name: 'exit results (output, gasUsed, error)',
    hook: 'exit',
    code: 't.walk([res.getOutput(), res.getGasUsed(), res.getError()], "exit values")',
  },
  // Errors thrown by host functions on bad arguments (catchable ones).
  {
    name: 'peek(Symbol()) throws an error of the realm',
    hook: 'step',
    code: 't.tryAll("peek(Symbol())", function () { return log.stack.peek(Symbol()); })',
  },
  {
    name: 'slice([1], Symbol(), 1) throws an error of the realm',
    hook: 'result',
    code: 't.tryAll("slice symbol", function () { return slice([1], Symbol(), 1); })',
  },
  {
    name: 'db.getBalance([Symbol()]) throws an error of the realm',
    hook: 'result',
    code: 't.tryAll("getBalance symbol", function () { return db.getBalance([Symbol()]); })',
  },
  {
    name: 'toContract([1], Infinity) stays in the realm',
    hook: 'result',
    code: 't.tryAll("toContract Infinity", function () { return toContract([1], Infinity); })',
  },
  { name: 'toHex(null) throws an error of the realm', hook: 'result', code: 't.tryAll("toHex null", function () { return toHex(null); })' },
  {
    name: 'memory.slice(0, 1e12) bound error',
    hook: 'step',
    code: 't.tryAll("huge slice", function () { return log.memory.slice(0, 1e12); })',
    hostError: /^reached limit for padding memory slice: \d+ at <eval>:\d+:\d+    in server-side tracer function 'step'$/,
  },
  // Host-function failures end the trace; the sentinel the tracer can catch must be of the realm.
  {
    name: 'out-of-bound slice: the caught sentinel',
    hook: 'result',
    code: 'try { slice([1, 2], 0, 5); } catch (e) { t.c(e, "sentinel"); }',
    hostError:
      /^Tracer accessed out of bound memory: available 2, offset 0, size 5 at result \(<eval>:\d+:\d+\)    in server-side tracer function 'result'$/,
  },
  {
    name: 'out-of-bound peek in step: the caught sentinel',
    hook: 'step',
    code: 'try { log.stack.peek(1e6); } catch (e) { t.c(e, "sentinel"); t.c(e.constructor, "sentinel ctor"); }',
    hostError:
      /^tracer accessed out of bound stack: size \d+, index 1000000 at step \(<eval>:\d+:\d+\)    in server-side tracer function 'step'$/,
  },
  {
    name: 'db.getState with a bad slot: the caught sentinel',
    hook: 'result',
    code: 'try { db.getState([1], "0x00"); } catch (e) { t.c(e, "sentinel"); }',
    hostError: /^invalid buffer type at result \(<eval>:\d+:\d+\)    in server-side tracer function 'result'$/,
  },
  {
    name: 'toHex("0x") bad buffer: the caught sentinel',
    hook: 'result',
    code: 'try { toHex("0x"); } catch (e) { t.c(e, "sentinel"); }',
    hostError: /^invalid buffer type at result/,
  },
  // The V8 stack-trace API: call sites of host frames would expose host functions and receivers.
  {
    name: 'Error.prepareStackTrace call sites (getFunction, getThis)',
    hook: 'step',
    code: 'var sites = []; Error.prepareStackTrace = function (e, s) { sites = s; return "x"; }; log.stack.peek({ valueOf: function () { new Error("probe").stack; return 0; } }); for (var i = 0; i < sites.length; i++) { t.c(sites[i].getFunction(), "site fn " + i); t.c(sites[i].getThis(), "site this " + i); } t.c(Error.prepareStackTrace, "prepareStackTrace stays unset")',
  },
  {
    name: 'Error.prepareStackTrace through a replaced global Error',
    hook: 'result',
    code: 'var got = []; var E = function () {}; E.prepareStackTrace = function (e, s) { got = s; return ""; }; try { Error = E; } catch (x) {} toHex({ length: 0, valueOf: 0 } instanceof Array ? [] : [1]); var err = new TypeError("x"); err.stack; for (var i = 0; i < got.length; i++) { t.c(got[i].getFunction(), "site"); } t.c(Error, "Error binding")',
  },
  {
    name: 'Error.captureStackTrace on an object',
    hook: 'step',
    code: 'var o = {}; Error.captureStackTrace(o); t.c(o, "captured"); t.tryAll("stack", function () { return o.stack; })',
  },
  // Values the tracer passes in that run tracer code inside host functions.
  {
    name: 'Symbol.toPrimitive argument: callers during conversion',
    hook: 'step',
    code: 'var seen = []; log.stack.peek({ [Symbol.toPrimitive]: function () { seen.push(arguments.callee.caller); return 0; } }); t.c(seen[0], "toPrimitive caller")',
  },
  {
    name: 'valueOf argument: arguments.callee.caller chain',
    hook: 'result',
    code: 'var seen = []; slice([1, 2], { valueOf: function () { var f = arguments.callee.caller; seen.push(f); if (f) { seen.push(f.caller); } return 0; } }, 1); for (var i = 0; i < seen.length; i++) t.c(seen[i], "caller " + i)',
  },
  {
    name: 'Proxy as a buffer argument',
    hook: 'result',
    code: 'var seen = []; var p = new Proxy([1, 2], { get: function (o, k, r) { seen.push(r); seen.push(arguments.callee.caller); return o[k]; } }); t.tryAll("proxy slice", function () { return slice(p, 0, 1); }); t.tryAll("proxy toHex", function () { return toHex(p); }); for (var i = 0; i < seen.length; i++) t.c(seen[i], "proxy seen " + i)',
  },
  {
    name: 'getter as an array element',
    hook: 'result',
    code: 'var seen = []; var a = [1]; Object.defineProperty(a, 0, { get: function () { seen.push(arguments.callee.caller); return 1; } }); t.tryAll("getter toHex", function () { return toHex(a); }); t.c(seen[0], "getter caller")',
  },
  {
    name: 'Symbol.species of a byte array passed in',
    hook: 'result',
    code: 'var seen = []; var a = new Uint8Array([1, 2, 3]); a.constructor = {}; a.constructor[Symbol.species] = function (b, o, n) { seen.push(b); seen.push(arguments.callee.caller); return new Uint8Array(n); }; t.tryAll("species slice", function () { return slice(a, 0, 2); }); t.tryAll("species word", function () { return toWord(a); }); for (var i = 0; i < seen.length; i++) t.c(seen[i], "species " + i)',
  },
  // Callers of every hook.
  ...(['setup', 'step', 'fault', 'enter', 'exit', 'result'] as Hook[])
    .filter((h) => h !== 'fault')
    .map((hook): Attempt => ({
      name: `arguments.callee.caller in ${hook}`,
      hook,
      code: 't.c(arguments.callee.caller, "caller"); t.c(arguments.callee.caller && arguments.callee.caller.caller, "caller.caller")',
    })),
  {
    name: 'this in a sloppy function called bare',
    hook: 'result',
    code: 'var g = (function () { return this; })(); t.c(g, "sloppy this"); t.c(g.constructor, "this.constructor"); t.tryAll("this.constructor.constructor", function () { return g.constructor.constructor("return process")(); })',
  },
  {
    name: 'Function("return this") and eval("this")',
    hook: 'result',
    code: 't.tryAll("Function this", function () { return Function("return this")(); }); t.tryAll("eval this", function () { return eval("this"); }); t.tryAll("indirect eval", function () { return (0, eval)("typeof process === \\"undefined\\" ? null : process"); })',
  },
  {
    name: 'no process, require, module, Buffer or console',
    hook: 'result',
    code: 'var names = ["process", "require", "module", "Buffer", "console", "setTimeout", "global"]; for (var i = 0; i < names.length; i++) { t.c(globalThis[names[i]], names[i]); if (typeof globalThis[names[i]] !== "undefined") { t.found.push("global " + names[i]); } }',
  },
  {
    name: 'import() rejection reason',
    hook: 'result',
    code: 'var seen = t; import("fs").then(function (m) { seen.c(m, "import module"); }, function (e) { seen.c(e, "import error"); }); t.tryAll("import promise", function () { return import("child_process"); })',
  },
  {
    name: 'import() from eval code',
    hook: 'result',
    code: 't.tryAll("eval import", function () { return eval("import(\\"fs\\")"); }); t.tryAll("Function import", function () { return Function("return import(\\"fs\\")")(); })',
  },
  {
    name: 'WebAssembly compile',
    hook: 'result',
    code: 't.tryAll("wasm", function () { return typeof WebAssembly === "undefined" ? null : new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])); })',
  },
  {
    name: 'SharedArrayBuffer and Atomics.wait',
    hook: 'result',
    code: 't.tryAll("atomics", function () { return typeof SharedArrayBuffer === "undefined" ? null : Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1); })',
  },
  {
    name: 'stack overflow inside a host call',
    hook: 'result',
    code: 'var caught = []; function deep(n) { try { return deep(n + 1); } catch (e) { try { toHex([n & 255]); } catch (e2) { caught.push(e2); } return n; } } deep(0); for (var i = 0; i < caught.length; i++) t.c(caught[i], "overflow " + i)',
  },
  {
    name: 'replaced built-ins do not reach the API',
    hook: 'step',
    code: 'var seen = []; Array.prototype.push = function (x) { seen[seen.length] = x; }; Function.prototype.apply = function (self, args) { seen[seen.length] = args; }; String.prototype.slice = function () { seen[seen.length] = arguments.callee.caller; return ""; }; JSON.stringify = function () { return "{\\"tampered\\":true}"; }; t.c(log.stack.peek(0), "peek"); var hex = toHex([1]), mem = log.memory.slice(0, 2); if (hex !== "0x01" || mem.length !== 2) { t.found[t.found.length] = "API changed by tampering: " + hex + " " + mem.length; } for (var i = 0; i < seen.length; i++) t.c(seen[i], "tamper " + i)',
  },
];

describe('sandbox escapes', { concurrency: 4 }, () => {
  let node: LocalNode;
  before(async () => (node = await startNode()));
  after(async () => {
    await node?.stop();
    rmSync(canaryDir, { recursive: true, force: true });
  });

  test(`the corpus has at least 40 attempts (${attempts.length})`, () => assert.ok(attempts.length >= 40));

  for (const attempt of attempts) {
    test(attempt.name, async () => {
      const tracer = tracerFor(attempt)
        // Values some attempts look at from a later hook.
        .replace(
          'step: function (log, db) { var t = this;',
          'step: function (log, db) { var t = this; if (log.stack.length() > 0 && !t.peeked) { t.peeked = [log.stack.peek(0)]; t.memory = [log.memory.slice(0, 32), log.memory.length() >= 32 ? log.memory.getUint(0) : null]; t.contract = [log.contract.getAddress(), log.contract.getCaller(), log.contract.getValue(), log.contract.getInput()]; }',
        );
      const reply = await rpc(node.url, 'debug_traceCall', [
        { to: target, gas: '0x100000' },
        'latest',
        { tracer, timeout: '10s', stateOverrides: { [target]: { code: targetCode } } },
      ]);
      if (attempt.hostError) {
        assert.match(reply.error?.message ?? `no error: ${JSON.stringify(reply.result)}`, attempt.hostError);
      } else {
        assert.equal(reply.error, undefined, `trace failed: ${reply.error?.message}`);
        const { found, checked } = reply.result as { found: string[]; checked: number };
        assert.deepEqual(found, [], 'objects of another realm reached');
        assert.ok(checked > 0, 'the attempt checked nothing');
      }
      assert.equal(existsSync(canary), false, 'canary written');
    });
  }

  test('the node still answers after the corpus', async () => {
    assert.equal(await call(node.url, 'eth_chainId'), '0xa868');
  });
});
