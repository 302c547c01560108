// Members of the API objects: literal computed keys are checked like dotted names; reading an unknown
// member is a warning (`unknown-member`), calling one (or calling a property) a certain TypeError
// (`unknown-method`, an error); near-miss suggestions and their fixes for both.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeTracer, fixAllEdits } from '../../../core/tracer/analyze';
import { applyTextEdits } from '../../../core/tracer/edits';
import { parseTracer } from '../../../core/tracer/parse';
import type { TracerDiagnostic } from '../../../core/tracer/diagnostic';
import { lint, tracerWith } from './support';

const API_CODES = new Set(['unknown-member', 'unknown-method']);

/** The unknown-member/unknown-method findings of a result hook body (ES2017, so templates are allowed). */
function inResult(body: string): TracerDiagnostic[] {
  return lint(
    `{\n  step: function (log, db) {},\n  fault: function (log, db) {},\n  result: function (ctx, db) {\n    ${body}\n  }\n}\n`,
    2017,
  ).filter((d) => API_CODES.has(d.code));
}

const summary = (found: TracerDiagnostic[]) => found.map((d) => `${d.code} ${d.severity}`);

test('literal computed keys are checked on every API object like dotted names', () => {
  const cases: Array<[string, string]> = [
    ["return ctx['time'];", 'ctx.time was removed in geth v1.11.0'],
    ['return ctx["gasprice"];', "did you mean 'gasPrice'?"],
    ['return ctx[`blockNumber`];', 'the block number is ctx.block'],
    ["return db['getBalanse'];", "did you mean 'getBalance'?"],
    ["return ctx.value['plsu'];", "did you mean 'plus'?"],
    ["return ctx['value'].add(1)['foo'];", "'foo' is not a member of bigInt"],
  ];
  for (const [body, expected] of cases) {
    const found = inResult(body);
    assert.deepEqual(summary(found), ['unknown-member warning'], body);
    assert.ok(found[0].message.includes(expected), `${body}: ${found[0].message}`);
  }
  const hooks = (step: string) => lint(tracerWith(`step: function (log, db) { ${step} }`)).filter((d) => API_CODES.has(d.code));
  assert.deepEqual(summary(hooks("var s = log['stack']; return s['peak'];")), ['unknown-member warning']);
  assert.deepEqual(summary(hooks("return log['contract']['getAdress'];")), ['unknown-member warning']);
  // Real members through literal keys, and computed keys that are not literals, are fine.
  assert.deepEqual(
    hooks("var k = 'getPC'; return log['getPC']() + log[k] + db['getBalance'](log['contract']['getAddress']()) + log['stack']['peek'](0);"),
    [],
  );
  assert.deepEqual(inResult("return ctx['gasUsed'] + ctx[`gas`] + ctx['value'].toString() + ctx['hasOwnProperty']('x');"), []);
});

test('the range is the key with its quotes; the rename fix keeps the quotes', () => {
  const text = tracerWith('step: function (log) { return log["getPc"](); }');
  const [found] = lint(text).filter((d) => d.code === 'unknown-method');
  const line = text.split('\n')[found.range.start.line];
  assert.equal(line.slice(found.range.start.character, found.range.end.character), '"getPc"');
  assert.equal(applyTextEdits(text, found.fixes![0].edits), text.replace('"getPc"', '"getPC"'));
  assert.equal(found.fixes![0].preferred, true, 'only the case differs');
});

test('calling a method the object lacks is an error; reading it stays a warning', () => {
  const called = inResult('return ctx.getBlockNumber();');
  assert.deepEqual(summary(called), ['unknown-method error']);
  assert.match(called[0].message, /^'getBlockNumber' is not a method of ctx: calling it throws TypeError/);
  const text = tracerWith('step: function (log) { var e = log.getCallError(); var f = log.getOpcode(); var g = log["getGass"]; }');
  const found = lint(text).filter((d) => API_CODES.has(d.code));
  assert.deepEqual(summary(found), ['unknown-method error', 'unknown-method error', 'unknown-member warning']);
  assert.equal(
    found[0].message,
    "'getCallError' is not a method of log: calling it throws TypeError (it is undefined on the node); did you mean 'getError'?",
  );
  assert.equal(found[0].fixes![0].title, "Change to 'getError'");
  assert.equal(found[0].fixes![0].preferred, false);
  assert.match(found[1].message, /\(use log\.op\.toString\(\) for the name/);
  assert.match(found[2].message, /^'getGass' is not a member of log: on the node it is undefined; did you mean 'getGas'\?$/);
});

test('a call suggests a method before a property; a frame result and a bigInt are API objects too', () => {
  const exit = lint(tracerWith('enter: function (frame) {}', 'exit: function (res) { return res.getGasUsd() + res.getErorr(); }')).filter(
    (d) => API_CODES.has(d.code),
  );
  assert.deepEqual(
    exit.map((d) => d.fixes?.[0].edits[0].newText),
    ['getGasUsed', 'getError'],
  );
  assert.deepEqual(summary(inResult('return ctx.value.pluss(1);')), ['unknown-method error']);
  assert.match(inResult('return ctx.value.pluss(1);')[0].message, /did you mean 'plus'\?/);
});

test('calling a property is an error; the fix drops the empty ()', () => {
  const text = tracerWith('step: function (log) { return log.op() + log.stack(0); }');
  const found = lint(text).filter((d) => API_CODES.has(d.code));
  assert.deepEqual(summary(found), ['unknown-method error', 'unknown-method error']);
  assert.equal(found[0].message, "'op' is a property of log (of type op), not a method: calling it throws TypeError. Read it as log.op.");
  assert.equal(applyTextEdits(text, found[0].fixes![0].edits), text.replace('log.op()', 'log.op'));
  assert.match(found[1].message, /Read it as log\.stack without calling it\.$/);
  assert.equal(found[1].fixes, undefined);
  assert.deepEqual(summary(inResult("return ctx['gasUsed']();")), ['unknown-method error']);
});

test('not certain, so not an error: a feature test reads it too, an optional call, a member the tracer adds to ctx', () => {
  const guarded = lint(tracerWith('step: function (log) { if (log.getReturnData) { return log.getReturnData(); } }')).filter((d) =>
    API_CODES.has(d.code),
  );
  assert.deepEqual(summary(guarded), ['unknown-member warning', 'unknown-member warning']);
  assert.deepEqual(summary(inResult('return ctx.getFoo?.();')), ['unknown-member warning']);
  assert.deepEqual(inResult('ctx.note = function () { return 1; }; return ctx.note() + ctx.note;'), []);
});

test('fix all applies the case-only renames of both codes', () => {
  const text = tracerWith("step: function (log) { return log.getpc() + log['getdepth'](); }");
  const parsed = parseTracer(text, { ecmaVersion: 5 });
  const fixed = applyTextEdits(text, fixAllEdits(parsed, analyzeTracer(text, { ecmaVersion: 5 })));
  assert.equal(fixed, text.replace('getpc', 'getPC').replace("'getdepth'", "'getDepth'"));
  assert.deepEqual(lint(fixed), []);
});

test('every method of the BigInteger.js build geth loads is known, so calling one is never unknown-method', () => {
  // The prototype methods of geth's eth/tracers/js bigint library (facts, listed by name).
  const methods = [
    'add',
    'plus',
    'subtract',
    'minus',
    'negate',
    'abs',
    'multiply',
    'times',
    'square',
    'divmod',
    'divide',
    'over',
    'mod',
    'remainder',
    'pow',
    'modPow',
    'compareAbs',
    'compare',
    'compareTo',
    'equals',
    'eq',
    'notEquals',
    'neq',
    'greater',
    'gt',
    'lesser',
    'lt',
    'greaterOrEquals',
    'geq',
    'lesserOrEquals',
    'leq',
    'isEven',
    'isOdd',
    'isPositive',
    'isNegative',
    'isUnit',
    'isZero',
    'isDivisibleBy',
    'isPrime',
    'isProbablePrime',
    'modInv',
    'next',
    'prev',
    'shiftLeft',
    'shiftRight',
    'not',
    'and',
    'or',
    'xor',
    'toString',
    'toJSON',
    'valueOf',
    'toJSNumber',
  ];
  const calls = methods.map((name) => `ctx.value.${name}(1)`).join(' + ');
  assert.deepEqual(inResult(`return ${calls};`), []);
});
