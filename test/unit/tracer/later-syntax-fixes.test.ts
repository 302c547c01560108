// ES2015+ syntax at ES5.1 whose message names a mechanical rewrite carries that rewrite as a fix (not
// preferred: scoping and `this` can differ), and applying it leaves nothing to report.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyTextEdits } from '../../../core/tracer/edits';
import { lint, tracerWith } from './support';

const cases: Array<[string, string, string, string]> = [
  ['method shorthand', 'step(log, db) {}', "Write 'step: function'", 'step: function (log, db) {}'],
  [
    'shorthand property',
    'step: function (log, db) { var n = 1; this.o = { n }; }',
    "Write 'n: n'",
    'step: function (log, db) { var n = 1; this.o = { n: n }; }',
  ],
  [
    "'**'",
    'step: function (log, db) { this.p = log.getPC() ** 2; }',
    'Use Math.pow(log.getPC(), 2)',
    'step: function (log, db) { this.p = Math.pow(log.getPC(), 2); }',
  ],
  [
    "'const'",
    'step: function (log, db) { const pc = log.getPC(); }',
    "Change 'const' to 'var'",
    'step: function (log, db) { var pc = log.getPC(); }',
  ],
];

for (const [what, member, title, after] of cases) {
  test(`${what}: the fix '${title}' rewrites it for ES5.1`, () => {
    const text = tracerWith('p: 0', 'o: null', member);
    const [diagnostic, ...rest] = lint(text);
    assert.deepEqual(rest, []);
    assert.equal(diagnostic.code, 'syntax');
    const [fix, ...others] = diagnostic.fixes ?? [];
    assert.deepEqual(others, []);
    assert.equal(fix.title, title);
    assert.equal(fix.preferred, undefined);
    const fixed = applyTextEdits(text, fix.edits);
    assert.equal(fixed, tracerWith('p: 0', 'o: null', after));
    assert.deepEqual(lint(fixed), []);
  });
}

test('no fix where the rewrite is not mechanical (async method, arrow function)', () => {
  for (const member of ['step: async function (log, db) {}', 'step: function (log, db) { [1].map((x) => x); }']) {
    const [diagnostic] = lint(tracerWith(member));
    assert.equal(diagnostic.code, 'syntax');
    assert.equal(diagnostic.fixes, undefined, member);
  }
});
