// geth's state tracers against geth's own tracer tests (the tracetest corpus, $EVM_TRACER_TRACETEST): each
// fixture's signed transaction re-executed from its genesis and context with the native tracer must give
// the fixture's result, compared as geth's Go tests compare it: prestate results byte for byte against the
// expected value re-encoded with sorted keys (prestate_test.go), erc7562 results as equal JSON values
// (erc7562_tracer_test.go).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { runTraceJob } from '../../runtime/trace/run';
import { fixtureJob } from '../../runtime/trace/fixture-job';

const root = process.env.EVM_TRACER_TRACETEST;

/** Go's json.Marshal of a decoded interface{}: object keys sorted, no spaces. */
function goJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(goJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${goJson(record[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

const folders: Array<{ folder: string; tracer: string; compare: (actual: string, expected: unknown) => void }> = [
  { folder: 'prestate_tracer', tracer: 'prestateTracer', compare: (actual, expected) => assert.equal(actual, goJson(expected)) },
  {
    folder: 'prestate_tracer_with_diff_mode',
    tracer: 'prestateTracer',
    compare: (actual, expected) => assert.equal(actual, goJson(expected)),
  },
  { folder: 'erc7562_tracer', tracer: 'erc7562Tracer', compare: (actual, expected) => assert.deepEqual(JSON.parse(actual), expected) },
];

if (!root || !existsSync(root)) {
  test('tracetest state fixtures', (t) => {
    t.skip(`SKIPPED: geth tracetest corpus not found (${root ? `no folder at ${root}` : 'EVM_TRACER_TRACETEST is unset'})`);
  });
} else {
  for (const { folder, tracer, compare } of folders) {
    const dir = join(root, folder);
    const files = existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith('.json'))
          .sort()
      : [];
    test(`tracetest ${folder} has fixtures`, () => assert.ok(files.length > 0, `no fixtures in ${dir}`));
    for (const file of files) {
      test(`tracetest ${folder}/${file}`, { timeout: 60_000 }, async () => {
        const fixture = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { result: unknown };
        const [outcome] = await runTraceJob(fixtureJob(fixture, file, tracer));
        assert.ok('json' in outcome, `trace failed: ${'error' in outcome ? outcome.error : ''}`);
        compare(outcome.json, fixture.result);
      });
    }
  }
}
