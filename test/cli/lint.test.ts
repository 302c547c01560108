// `evm-tracer lint` and `evm-tracer flatten` as a user runs them (dist/cli.js in a child process).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { flattenTracer } from '../../core/tracer/flatten';

const cli = resolve('dist/cli.js');
const dir = mkdtempSync(join(tmpdir(), 'evm-tracer-lint-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const run = (args: string[], cwd = dir) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd });

const CLEAN = '{\n  result: function (ctx, db) { return 1; },\n  fault: function (log, db) {}\n}\n';
const WARNED = '// note\n{\n  result: function (ctx, db) { return "x"; },\n  fault: function (log, db) {}\n}\n';
const BROKEN = '{\n  step: function (log) { let n = 1; },\n  result: function () {}\n};\n';

test('lint: clean file → no output, exit 0', () => {
  const result = run(['lint', file('clean.tracer.js', CLEAN)]);
  assert.equal(result.status, 0);
  assert.equal(result.stdout, '');
});

test('lint: warnings only → exit 0; text format is file:line:col severity code message (1-based)', () => {
  const path = file('warned.tracer.js', WARNED);
  const result = run(['lint', path]);
  assert.equal(result.status, 0);
  const lines = result.stdout.trimEnd().split('\n');
  assert.equal(lines.length, 2);
  assert.match(lines[0], new RegExp(`^${path.replace(/[.\\/]/g, '\\$&')}:1:1 warning comment Comment: `));
  assert.match(lines[1], /:3:39 warning double-quote Double-quoted string/);
});

test('lint: errors → exit 1; json format has 0-based LSP ranges', () => {
  const path = file('broken.tracer.js', BROKEN);
  const result = run(['lint', '--format', 'json', path, file('clean2.tracer.js', CLEAN)]);
  assert.equal(result.status, 1);
  const report = JSON.parse(result.stdout) as {
    file: string;
    diagnostics: { code: string; severity: string; message: string; range: unknown }[];
  }[];
  assert.equal(report.length, 2);
  assert.equal(report[0].file, path);
  assert.deepEqual(
    report[0].diagnostics.map((d) => [d.code, d.severity]),
    [
      ['missing-fault', 'error'],
      ['syntax', 'error'],
      ['not-object', 'error'],
    ],
  );
  assert.deepEqual(report[0].diagnostics[1].range, { start: { line: 1, character: 25 }, end: { line: 1, character: 28 } });
  assert.match(report[0].diagnostics[1].message, /'let' declarations/);
  assert.deepEqual(Object.keys(report[0].diagnostics[0]).sort(), ['code', 'message', 'range', 'severity']);
  assert.deepEqual(report[1].diagnostics, []);
});

test('lint: --ecma 2017 and --rule change the outcome', () => {
  const path = file('rules.tracer.js', BROKEN);
  const result = run(['lint', '--ecma', '2017', '--rule', 'not-object=warning', '--rule', 'missing-fault=off', path]);
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /:4:2 warning not-object /);
  assert.doesNotMatch(result.stdout, /syntax|missing-fault/);
});

test('lint: evm-tracer.config.json in the working directory (and --config) set ecmaVersion and rules', () => {
  const project = mkdtempSync(join(tmpdir(), 'evm-tracer-config-'));
  writeFileSync(
    join(project, 'evm-tracer.config.json'),
    JSON.stringify({ lint: { ecmaVersion: 2017, rules: { 'not-object': 'off', 'missing-fault': 'off' } }, nodes: {} }),
  );
  writeFileSync(join(project, 't.tracer.js'), BROKEN);
  assert.equal(run(['lint', 't.tracer.js'], project).status, 0);
  const other = file('other.config.json', JSON.stringify({ lint: { rules: { 'missing-fault': 'off' } } }));
  const explicit = run(['lint', '--config', other, 't.tracer.js'], project);
  assert.equal(explicit.status, 1);
  assert.match(explicit.stdout, /error syntax .*'let' declarations/);
});

test('lint: usage errors exit 2 with a clear message', () => {
  const cases: [string[], RegExp][] = [
    [['lint'], /no tracer file given/],
    [['lint', '--format', 'xml', 'x.js'], /--format must be text or json/],
    [['lint', '--ecma', '6', 'x.js'], /ecmaVersion must be 5 or 2017/],
    [['lint', '--rule', 'nope=error', 'x.js'], /unknown rule 'nope'/],
    [['lint', '--rule', 'comment=loud', 'x.js'], /severity of rule 'comment' must be one of error, warning, information, hint, off/],
    [['lint', '--rule', 'comment', 'x.js'], /--rule takes code=severity/],
    [['lint', '--bogus', 'x.js'], /Unknown option '--bogus'/],
    [['lint', join(dir, 'does-not-exist.tracer.js')], /cannot read .*does-not-exist\.tracer\.js: ENOENT/],
    [['lint', '--config', join(dir, 'missing.json'), 'x.js'], /cannot read config file .*missing\.json/],
    [['lint', '--config', file('bad.json', '{ lint: 1 }'), 'x.js'], /bad\.json is not valid JSON/],
    [
      ['lint', '--config', file('bad-rule.json', '{"lint":{"rules":{"comment":"loud"}}}'), 'x.js'],
      /bad-rule\.json: lint\.rules: severity of rule 'comment'/,
    ],
  ];
  for (const [args, message] of cases) {
    const result = run(args);
    assert.equal(result.status, 2, args.join(' '));
    assert.match(result.stderr, message, args.join(' '));
    assert.equal(result.stdout, '');
  }
  const help = run(['lint', '--help']);
  assert.equal(help.status, 0);
  assert.match(help.stdout, /double-quote +warning/);
});

test('flatten: prints the one-line tracer, or a JSON string with --json', () => {
  const path = file('flat.tracer.js', WARNED);
  const expected = flattenTracer(WARNED);
  assert.ok(expected.ok);
  const plain = run(['flatten', path]);
  assert.equal(plain.status, 0);
  assert.equal(plain.stdout, expected.code + '\n');
  assert.equal(plain.stdout, "{result: function (ctx, db) {return 'x';},fault: function (log, db) {}}\n");
  const json = run(['flatten', '--json', path]);
  assert.equal(json.status, 0);
  assert.equal(JSON.parse(json.stdout), expected.code);
});

test('flatten: syntax errors → nothing on stdout, diagnostics on stderr, exit 1', () => {
  const path = file('flat-broken.tracer.js', BROKEN);
  const result = run(['flatten', path]);
  assert.equal(result.status, 1);
  assert.equal(result.stdout, '');
  assert.match(result.stderr, /:2:26 error syntax .*'let' declarations/);
  assert.match(result.stderr, /:4:2 error not-object /);
  assert.equal(run(['flatten', '--ecma', '2017', file('flat-2017.tracer.js', BROKEN.replace('};', '}'))]).status, 0);
  assert.equal(run(['flatten']).status, 2);
  assert.equal(run(['flatten', 'a', 'b']).status, 2);
});

test('lint and flatten on deep code: long chains work, nesting past the parser is a clear error (no crash)', () => {
  const deep = (code: string) => `{\n  result: function (ctx, db) {\n    return ${code};\n  },\n  fault: function (log, db) {}\n}\n`;
  const chain = file('chain.tracer.js', deep(`ctx${'.gas'.repeat(20_000)} + 1${' + 1'.repeat(50_000)}`));
  assert.equal(run(['lint', chain]).stdout, '');
  const flat = run(['flatten', chain]);
  assert.equal(flat.status, 0);
  assert.ok(flat.stdout.startsWith(`{result: function (ctx, db) {return ctx${'.gas'.repeat(20_000)} + 1 + 1`));

  // acorn's own handling of this aborted the process (V8: "RegExpCompiler Allocation failed").
  const nested = file('nested.tracer.js', deep(`${'['.repeat(100_000)}${']'.repeat(100_000)}`));
  for (const command of ['lint', 'flatten']) {
    const result = run([command, nested]);
    assert.equal(result.status, 1, result.stderr);
    const output = command === 'lint' ? result.stdout : result.stderr;
    assert.match(
      output,
      /^\S+nested\.tracer\.js:3:\d+ error too-deep Nested too deeply for the checker \(\d+ levels of brackets are open here\)/,
    );
    assert.doesNotMatch(result.stdout + result.stderr, /RangeError|Maximum call stack|    at /);
  }
});

test('lint and flatten on a wrapped tracer (var tracer = {…};) report the same one error: keep only the object literal', () => {
  const path = file('wrapped.tracer.js', `var tracer = ${CLEAN.trimEnd()};\n`);
  const lint = run(['lint', path]);
  assert.equal(lint.status, 1);
  const line = `${path}:1:1 error not-object Keep only the object literal: geth evaluates the file as one expression ('(' + text + ')'), so 'var tracer = {…};' does not compile.`;
  assert.equal(lint.stdout, line + '\n');
  const flat = run(['flatten', path]);
  assert.equal(flat.status, 1);
  assert.equal(flat.stdout, '');
  assert.equal(flat.stderr, line + '\n');
  // The same at ES2017, for the forms a module system uses.
  const exported = run(['lint', '--ecma', '2017', file('exported.tracer.js', `const t = ${CLEAN.trimEnd()};\nmodule.exports = t;\n`)]);
  assert.equal(exported.status, 1);
  assert.match(
    exported.stdout,
    /^\S+:1:1 error not-object Keep only the object literal: .*'const t = \{…\}; module\.exports = t;' does not compile\.\n$/,
  );
});

test('lint: calling a method log lacks is an error (exit 1); a gasPrice fee note is information (exit 0)', () => {
  const called = run([
    'lint',
    file(
      'called.tracer.js',
      "{\n  step: function (log) { var e = log['getCallError'](); },\n  result: function (ctx, db) { return 1; },\n  fault: function (log, db) {}\n}\n",
    ),
  ]);
  assert.equal(called.status, 1);
  assert.match(
    called.stdout,
    /^\S+:2:38 error unknown-method 'getCallError' is not a method of log: calling it throws TypeError .*did you mean 'getError'\?\n$/,
  );
  const fee = run([
    'lint',
    file(
      'fee.tracer.js',
      '{\n  result: function (ctx, db) { return ctx.gasPrice.multiply(ctx.gasUsed).toString(); },\n  fault: function (log, db) {}\n}\n',
    ),
  ]);
  assert.equal(fee.status, 0);
  assert.match(
    fee.stdout,
    /^\S+:2:39 information gas-price-tip ctx\.gasPrice in fee arithmetic\. From the hover of ctx\.gasPrice: ".*Since geth v1\.15\.0 this is the tip/,
  );
});
