import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeTracer, fixAllEdits } from '../../../core/tracer/analyze';
import { applyTextEdits } from '../../../core/tracer/edits';
import { parseTracer } from '../../../core/tracer/parse';
import { rules } from '../../../core/tracer/rules';
import type { EcmaVersion } from '../../../core/tracer/diagnostic';
import { meaningOf } from './tree';
import { codes, lint, only, tracerWith } from './support';

/** The text after the first fix of the `index`th diagnostic with `code`. */
function fixOne(text: string, code: string, index = 0, ecmaVersion: EcmaVersion = 5): string {
  const diagnostic = only(code, text, ecmaVersion)[index];
  assert.ok(diagnostic?.fixes?.length, `a fix for ${code} #${index}`);
  return applyTextEdits(text, diagnostic.fixes![0].edits);
}

/** The text after "fix all" (of one code, or of everything). */
function fixAll(text: string, code?: string, ecmaVersion: EcmaVersion = 5): string {
  const parsed = parseTracer(text, { ecmaVersion });
  return applyTextEdits(text, fixAllEdits(parsed, analyzeTracer(text, { ecmaVersion }), code));
}

test('every rule has a unique code, a description and a default severity', () => {
  const all = rules.map((rule) => rule.code);
  assert.equal(new Set(all).size, all.length);
  for (const code of [
    'syntax',
    'not-object',
    'missing-result',
    'missing-fault',
    'unpaired-enter-exit',
    'double-quote',
    'comment',
    'near-miss-hook',
    'arrow-hook',
    'undefined-global',
  ]) {
    assert.ok(all.includes(code), code);
  }
  for (const rule of rules)
    assert.ok(rule.description.length > 10 && ['error', 'warning', 'information', 'hint'].includes(rule.defaultSeverity));
});

test('a clean tracer has no diagnostics', () => {
  assert.deepEqual(lint(tracerWith("step: function (log, db) { this.n = log.op.toString() === 'CALL'; }", 'n: false')), []);
});

test('not-object: a trailing ; is an error with a fix that removes it', () => {
  const text = tracerWith().trimEnd() + ';\n';
  const [d] = only('not-object', text);
  assert.equal(d.severity, 'error');
  assert.match(d.message, /Remove the ';' after the tracer object/);
  assert.deepEqual(d.range, { start: { line: 3, character: 1 }, end: { line: 3, character: 2 } });
  const fixed = fixOne(text, 'not-object');
  assert.equal(fixed, tracerWith());
  assert.deepEqual(codes(fixed), []);
});

test('not-object: an expression that is not an object literal, or extra statements', () => {
  const iife = only('not-object', '(function () {\n  return { result: function () {} };\n})()');
  assert.equal(iife.length, 1);
  assert.match(iife[0].message, /must be one object literal.*call expression/);
  assert.deepEqual(iife[0].range, { start: { line: 0, character: 0 }, end: { line: 0, character: 14 } });
  assert.equal(iife[0].fixes, undefined);
  const extra = only('not-object', '{ result: function () {}, fault: function () {} }\nvar x = 1;');
  assert.equal(extra.length, 1);
  assert.match(extra[0].message, /Nothing may follow the tracer object/);
  assert.equal(extra[0].fixes, undefined);
});

test('missing-result / missing-fault: geth wording, fix adds a skeleton in the layout of the object', () => {
  const text = '{\n  step: function (log) {},\n  fault: function (log, db) {}\n}\n';
  const [d] = only('missing-result', text);
  assert.equal(d.severity, 'error');
  assert.match(d.message, /trace object must expose a function result\(\)/);
  assert.deepEqual(d.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } });
  const fixed = fixOne(text, 'missing-result');
  assert.equal(fixed, '{\n  step: function (log) {},\n  fault: function (log, db) {},\n  result: function (ctx, db) { return {}; }\n}\n');
  assert.deepEqual(codes(fixed), []);

  const oneLine = '{ result: function () { return 1; } }';
  assert.equal(fixOne(oneLine, 'missing-fault'), '{ result: function () { return 1; }, fault: function (log, db) {} }');
  assert.match(only('missing-fault', oneLine)[0].message, /trace object must expose a function fault\(\)/);
});

test('missing-*: an empty object gets both hooks from fix all', () => {
  assert.deepEqual(codes('{}'), ['missing-result', 'missing-fault']);
  const fixed = fixAll('{}');
  assert.equal(fixed, '{ result: function (ctx, db) { return {}; }, fault: function (log, db) {},}');
  assert.deepEqual(codes(fixed), []);
});

test('missing-*: a hook that is not a function counts as missing; getters and spreads are not judged', () => {
  const [d] = only('missing-result', '{ result: 42, fault: function () {} }');
  assert.match(d.message, /'result' must be a function/);
  assert.equal(d.fixes, undefined);
  assert.deepEqual(only('missing-result', '{ get result() { return function () {}; }, fault: function () {} }'), []);
  assert.deepEqual(only('missing-result', '{ result: makeResult(), fault: function () {} }'), []);
});

test('unpaired-enter-exit: fix adds the missing partner', () => {
  const text = tracerWith('enter: function (frame) {}');
  const [d] = only('unpaired-enter-exit', text);
  assert.match(d.message, /'enter' without 'exit'.*either both or none of enter\(\) and exit\(\)/);
  assert.deepEqual(d.range, { start: { line: 1, character: 2 }, end: { line: 1, character: 7 } });
  const fixed = fixOne(text, 'unpaired-enter-exit');
  assert.match(fixed, /result: function \(ctx, db\) \{ return 1; \},\n  exit: function \(frameResult\) \{\}\n\}/);
  assert.deepEqual(codes(fixed), []);
  assert.equal(only('unpaired-enter-exit', tracerWith('exit: function (r) {}'))[0].message.startsWith("'exit' without 'enter'"), true);
  assert.deepEqual(only('unpaired-enter-exit', tracerWith('enter: function () {}', 'exit: function () {}')), []);
});

test('double-quote: each double-quoted string and directive; fix re-quotes with correct escaping', () => {
  const text = tracerWith('a: "it\'s"', 'b: "say \\"hi\\""', "c: 'has \" inside'", 'd: function () { "use strict"; }', "e: 'fine'");
  const found = only('double-quote', text);
  assert.equal(found.length, 4);
  assert.equal(found[0].severity, 'warning');
  assert.match(found[0].message, /flatten converts them to single quotes/);
  assert.equal(fixOne(text, 'double-quote', 0).split('\n')[1], "  a: 'it\\'s',");
  assert.equal(fixOne(text, 'double-quote', 1).split('\n')[2], "  b: 'say \\x22hi\\x22',");
  assert.equal(fixOne(text, 'double-quote', 2).split('\n')[3], "  c: 'has \\x22 inside',");
  assert.equal(fixOne(text, 'double-quote', 3).split('\n')[4], "  d: function () { 'use strict'; },");
  const fixed = fixAll(text, 'double-quote');
  assert.deepEqual(only('double-quote', fixed), []);
  assert.ok(!fixed.includes('"'));
  assert.deepEqual(meaningOf(fixed), meaningOf(text));
});

test('double-quote: quoted keys, regexes and templates (at ES2017 when the rules setting turns it on)', () => {
  const text = '{ "key": 1, r: /"x"/, t: `a"b`, result: function () {}, fault: function () {} }';
  const options = { ecmaVersion: 2017 as const, severities: { 'double-quote': 'warning' as const } };
  const diagnostics = analyzeTracer(text, options);
  assert.deepEqual(
    diagnostics.map((d) => d.code),
    ['double-quote', 'double-quote', 'double-quote'],
  );
  const fixed = applyTextEdits(text, fixAllEdits(parseTracer(text, options), diagnostics, 'double-quote'));
  assert.equal(fixed, "{ 'key': 1, r: /\\x22x\\x22/, t: `a\\x22b`, result: function () {}, fault: function () {} }");
  assert.deepEqual(meaningOf(fixed, 2017), meaningOf(text, 2017));
});

test('provider rules (comment, double-quote) are off by default at ES2017, on when a setting names them', () => {
  const text = '// note\n{ result: function () { return "x"; }, fault: function () {} }\n';
  assert.deepEqual(codes(text, 5), ['comment', 'double-quote']);
  assert.deepEqual(codes(text, 2017), []);
  const named = analyzeTracer(text, { ecmaVersion: 2017, severities: { comment: 'information', 'double-quote': 'error' } });
  assert.deepEqual(
    named.map((d) => [d.code, d.severity]),
    [
      ['comment', 'information'],
      ['double-quote', 'error'],
    ],
  );
  // Only the provider rules change: the others keep their default at ES2017.
  assert.deepEqual(codes('{ stpe: function () {}, result: function () {}, fault: function () {} }', 2017), ['near-miss-hook']);
});

test('comment: each comment; removing one keeps the layout, removing all keeps the meaning', () => {
  const text =
    '// head\n{\n  a: 1, // trailing\n  /* inline */ b: 2,\n  c: function () {\n    return /* spans\n    lines */ 3;\n  },\n  result: function () {}, fault: function () {}\n}\n';
  const found = only('comment', text);
  assert.equal(found.length, 4);
  assert.match(found[0].message, /flatten removes it/);
  assert.equal(fixOne(text, 'comment', 0), text.replace('// head\n', ''));
  assert.equal(fixOne(text, 'comment', 1), text.replace(' // trailing', ''));
  assert.equal(fixOne(text, 'comment', 2), text.replace('/* inline */ ', ''));
  const fixed = fixAll(text, 'comment');
  assert.deepEqual(only('comment', fixed), []);
  // The comment spanning lines ended the return statement (ASI): removing it must not change that.
  assert.deepEqual(meaningOf(fixed), meaningOf(text));
  assert.match(fixed, /return\n 3;/);
});

test('comment: between two tokens it leaves a space', () => {
  const text = '{ result: function () { var a = typeof/**/a; }, fault: function () {} }';
  assert.equal(fixOne(text, 'comment'), '{ result: function () { var a = typeof a; }, fault: function () {} }');
});

test('near-miss-hook: typos and wrong case of a hook name; rename fixes it', () => {
  const text = tracerWith('stpe: function (log) {}');
  const [d] = only('near-miss-hook', text);
  assert.equal(d.severity, 'warning');
  assert.match(d.message, /'stpe' looks like the hook 'step'/);
  const fixed = fixOne(text, 'near-miss-hook');
  assert.match(fixed, /\n {2}step: function \(log\) \{\}/);
  assert.deepEqual(codes(fixed), []);

  const capital = '{ Result: function () {}, fault: function () {} }';
  assert.deepEqual(codes(capital), ['missing-result', 'near-miss-hook']);
  assert.deepEqual(codes(fixOne(capital, 'near-miss-hook')), []);
  // State named like a hook is not a near miss, and neither is a helper when the hook exists.
  assert.deepEqual(only('near-miss-hook', tracerWith('steps: []', 'stepCount: 0')), []);
  assert.deepEqual(only('near-miss-hook', tracerWith('step: function () {}', 'stpe: function () {}')), []);
});

test('arrow-hook: warns about this; fix converts to a function expression', () => {
  const text = tracerWith('step: (log) => { this.n++; }', 'enter: frame => frame.getType()', 'exit: function () {}');
  const found = only('arrow-hook', text, 2017);
  assert.equal(found.length, 2);
  assert.match(found[0].message, /'step' is an arrow function.*'this'/);
  assert.match(fixOne(text, 'arrow-hook', 0, 2017), /step: function \(log\) \{ this\.n\+\+; \}/);
  const second = fixOne(text, 'arrow-hook', 1, 2017);
  assert.match(second, /enter: function \(frame\) \{ return frame\.getType\(\); \}/);
  assert.equal(only('arrow-hook', second, 2017).length, 1);
  assert.deepEqual(only('arrow-hook', tracerWith('helper: () => 1'), 2017), []);
});

test('undefined-global: console, require, setTimeout, print, module; not when declared', () => {
  const text = tracerWith('step: function (log) { console.log(1); require("x"); setTimeout(f, 1); print(2); module.exports = 1; }');
  const found = only('undefined-global', text);
  assert.deepEqual(
    found.map((d) => text.slice(0, 0) + d.message.split("'")[1]),
    ['console', 'require', 'setTimeout', 'print', 'module'],
  );
  assert.match(found[0].message, /throws ReferenceError/);
  assert.deepEqual(only('undefined-global', tracerWith('step: function (log) { var print = function () {}; print(log.console); }')), []);
});

test('severities are configurable per rule, including off', () => {
  const text = '// c\n{ result: function () {}, fault: function () {} };';
  const diagnostics = analyzeTracer(text, { ecmaVersion: 5, severities: { comment: 'off', 'not-object': 'hint' } });
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.severity]),
    [['not-object', 'hint']],
  );
});

test('fix all: repairs every mechanical problem at once', () => {
  const text =
    '// my tracer\n{\n  data: [],\n  step: function (log) { if (log.op.toString() == "CALL") this.data.push(1) },\n  enter: function (f) {},\n  /* result comes later */\n};\n';
  const before = new Set(codes(text));
  for (const code of ['comment', 'double-quote', 'not-object', 'missing-result', 'missing-fault', 'unpaired-enter-exit'])
    assert.ok(before.has(code), code);
  const fixed = fixAll(text);
  assert.deepEqual(codes(fixed), []);
  assert.equal(
    fixed,
    "{\n  data: [],\n  step: function (log) { if (log.op.toString() == 'CALL') this.data.push(1) },\n  enter: function (f) {},\n  result: function (ctx, db) { return {}; },\n  fault: function (log, db) {},\n  exit: function (frameResult) {},\n}\n",
  );
});
