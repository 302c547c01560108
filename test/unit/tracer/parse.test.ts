import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callability, findProperty, parseTracer } from '../../../core/tracer/parse';
import { LineMap } from '../../../core/tracer/positions';
import { lint, only } from './support';

test('parse: members, comments and positions are in the user text', () => {
  const text = '// head\n{\r\n  step: function (log) {},\n  /* c */ result: function () { return 1; },\n  fault: 3,\n}\n';
  const parsed = parseTracer(text, { ecmaVersion: 5 });
  assert.equal(parsed.syntaxErrors.length, 0);
  assert.deepEqual(
    parsed.properties.map((p) => p.name),
    ['step', 'result', 'fault'],
  );
  assert.deepEqual(
    parsed.comments.map((c) => text.slice(c.start, c.end)),
    ['// head', '/* c */'],
  );
  const result = findProperty(parsed, 'result')!;
  assert.deepEqual(parsed.lines.positionAt(result.node.start), { line: 3, character: 10 });
  assert.equal(callability(result), 'yes');
  assert.equal(callability(findProperty(parsed, 'fault')), 'no');
  assert.equal(callability(undefined), 'no');
});

test('LineMap counts \\r\\n, \\r and \\n as line breaks and round-trips offsets', () => {
  const text = 'a\r\nb\rc\nd';
  const lines = new LineMap(text);
  assert.equal(lines.lineCount, 4);
  for (let offset = 0; offset <= text.length; offset++) {
    if (text[offset - 1] === '\r' && text[offset] === '\n') continue; // between \r and \n is not a position
    assert.equal(lines.offsetAt(lines.positionAt(offset)), offset);
  }
  assert.deepEqual(lines.positionAt(7), { line: 3, character: 0 });
});

test('syntax: an unexpected token is reported at the token with its text', () => {
  const [d] = only('syntax', '{\n  step: function() { , },\n  result: 1 }');
  assert.deepEqual(d.range, { start: { line: 1, character: 21 }, end: { line: 1, character: 22 } });
  assert.equal(d.message, "Unexpected token ','.");
  assert.equal(d.severity, 'error');
});

test('syntax: unterminated object reports the end of the text', () => {
  const [d] = only('syntax', '{ result: function () {}\n');
  assert.match(d.message, /ends before the expression is complete/);
  assert.deepEqual(d.range.start, { line: 0, character: 23 });
});

test('syntax: an empty file (or only comments) says what a tracer is', () => {
  for (const text of ['', '   \n', '// nothing\n']) {
    const [d] = only('syntax', text);
    assert.match(d.message, /The file is empty: a tracer is one object literal/);
  }
});

test('syntax: ES5 mode names each ES2015+ feature with its ES5 form', () => {
  const cases: [string, RegExp][] = [
    ['let x = 1;', /'let' declarations.*declare it with 'var'/],
    ['const x = 1;', /'const' declarations/],
    ['var f = (a) => a;', /arrow functions.*function \(a\)/],
    ['var s = `x${1}`;', /template literals.*concatenate/],
    ['var o = { m() {} };', /method shorthand.*'m: function/],
    ['var o = { a };', /shorthand properties.*'a: a'/],
    ['var o = { [k]: 1 };', /computed property names/],
    ['class A {}', /classes.*constructor function/],
    ['var { a } = o;', /destructuring/],
    ['f(...args);', /spread syntax.*apply/],
    ['var f = function (a = 1) {};', /default parameters/],
    ['for (var x of xs) {}', /'for...of' loops.*indexed loop/],
    ['var p = 2 ** 3;', /ES2016 syntax \(the '\*\*' operator\).*Math.pow/],
  ];
  for (const [statement, expected] of cases) {
    const text = `{ result: function () { ${statement} }, fault: function () {} }`;
    const syntax = only('syntax', text);
    assert.equal(syntax.length, 1, `${statement}: ${JSON.stringify(syntax)}`);
    assert.match(syntax[0].message, expected, statement);
    assert.match(syntax[0].message, /beyond ES5\.1/);
    assert.equal(only('syntax', text, 2017).length, 0, `${statement} is fine at 2017`);
  }
});

test('syntax: the feature range covers the feature, not the whole hook', () => {
  const text = '{\n  result: function () {\n    let x = 1;\n    return x;\n  },\n  fault: function () {}\n}';
  const [d] = only('syntax', text);
  assert.deepEqual(d.range, { start: { line: 2, character: 4 }, end: { line: 2, character: 7 } });
});

test('syntax: the geth level (ecmaVersion 2017) takes what goja compiles and names what it does not (BigInt, &&=, 1_000)', () => {
  const text = '{ result: function (ctx) { var a = ctx?.a ?? 10n; a &&= 1_000; return { ...ctx }; }, fault: function () {} }';
  const messages = only('syntax', text, 2017).map((d) => d.message);
  assert.equal(messages.length, 3);
  assert.match(messages[0], /^ES2020 syntax \(BigInt literals\) is not supported by geth's JavaScript engine \(goja\)/);
  assert.match(messages[1], /the '&&=' operator/);
  assert.match(messages[2], /numeric separators/);
});

test('syntax: a final // comment without a line break comments out the ) geth appends', () => {
  const text = '{ result: function () {}, fault: function () {} } // done';
  const [d] = only('syntax', text);
  assert.match(d.message, /comments out the '\)' geth appends/);
  assert.deepEqual(d.range.start, { line: 0, character: 50 });
  assert.equal(only('syntax', text + '\n').length, 0);
});

test('parse: random garbage never throws and always yields a syntax error or a tree', () => {
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const alphabet = '{}()[];,.:\'"`/\\*+-=!?<>&|^%~ \n\tabcxyz0123456789$_\u00e9\u2028';
  for (let round = 0; round < 500; round++) {
    const length = Math.floor(random() * 60);
    let text = '';
    for (let i = 0; i < length; i++) text += alphabet[Math.floor(random() * alphabet.length)];
    for (const ecmaVersion of [5, 2017] as const) {
      const diagnostics = lint(text, ecmaVersion);
      const parsed = parseTracer(text, { ecmaVersion });
      assert.ok(parsed.expression !== undefined || parsed.syntaxErrors.length > 0, JSON.stringify(text));
      for (const d of diagnostics) assert.ok(d.range.start.line >= 0 && d.message.length > 0);
    }
  }
});

test('syntax: later syntax before a genuine error reports both', () => {
  const text = '{\n  step: function () { let x = 1; },\n  result: function () { return ( },\n  fault: function () {}\n}';
  const found = only('syntax', text);
  assert.equal(found.length, 2);
  assert.equal(found[0].range.start.line, 1);
  assert.match(found[0].message, /probably syntax newer than ES5\.1/);
  assert.equal(found[1].range.start.line, 2);
  assert.match(found[1].message, /Unexpected token/);
});
