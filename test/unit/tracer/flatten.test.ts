import { test } from 'node:test';
import assert from 'node:assert/strict';
import { flattenTracer } from '../../../core/tracer/flatten';
import { traceRequestBody } from '../../../core/tracer/request-body';
import { parseTracer } from '../../../core/tracer/parse';
import type { EcmaVersion } from '../../../core/tracer/diagnostic';
import { meaningOf } from './tree';
import { codes } from './support';

function flat(text: string, ecmaVersion: EcmaVersion = 5): string {
  const result = flattenTracer(text, { ecmaVersion });
  assert.ok(result.ok, `flattens: ${!result.ok && result.diagnostics.map((d) => d.message).join('; ')}`);
  return result.code;
}

/** What every flattened tracer must be: one line, no comments, no ", {…}, same meaning, lint-clean of those. */
function assertFlat(text: string, ecmaVersion: EcmaVersion = 5): string {
  const code = flat(text, ecmaVersion);
  assert.doesNotMatch(code, /["\r\n\u2028\u2029]/);
  assert.ok(code.startsWith('{') && code.endsWith('}'), code.slice(0, 80));
  const problems = codes(code, ecmaVersion).filter((c) => ['syntax', 'double-quote', 'comment', 'not-object'].includes(c));
  assert.deepEqual(problems, []);
  assert.equal(parseTracer(code, { ecmaVersion }).comments.length, 0);
  assert.deepEqual(meaningOf(code, ecmaVersion), meaningOf(text, ecmaVersion));
  return code;
}

const hooks = 'fault: function (log, db) {}, result: function (ctx, db) { return this.v; }';

test('flatten: quotes of both kinds inside strings', () => {
  const code = assertFlat(`{ v: ["it's", 'say "hi"', "\\"", '\\'', "a\\\\\\"b"], ${hooks} }`);
  assert.equal(
    code,
    "{v: ['it\\'s', 'say \\x22hi\\x22', '\\x22', '\\'', 'a\\\\\\x22b'],fault: function (log, db) {},result: function (ctx, db) {return this.v;}}",
  );
});

test('flatten: // and /* inside strings and regexes are not comments', () => {
  const code = assertFlat(`{\n  v: ["http://x", '/* no */', /\\/\\/(.*)/, /[/*]/], // real\n  ${hooks}\n}`);
  assert.match(code, /'http:\/\/x', '\/\* no \*\/', \/\\\/\\\/\(\.\*\)\/, \/\[\/\*\]\//);
});

test('flatten: " inside regular expressions becomes \\x22 (also after a backslash)', () => {
  const text = `{ v: [/"a"/g, /\\"b/, /[^"]+/, /\\\\"/], ${hooks} }`;
  const code = assertFlat(text);
  assert.match(code, /\/\\x22a\\x22\/g, \/\\x22b\/, \/\[\^\\x22\]\+\/, \/\\\\\\x22\//);
  const run = (source: string) => (new Function(`return (${source})`)() as { v: RegExp[] }).v;
  const [before, after] = [run(text), run(code)];
  ['"a"', '"b', 'x"y', '\\"'].forEach((subject, i) => {
    // search() ignores lastIndex, so the g flag does not interfere.
    assert.ok(subject.search(before[i]) >= 0, `${before[i]} matches ${subject}`);
    assert.equal(subject.search(after[i]), subject.search(before[i]), String(before[i]));
  });
});

test('flatten: regex literals vs division', () => {
  const code = assertFlat(
    `{ v: function (a, b, g) { var r = a / b / g; var s = (a) / 2; var t = /=>/g.test('=>'); return [r, s, t, a /b/ g]; }, ${hooks} }`,
  );
  assert.match(code, /var r = a \/ b \/ g;/);
  assert.match(code, /var t = \(\/=>\/g\)\.test\('=>'\);/);
});

test('flatten: escapes, line continuations and non-ASCII keep their values', () => {
  const text = `{ v: ['tab\\there', "nl\\n", 'cont\\\ninued', "caf\u00e9 \u2603 😀", '\\u00e9\\x41\\0', 'bs\\\\'], ${hooks} }`;
  const code = assertFlat(text);
  const run = (source: string) => (new Function(`return (${source})`)() as { v: string[] }).v;
  assert.deepEqual(run(code), run(text));
  assert.ok(code.includes('café ☃ 😀'));
});

test('flatten: getters, setters, trailing commas, numeric and quoted keys', () => {
  const code = assertFlat(`{\n  get size() { return 1; },\n  set size(v) {},\n  1: 'one',\n  "two words": 2,\n  0x10: 16,\n  ${hooks},\n}`);
  assert.match(code, /get size\(\) \{return 1;\},set size\(v\) \{\},1: 'one','two words': 2,0x10: 16/);
  assert.ok(code.endsWith('}}'));
});

test('flatten: ASI is made explicit (return + newline, statements without semicolons)', () => {
  const text = `{\n  v: function () {\n    var a = 1\n    var b = a\n    ++b\n    return\n    a + b\n  },\n  w: function () {\n    var x = 1\n    ;[1, 2].forEach(function () {})\n    return x\n  },\n  ${hooks}\n}`;
  const code = assertFlat(text);
  assert.match(code, /var a = 1;var b = a;\+\+b;return;a \+ b;/);
  assert.match(code, /var x = 1;\[1, 2\]\.forEach/);
  const run = (source: string) => (new Function(`return (${source})`)() as { v(): unknown }).v();
  assert.equal(run(code), undefined);
  assert.equal(run(text), undefined);
});

test('flatten: template literals at 2017 lose their line breaks and double quotes, not their value', () => {
  const text = '{ v: function (x) { return `a "b"\n${x}\r\nc\\\nd`; }, ' + hooks + ' }';
  const code = assertFlat(text, 2017);
  const run = (source: string) => (new Function(`return (${source})`)() as { v(x: number): string }).v(7);
  assert.equal(run(code), run(text));
  assert.equal(run(code), 'a "b"\n7\nc' + 'd');
});

test('flatten: "use strict" directives stay directives', () => {
  const code = assertFlat(`{ v: function () { "use strict"; return this; }, ${hooks} }`);
  assert.match(code, /v: function \(\) \{'use strict';return this;\}/);
  assert.equal((new Function(`return (${code})`)() as { v(): unknown }).v.call(undefined), undefined);
});

test('flatten: refuses text with syntax errors or a trailing ;, with diagnostics', () => {
  for (const [text, code] of [
    ['{ a: }', 'syntax'],
    ['{ result: function () {} };', 'not-object'],
    ['', 'syntax'],
    ['[1, 2]', 'not-object'],
    ['{ v: () => 1 }', 'syntax'],
  ] as const) {
    const result = flattenTracer(text);
    assert.equal(result.ok, false, text);
    if (!result.ok)
      assert.ok(
        result.diagnostics.some((d) => d.code === code && d.severity === 'error'),
        `${text}: ${code}`,
      );
  }
  assert.ok(flattenTracer('{ v: () => 1 }', { ecmaVersion: 2017 }).ok);
  // A tag function sees the raw text: its " or line break cannot be rewritten.
  const tagged = flattenTracer('{ v: String.raw`say "hi"` }', { ecmaVersion: 2017 });
  assert.ok(!tagged.ok && tagged.diagnostics[0].code === 'flatten' && /tagged template/.test(tagged.diagnostics[0].message));
  assert.ok(flattenTracer('{ v: String.raw`fine` }', { ecmaVersion: 2017 }).ok);
  // A final line comment without a line break fails on the node, but flattening drops it.
  assert.equal(flat('{ v: 1 } // end'), '{v: 1}');
});

test('flatten: an empty object and a 1 MB tracer', () => {
  assert.equal(assertFlat('{}'), '{}');
  const member = (i: number) =>
    `  m${i}: function (log) { var s = "item ${i} // not a comment"; /* c */ if (log.x > ${i}) { return s + '${i}' } else return null },\n`;
  let text = '{\n';
  for (let i = 0; text.length < 1_000_000; i++) text += member(i);
  text += `  ${hooks}\n}\n`;
  const code = assertFlat(text);
  assert.ok(code.length > 500_000);
});

test('flatten: random garbage never throws', () => {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pieces = [
    '{',
    '}',
    '(',
    ')',
    '"a"',
    "'b'",
    '/x/',
    '/',
    '//c\n',
    '/*d*/',
    ',',
    ':',
    ';',
    '\n',
    'a',
    'function',
    'return',
    '1',
    '`t`',
    '\\',
    '=>',
    'var',
  ];
  for (let round = 0; round < 1000; round++) {
    let text = '';
    const length = Math.floor(random() * 25);
    for (let i = 0; i < length; i++) text += pieces[Math.floor(random() * pieces.length)];
    for (const ecmaVersion of [5, 2017] as const) {
      const result = flattenTracer(text, { ecmaVersion });
      if (result.ok) assertFlat(text, ecmaVersion);
      else assert.ok(result.diagnostics.length > 0, JSON.stringify(text));
    }
  }
});

test('toSourcePosition maps a node position (wrapped in parentheses, or in the flat line) to the file', () => {
  const text = '{\n  data: [],\n  step: function (log) {\n    this.data.push(log.memory.slice(-1, -2));\n  },\n  ' + hooks + '\n}\n';
  const result = flattenTracer(text);
  assert.ok(result.ok);
  const column = result.code.indexOf('log.memory.slice'); // 0-based in the flat line
  const memory = result.code.indexOf('memory.slice');
  const expectedLog = { line: 3, character: text.split('\n')[3].indexOf('log.memory') };
  assert.deepEqual(result.toSourcePosition(1, column + 2), expectedLog); // as geth reports: 1-based, after "("
  assert.deepEqual(result.toSourcePosition(1, column + 1, 'flat'), expectedLog);
  assert.deepEqual(result.toSourcePosition(1, memory + 2), { line: 3, character: expectedLog.character + 4 });
  assert.equal(result.toSourcePosition(2, 1), undefined);
  assert.equal(result.toSourcePosition(1, result.code.length + 5), undefined);
  // Every column maps inside the file, in order of the source for the same statement.
  for (let c = 2; c <= result.code.length + 1; c++) {
    const position = result.toSourcePosition(1, c);
    assert.ok(position && position.line >= 0 && position.line <= 7, `column ${c}`);
  }
});

test('traceRequestBody: the JSON-RPC body for debug_traceTransaction and debug_traceCall', () => {
  const source = '// t\n{ result: function () { return "x"; }, fault: function () {} }\n';
  const hash = '0x' + 'ab'.repeat(32);
  const tx = traceRequestBody(source, { kind: 'tx', hash }, { id: 7, timeout: '10s' });
  assert.ok(tx.ok);
  assert.deepEqual(JSON.parse(tx.body), {
    jsonrpc: '2.0',
    id: 7,
    method: 'debug_traceTransaction',
    params: [hash, { tracer: "{result: function () {return 'x';},fault: function () {}}", timeout: '10s' }],
  });
  const call = traceRequestBody(source, { kind: 'call', call: { to: '0x' + '11'.repeat(20), data: '0x' }, block: '0x10' });
  assert.ok(call.ok);
  const body = JSON.parse(call.body);
  assert.equal(body.method, 'debug_traceCall');
  assert.deepEqual(body.params.slice(1), ['0x10', { tracer: "{result: function () {return 'x';},fault: function () {}}" }]);
  const bad = traceRequestBody('{ x: }', { kind: 'tx', hash });
  assert.equal(bad.ok, false);
});

test('flatten: operators, precedence and statement forms keep their trees', () => {
  const body = [
    'var a = new (foo())(), b = new a.b.C(), c = new (a().b)();',
    'var d = (1, 2), e = - -a, f = + +a, g = a - -b, h = typeof typeof a, i = !(a && b) || c;',
    'for (var j = ("k" in a); j < 3; j++) { continue; }',
    'for (var k in a) if (a.hasOwnProperty(k)) break;',
    'var l = 1..toString() + 1.5.toFixed(1) + (-1).toString();',
    '({}).toString(); (function () {})(); (function () {}());',
    'outer: for (;;) { do a++; while (a < 3); break outer }',
    'if (a) ; else b();',
    'switch (a) { case 1: b(); case "2": { break; } default: c() }',
    'try { throw a } catch (err) { b = err } finally { c = 1 }',
    'var m = a ? b ? 1 : 2 : c ? 3 : 4, n = (a = 1) ? (b, c) : void 0;',
    'var o = a instanceof Object, p = delete a.b, q = a !== b === c;',
    'var r = [ , 1, , ], s = { "if": 1, get "x y"() { return 1; }, 3: 3 };',
    'while (a--) debugger;',
    'with (a) { b = c }',
    'return a /= 2, a;',
  ].join('\n');
  assertFlat(`{ v: function (a, b, c, foo) {\n${body}\n}, ${hooks} }`);
});

test('flatten: ES2017 forms (classes, arrows, destructuring, spread, generators, async) keep their trees', () => {
  const body = [
    'const f = () => ({ a: 1 }), g = async (x) => await x, h = (...xs) => xs.length;',
    'let { p, q: [r = 1, ...rest] = [] } = a, [s, , t] = b;',
    'class K extends Object { constructor(n) { super(); this.n = n; } static make() { return new.target; } get size() { return 1; } }',
    'function* gen() { yield 1; yield* [2, 3]; }',
    'const u = { [`k${1}`]: 2, m() { return 1; }, p };',
    'for (const [k, v] of new Map()) { f(k, v, ...rest); }',
    'const w = String.raw`a\\nb${c}`, x = 2 ** 3 ** 2, y = (-2) ** 2;',
    'return [f, g, h, p, q, r, s, t, u, w, x, y, K, gen];',
  ].join('\n');
  assertFlat(`{ v: function (a, b, c) {\n${body}\n}, ${hooks} }`, 2017);
});
