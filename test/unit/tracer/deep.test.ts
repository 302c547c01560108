// Deep code: long chains (`a.b.b…`, `1 + 1 + …`) are valid and must lint and flatten like any other code;
// nesting deeper than the parser's stack (acorn recurses: about 500 levels of brackets) is reported as
// too deep for the checker, never as a syntax error, and never crashes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { flattenTracer } from '../../../core/tracer/flatten';
import { parseTracer } from '../../../core/tracer/parse';
import { lint, only } from './support';

/** A tracer whose step hook holds `code` on its line 3 (0-based line 2). */
function inStep(code: string): string {
  return `{\n  step: function (log, db) {\n    ${code}\n  },\n  fault: function (log, db) {},\n  result: function (ctx, db) { return 1; }\n}\n`;
}

// `b` is assigned first: reading undeclared tracer state would be a finding of its own.
const memberChain = inStep(`this.b = {}; var x = this${'.b'.repeat(20_000)};`);
const plusChain = inStep(`var n = 1${' + 1'.repeat(50_000)};`);

test('deep: a 20,000-member chain and a 50,000-term sum are valid code with nothing to report', () => {
  assert.deepEqual(lint(memberChain), []);
  assert.deepEqual(lint(plusChain), []);
  assert.deepEqual(lint(inStep(`var o = log.op.toString(); if (${Array.from({ length: 3000 }, () => "o == 'ADD'").join(' || ')}) {}`)), []);
});

test('deep: flatten writes long chains whole, and maps positions inside them back', () => {
  const member = flattenTracer(memberChain);
  assert.ok(member.ok);
  assert.equal(
    member.code,
    `{step: function (log, db) {this.b = {};var x = this${'.b'.repeat(20_000)};},fault: function (log, db) {},result: function (ctx, db) {return 1;}}`,
  );
  const plus = flattenTracer(plusChain);
  assert.ok(plus.ok);
  assert.ok(plus.code.includes(`var n = 1${' + 1'.repeat(50_000)};`));
  // The operand after the 30,000th `+` of the flat code (1-based column in "(" + code + ")") is the same
  // operand in the file.
  const flatOperand = plus.code.split('+', 30_000).join('+').length + 2;
  const fileOperand = plusChain.indexOf('var n = ') + `var n = 1${' + 1'.repeat(29_999)} + `.length;
  assert.deepEqual(plus.toSourcePosition(1, flatOperand + 2), { line: 2, character: fileOperand - plusChain.indexOf('    var n') });
});

test('deep: 100,000 nested brackets are too deep to check, said where, and not a syntax error', () => {
  const text = inStep(`var a = ${'('.repeat(100_000)}1${')'.repeat(100_000)};`);
  const diagnostics = lint(text);
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.severity]),
    [['too-deep', 'error']],
  );
  const [d] = diagnostics;
  assert.equal(d.range.start.line, 2);
  assert.match(d.message, /^Nested too deeply for the checker \(\d{3} levels of brackets are open here\): .*not a syntax error/);
  const flat = flattenTracer(text);
  assert.ok(!flat.ok);
  assert.deepEqual(
    flat.diagnostics.map((x) => x.code),
    ['too-deep'],
  );
});

test('deep: acorn gives up a few hundred brackets deep, well past real code', () => {
  // Measured here: 500-530 nested parentheses and ~800 arrays under node's default stack. 300 must pass.
  for (const [open, close] of [
    ['(', ')'],
    ['[', ']'],
    ['{a: ', '}'],
  ]) {
    assert.deepEqual(lint(inStep(`var a = ${open.repeat(300)}1${close.repeat(300)};`)), [], open);
  }
});

test('deep: chains without brackets that do nest (!!!…, ?: …) are too deep, worded for a chain', () => {
  for (const code of [`var n = ${'!'.repeat(100_000)}1;`, `var t = ${'a ? 1 : '.repeat(50_000)}2;`]) {
    const [d, ...rest] = only('too-deep', inStep(code));
    assert.equal(rest.length, 0);
    assert.match(d.message, /the chain of nested expressions or statements that reaches here is too long/);
    assert.deepEqual(only('syntax', inStep(code)), []);
  }
});

test('deep: later syntax in deep code is named (the feature scan walks without recursion)', () => {
  const found = only('syntax', inStep(`let x = this${'.b'.repeat(20_000)};`));
  assert.equal(found.length, 1);
  assert.match(found[0].message, /'let' declarations/);
});

test('deep: later syntax before nesting too deep to check reports both', () => {
  const text = inStep(`let a = ${'('.repeat(100_000)}1${')'.repeat(100_000)};`);
  const parsed = parseTracer(text, { ecmaVersion: 5 });
  assert.match(parsed.syntaxErrors[0]?.message ?? '', /probably syntax newer than ES5\.1/);
  assert.ok(parsed.tooDeep);
  assert.deepEqual([...new Set(lint(text).map((d) => d.code))], ['syntax', 'too-deep']);
});

test('deep: the bytes rule follows a 50,000-term string sum to its first term', () => {
  const [d] = only('bytes-argument', inStep(`toHex('ab'${" + 'c'".repeat(50_000)});`));
  assert.match(d.message, /toHex takes a Uint8Array or an Array as 'buf', not a string/);
});
