// Property test over the fixture corpus: every tracer flattens to one line that lints clean of
// double-quote/comment/syntax/not-object and has the same syntax tree.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeTracer } from '../../../core/tracer/analyze';
import { flattenTracer } from '../../../core/tracer/flatten';
import { meaningOf } from './tree';
import { codes } from './support';

const dir = 'test/fixtures/tracers';
const files = readdirSync(dir).filter((name) => name.endsWith('.tracer.js'));

test('the corpus holds the seed tracers and more', () => {
  assert.ok(files.includes('call-stack.tracer.js') && files.includes('storage.tracer.js'));
  assert.ok(files.length >= 8);
});

for (const name of files) {
  test(`corpus ${name}: flatten → clean lint, same syntax tree`, () => {
    const ecmaVersion = name.includes('.es2017.') ? 2017 : 5;
    const text = readFileSync(join(dir, name), 'utf8');
    assert.deepEqual(
      codes(text, ecmaVersion).filter((code) => code === 'syntax' || code.startsWith('missing') || code === 'not-object'),
      [],
      'the source itself is a valid tracer',
    );
    const result = flattenTracer(text, { ecmaVersion });
    assert.ok(result.ok);
    assert.doesNotMatch(result.code, /["\n\r]/);
    // The provider rules are named: at ES2017 they are off by default.
    const left = analyzeTracer(result.code, { ecmaVersion, severities: { 'double-quote': 'warning', comment: 'warning' } })
      .map((d) => d.code)
      .filter((code) => ['double-quote', 'comment', 'syntax', 'not-object'].includes(code));
    assert.deepEqual(left, []);
    assert.deepEqual(meaningOf(result.code, ecmaVersion), meaningOf(text, ecmaVersion));
    // Flattening is idempotent.
    const again = flattenTracer(result.code, { ecmaVersion });
    assert.ok(again.ok && again.code === result.code);
  });
}
