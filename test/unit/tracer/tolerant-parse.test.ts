// The error-tolerant parse and the rules that read it while the text has a syntax error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTracer } from '../../../core/tracer/parse';
import { parseTolerant, tolerantParse } from '../../../core/tracer/tolerant-parse';
import { lint, tracerWith } from './support';

test('each member is parsed on its own: one left open does not swallow the ones after it', () => {
  const text = `{
  step: function (l, d) {
    if (l.getDepth() > 1) {
      d.getBalance(
  },
  fault: function (log) { log.getPC(); },
  result: function (ctx, db) { return ctx.gasUsed; }
}
`;
  assert.equal(parseTracer(text, { ecmaVersion: 5 }).expression, undefined);
  const tolerant = parseTolerant(text, { ecmaVersion: 5 })!;
  assert.deepEqual(
    tolerant.properties.map((p) => [p.name, p.node.value.type]),
    [
      ['step', 'FunctionExpression'],
      ['fault', 'FunctionExpression'],
      ['result', 'FunctionExpression'],
    ],
  );
  const result = tolerant.properties[2].node;
  assert.equal(text.slice(result.start, result.end), 'result: function (ctx, db) { return ctx.gasUsed; }');
});

test('where something is missing the parse notes a repair; a text that parses is its own tolerant parse', () => {
  const text = '{ step: function (log) { var a = ; log. }, fault: function () {}, result: function () {} }';
  const repairs = parseTolerant(text, { ecmaVersion: 5 })!.tolerant!.repairs;
  assert.deepEqual(
    [...repairs].sort((a, b) => a - b),
    [text.indexOf('; log'), text.indexOf('}, fault')],
  );
  const valid = parseTracer(tracerWith(), { ecmaVersion: 5 });
  assert.equal(tolerantParse(valid), valid);
});

test('semantic warnings stay for the parts that parse; nothing is reported about a repair', () => {
  const text = tracerWith(
    'step: function (log, db) {\n    var op = log.getOpcode();\n    log.\n  }',
    'other: function () { console.log(1) +; }',
  );
  assert.deepEqual(
    lint(text).map((d) => [d.code, d.range.start.line]),
    [
      ['unknown-method', 2],
      ['syntax', 4],
      ['undefined-global', 5],
    ],
  );
  // The structural rules read only the strict parse: no missing hooks are made up from a broken text.
  assert.deepEqual(
    lint('{ step: function (log) { log.getOpcode( }').map((d) => d.code),
    ['unknown-method', 'syntax'],
  );
});

test('nesting too deep for the tolerant parse gives up on that member only, without overflowing the stack', () => {
  // Within what the strict parse follows (it reaches the error), beyond what the tolerant one enters.
  const deep = `var a = ${'['.repeat(400)}${']'.repeat(400)} +;`;
  const text = tracerWith(`step: function (log) { ${deep} }`, 'exit: function (res) { res.getGasUsd(); }');
  const tolerant = parseTolerant(text, { ecmaVersion: 5 })!;
  assert.deepEqual(
    tolerant.properties.map((p) => p.name),
    ['exit', 'fault', 'result'],
  );
  assert.deepEqual(
    lint(text).map((d) => d.code),
    ['syntax', 'unknown-method'],
  );
});

test('a block comment left open, and another opened after it: the members after still parse', () => {
  // Each line after the first open comment is read again; one that opens another is as open.
  const text =
    '{\n  step: function (log) {\n    /* abc\n    log.getPC();\n    /* log.getPC();\n  },\n  result: function (ctx) { return ctx.gasUsed(); }\n}\n';
  const tolerant = parseTolerant(text, { ecmaVersion: 2017 })!;
  assert.deepEqual(
    tolerant.properties.map((p) => p.name),
    ['step', 'result'],
  );
  assert.deepEqual(
    lint(text, 2017).map((d) => [d.code, d.range.start.line]),
    [
      ['syntax', 2],
      ['unknown-method', 6],
    ],
  );
});

test('a bad escape read after a template left open is a syntax error, not a crash', () => {
  // acorn kept its "inside a template" flag after the template's error, and the stray `\` after it then
  // threw acorn's internal marker (a bare object, no Error) out of the parse and the analysis.
  const text = '{ a: 1 \\` `x, \\';
  assert.ok(parseTolerant(text, { ecmaVersion: 2017 })?.object);
  assert.deepEqual(
    lint(text, 2017).map((d) => d.code),
    ['syntax'],
  );
});
