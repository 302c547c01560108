// Tracers as projects ship them (`var tracer = {…};`, `module.exports = {…};`, `export default {…}`, …):
// one not-object error on the wrapper, a fix that leaves exactly the object literal, the other checks run on
// the object inside, flatten refuses the same way. The corpus in test/fixtures/wrapped holds one tracer of
// each shape.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyTextEdits } from '../../../core/tracer/edits';
import { flattenTracer } from '../../../core/tracer/flatten';
import { parseTracer } from '../../../core/tracer/parse';
import type { EcmaVersion, TracerDiagnostic } from '../../../core/tracer/diagnostic';
import { lint, only, tracerWith } from './support';

const OBJECT = tracerWith('count: 0').trimEnd();
const KEEP_ONLY =
  /^Keep only the object literal: geth evaluates the file as one expression \('\(' \+ text \+ '\)'\), so '(.*)' does not compile\.$/;

/** The wrapper error of `text` (exactly one), and the text its fix gives. */
function unwrap(text: string, ecmaVersion: EcmaVersion = 5): { diagnostic: TracerDiagnostic; fixed: string } {
  const wrappers = only('not-object', text, ecmaVersion);
  assert.equal(wrappers.length, 1, JSON.stringify(wrappers));
  const [diagnostic] = wrappers;
  assert.equal(diagnostic.severity, 'error');
  assert.equal(diagnostic.fixes?.length, 1);
  return { diagnostic, fixed: applyTextEdits(text, diagnostic.fixes![0].edits) };
}

test('each shape: one error naming the wrapper, on its words; the fix leaves exactly the object literal', () => {
  const shapes: Array<[string, string, string]> = [
    [`var tracer = ${OBJECT};`, 'var tracer = {…};', 'var tracer ='],
    [`let tracer = ${OBJECT}`, 'let tracer = {…}', 'let tracer ='],
    [`const tracer = ${OBJECT};;`, 'const tracer = {…};;', 'const tracer ='],
    [`module.exports = ${OBJECT};`, 'module.exports = {…};', 'module.exports ='],
    [`export default ${OBJECT}`, 'export default {…}', 'export default'],
    [`const t = ${OBJECT};\nmodule.exports = t;`, 'const t = {…}; module.exports = t;', 'const t ='],
    [`var t = ${OBJECT}\nexport default t;`, 'var t = {…} export default t;', 'var t ='],
  ];
  for (const [text, shape, words] of shapes) {
    for (const ecmaVersion of [5, 2017] as const) {
      const all = lint(text, ecmaVersion);
      assert.deepEqual(
        all.map((d) => d.code),
        ['not-object'],
        `${text} at ${ecmaVersion}: ${JSON.stringify(all)}`,
      );
      const { diagnostic, fixed } = unwrap(text, ecmaVersion);
      assert.equal(diagnostic.message.match(KEEP_ONLY)?.[1], shape);
      assert.deepEqual(diagnostic.range, { start: { line: 0, character: 0 }, end: { line: 0, character: words.length } });
      assert.equal(diagnostic.fixes![0].title, 'Remove the wrapper, keeping only the object literal');
      assert.equal(diagnostic.fixes![0].preferred, true);
      assert.equal(fixed, OBJECT, text);
      assert.deepEqual(lint(fixed, ecmaVersion), []);
    }
  }
});

test('comments before the wrapper stay, the line break at the end stays; `var` alone is no longer "Unexpected token"', () => {
  const text = `// SPDX-License-Identifier: MIT\nvar tracer = ${OBJECT};\n`;
  const { diagnostic, fixed } = unwrap(text);
  assert.deepEqual(diagnostic.range.start, { line: 1, character: 0 });
  assert.equal(fixed, `// SPDX-License-Identifier: MIT\n${OBJECT}\n`);
  assert.deepEqual(only('syntax', text), []);
});

test('the other checks run on the object inside, at their places in the file', () => {
  const text = 'var tracer = {\n  step: function (log) { var e = log.getCallError(); },\n  result: function (ctx) { return "x"; }\n};\n';
  const found = lint(text).map((d) => `${d.code}@${d.range.start.line}:${d.range.start.character}`);
  assert.deepEqual(found, ['not-object@0:0', 'missing-fault@0:13', 'unknown-method@1:37', 'double-quote@2:34']);
  const { fixed } = unwrap(text);
  assert.deepEqual(
    lint(fixed).map((d) => d.code),
    ['missing-fault', 'unknown-method', 'double-quote'],
  );
});

test('an object that refers to itself by the wrapper name: said so, and the fix is not applied unseen', () => {
  const text = `var tracer = {\n  n: 0,\n  step: function (log) { tracer.n++; },\n  fault: function (log, db) {},\n  result: function (ctx, db) { return tracer.n; }\n};\n`;
  const { diagnostic } = unwrap(text);
  assert.match(diagnostic.message, /refers to itself as 'tracer', which is undefined without the wrapper: use 'this'/);
  assert.equal(diagnostic.fixes![0].preferred, false);
  // A local of that name is not the wrapper's.
  const shadowed = `var tracer = ${tracerWith('step: function (log) { var tracer = 1; return tracer; }').trimEnd()};`;
  assert.equal(unwrap(shadowed).diagnostic.fixes![0].preferred, true);
});

test('a broken object inside a wrapper: the wrapper error (no fix yet) and the syntax error', () => {
  const text = 'var tracer = {\n  step: function (log) { , },\n  result: function () {}\n};\n';
  const found = lint(text);
  assert.deepEqual(
    found.map((d) => d.code),
    ['not-object', 'syntax'],
  );
  assert.match(
    found[0].message,
    /^Keep only the object literal: .*'var tracer = \{…\}' does not compile\. Once the object parses, a quick fix removes the wrapper\.$/,
  );
  assert.equal(found[0].fixes, undefined);
  assert.equal(found[1].message, "Unexpected token ','.");
  assert.deepEqual(found[1].range.start, { line: 1, character: 25 });
});

test('what follows the wrapper beyond its own tail is still reported; other starts are not wrappers', () => {
  const text = `var tracer = ${OBJECT};\ntracer.count = 1;\n`;
  const found = lint(text);
  assert.deepEqual(
    found.map((d) => d.code),
    ['not-object', 'not-object'],
  );
  assert.match(found[1].message, /Nothing may follow the tracer object/);
  assert.deepEqual(found[1].range.start, { line: 5, character: 0 });
  // An export of another name is not part of the wrapper.
  assert.equal(only('not-object', `var a = ${OBJECT};\nmodule.exports = b;`).length, 2);
  // Not a wrapper: a declaration of something else, or an object not right after `=`.
  assert.equal(only('syntax', 'var x = 1;')[0].message, "Unexpected token 'var'.");
  assert.equal(parseTracer(`var tracer = (${OBJECT});`, { ecmaVersion: 5 }).wrapper, undefined);
  assert.equal(parseTracer(OBJECT, { ecmaVersion: 5 }).wrapper, undefined);
});

test('flatten refuses a wrapped tracer with the same error as lint', () => {
  const text = `module.exports = ${OBJECT};\n`;
  const result = flattenTracer(text);
  assert.ok(!result.ok);
  assert.deepEqual(
    result.diagnostics.map((d) => d.message),
    [unwrap(text).diagnostic.message],
  );
});

const dir = 'test/fixtures/wrapped';
for (const name of readdirSync(dir).filter((file) => file.endsWith('.tracer.js'))) {
  test(`wrapped corpus ${name}: one wrapper error; the other findings are those of the object alone`, () => {
    const ecmaVersion = name.includes('.es2017.') ? 2017 : 5;
    const text = readFileSync(join(dir, name), 'utf8');
    const { diagnostic, fixed } = unwrap(text, ecmaVersion);
    assert.match(diagnostic.message, KEEP_ONLY);
    assert.match(
      fixed.replace(/^(\s*(\/\/[^\n]*|\/\*[^]*?\*\/))*\s*/, ''),
      /^\{[^]*\}\n?$/,
      'only the object (and leading comments) is left',
    );
    const rest = (diagnostics: TracerDiagnostic[]) =>
      diagnostics.filter((d) => d !== diagnostic && d.code !== 'not-object').map((d) => `${d.code}: ${d.message}`);
    const inside = rest(lint(text, ecmaVersion));
    assert.deepEqual(inside, rest(lint(fixed, ecmaVersion)));
    assert.ok(!inside.some((finding) => finding.startsWith('syntax')), JSON.stringify(inside));
    const flat = flattenTracer(fixed, { ecmaVersion });
    assert.ok(flat.ok, 'the unwrapped tracer flattens');
  });
}
