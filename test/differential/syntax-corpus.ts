// Syntax snippets of ES2015 to ES2022 (and a few later ones), each alone in a tracer and some combined, to
// hold the checker's geth level against geth's JavaScript engine (goja): same verdict on every snippet.
// `code` is a statement or expression placed in result's body (`expr:` snippets in an expression position);
// `member` snippets are members of the tracer object itself.

export interface SyntaxSnippet {
  name: string;
  year: number;
  /** Statements in the body of result(). */
  body?: string;
  /** A member of the tracer object, e.g. a method. */
  member?: string;
}

export const syntaxSnippets: SyntaxSnippet[] = [
  // ES2015
  { name: 'let', year: 2015, body: 'let a = 1; return a;' },
  { name: 'const', year: 2015, body: 'const a = 1; return a;' },
  { name: 'arrow function', year: 2015, body: 'var f = (x) => x + 1; return f(1);' },
  { name: 'arrow with body', year: 2015, body: 'var f = (x, y) => { return x * y; }; return f(2, 3);' },
  { name: 'template literal', year: 2015, body: 'var n = 2; return `n=${n}`;' },
  { name: 'tagged template', year: 2015, body: 'var t = function (s) { return s.raw[0]; }; return t`a${1}b`;' },
  { name: 'method shorthand', year: 2015, member: 'helper() { return 1; }' },
  { name: 'shorthand property', year: 2015, body: 'var a = 1; return { a };' },
  { name: 'computed property', year: 2015, body: "var k = 'x'; return { [k]: 1 };" },
  {
    name: 'class',
    year: 2015,
    body: 'class A { constructor(x) { this.x = x; } get y() { return this.x; } static s() { return 2; } } return new A(1).y + A.s();',
  },
  {
    name: 'class extends super',
    year: 2015,
    body: 'class A { f() { return 1; } } class B extends A { f() { return super.f() + 1; } } return new B().f();',
  },
  { name: 'object destructuring', year: 2015, body: 'var { a, b: c = 2 } = { a: 1 }; return a + c;' },
  { name: 'array destructuring', year: 2015, body: 'var [a, , b = 3, ...r] = [1, 2]; return a + b + r.length;' },
  { name: 'default parameters', year: 2015, body: 'var f = function (a, b = 2) { return a + b; }; return f(1);' },
  { name: 'rest parameters', year: 2015, body: 'var f = function (...xs) { return xs.length; }; return f(1, 2);' },
  { name: 'spread in calls and arrays', year: 2015, body: 'var xs = [1, 2]; return Math.max(...xs, ...[3]);' },
  { name: 'for of', year: 2015, body: 'var s = 0; for (var x of [1, 2]) s += x; return s;' },
  { name: 'generator', year: 2015, body: 'var g = function* () { yield 1; yield* [2]; }; return [...g()];' },
  { name: 'new.target', year: 2015, body: 'function F() { return new.target === F; } return new F() instanceof F;' },
  { name: 'binary and octal literals', year: 2015, body: 'return 0b101 + 0o17;' },
  { name: 'unicode code point escape', year: 2015, body: "return '\\u{1F600}'.length;" },
  { name: 'regex u and y flags', year: 2015, body: 'return [/a/u.test("a"), /a/y.test("a")];' },
  { name: 'block-scoped function', year: 2015, body: '{ function f() { return 1; } } return 1;' },
  // ES2016
  { name: 'exponent operator', year: 2016, body: 'return 2 ** 10;' },
  { name: 'exponent assignment', year: 2016, body: 'var a = 2; a **= 3; return a;' },
  // ES2017
  { name: 'async function', year: 2017, body: 'var f = async function () { return 1; }; return typeof f;' },
  { name: 'async arrow and await', year: 2017, body: 'var f = async (p) => await p; return typeof f;' },
  { name: 'async method', year: 2017, member: 'async later() { await 0; return 1; }' },
  { name: 'trailing comma in parameters', year: 2017, body: 'var f = function (a, b,) { return a; }; return f(1, 2,);' },
  // ES2018
  { name: 'object rest', year: 2018, body: 'var { a, ...r } = { a: 1, b: 2 }; return r;' },
  { name: 'object spread', year: 2018, body: 'return { ...{ a: 1 }, b: 2 };' },
  { name: 'async generator', year: 2018, body: 'var g = async function* () { yield 1; }; return typeof g;' },
  { name: 'for await', year: 2018, body: 'var f = async function () { for await (var x of []) {} }; return typeof f;' },
  { name: 'regex s flag', year: 2018, body: 'return /a.b/s.test("a\\nb");' },
  { name: 'regex named group', year: 2018, body: 'return /(?<y>\\d+)/.exec("12");' },
  { name: 'regex lookbehind', year: 2018, body: 'return /(?<=a)b/.test("ab");' },
  { name: 'regex unicode property escape', year: 2018, body: 'return /\\p{L}/u.test("a");' },
  { name: 'template literal revision', year: 2018, body: 'var t = function (s) { return s.raw[0]; }; return t`\\unicode`;' },
  // ES2019
  { name: 'optional catch binding', year: 2019, body: 'try { throw 1; } catch { return 2; }' },
  { name: 'JSON superset (U+2028 in a string)', year: 2019, body: "return '\u2028'.length;" },
  // ES2020
  { name: 'nullish coalescing', year: 2020, body: 'var a = null; return a ?? 1;' },
  { name: 'optional chaining', year: 2020, body: 'var o = { a: { b: 1 } }; return [o?.a?.b, o.x?.y, o.f?.()];' },
  { name: 'optional call and index', year: 2020, body: 'var o = {}; return [o.m?.(1), o?.["k"]];' },
  { name: 'BigInt literal', year: 2020, body: 'return String(10n);' },
  { name: 'dynamic import', year: 2020, body: "return typeof import('x');" },
  // ES2021
  { name: 'logical assignment &&=', year: 2021, body: 'var a = 1; a &&= 2; return a;' },
  { name: 'logical assignment ||=', year: 2021, body: 'var a = 0; a ||= 2; return a;' },
  { name: 'logical assignment ??=', year: 2021, body: 'var a = null; a ??= 2; return a;' },
  { name: 'numeric separator', year: 2021, body: 'return 1_000_000;' },
  // ES2022
  { name: 'class public field', year: 2022, body: 'class A { x = 1; } return new A().x;' },
  { name: 'class static field', year: 2022, body: 'class A { static x = 1; } return A.x;' },
  { name: 'class private field', year: 2022, body: 'class A { #x = 1; get() { return this.#x; } } return new A().get();' },
  { name: 'class private method', year: 2022, body: 'class A { #m() { return 1; } get() { return this.#m(); } } return new A().get();' },
  { name: 'private in', year: 2022, body: 'class A { #x; static has(o) { return #x in o; } } return A.has(new A());' },
  { name: 'class static block', year: 2022, body: 'class A { static y; static { A.y = 1; } } return A.y;' },
  { name: 'regex d flag', year: 2022, body: 'return /a/d.exec("a").indices[0];' },
  // Later
  { name: 'regex v flag', year: 2024, body: 'return /[\\p{L}--[a-z]]/v.test("A");' },
  { name: 'hashbang comment', year: 2023, body: 'return 1;' },
  // Combined
  {
    name: 'class with async method, optional chaining and ??',
    year: 2020,
    body: 'class A { async f(o) { return o?.v ?? 0; } } return typeof new A().f;',
  },
  {
    name: 'arrow with destructured defaults and template',
    year: 2015,
    body: 'var f = ({ a = 1 } = {}, [b] = [2]) => `${a}${b}`; return f();',
  },
  {
    name: 'generator method with computed key and spread',
    year: 2015,
    body: "var k = 'g'; var o = { *[k]() { yield* [1, 2]; } }; return [...o.g()];",
  },
  { name: 'class fields with arrow and ??=', year: 2022, body: 'class A { v = null; f = () => (this.v ??= 1); } return new A().f();' },
  { name: 'object spread with optional chaining', year: 2020, body: 'var o = { a: { b: 1 } }; return { ...o?.a, c: o?.c ?? 3 };' },
  { name: 'for of with destructuring and const', year: 2015, body: 'var s = 0; for (const [k, v] of [[1, 2]]) s += k + v; return s;' },
  { name: 'async arrow with await in template', year: 2017, body: 'var f = async () => `${await 1}`; return typeof f;' },
  { name: 'numeric separator in BigInt', year: 2021, body: 'return String(1_000n);' },
];

/** The snippet as a whole tracer, as geth would be sent it. */
export function snippetTracer(snippet: SyntaxSnippet): string {
  const members = [snippet.member, `result: function (ctx, db) { ${snippet.body ?? 'return 1;'} }`, 'fault: function (log, db) {}'].filter(
    Boolean,
  );
  const text = `{\n  ${members.join(',\n  ')}\n}\n`;
  return snippet.name === 'hashbang comment' ? `#!/usr/bin/env node\n${text}` : text;
}
