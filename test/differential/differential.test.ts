// Differential testing against geth itself: seeded random cases (programs over every opcode family, random
// tracers from the tracer API, the built-in tracers with random configs, the struct logger with random
// options) traced by the geth oracle (test/oracle, go-ethereum v1.17.5) and by the runtime must give equal
// JSON. Divergences README documents, or that were found and reported, are counted by cause; any other is
// shrunk to its smallest case and fails the test, naming the API members that differ.
// DIFF_SEED and DIFF_CASES change the run (a longer one: `npm run bench -- differential`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Oracle } from '../support/oracle';
import { runDifferential } from './run';

const seed = Number(process.env.DIFF_SEED ?? 20261126);
const cases = Number(process.env.DIFF_CASES ?? 500);
const oracle = Oracle.start();

test(
  `differential: ${cases} cases from seed ${seed} agree with geth`,
  { skip: 'skipped' in oracle ? `SKIPPED: ${oracle.skipped}` : false, timeout: 1_800_000 },
  async (t) => {
    const geth = oracle as Oracle;
    try {
      const report = await runDifferential(geth, seed, cases);
      t.diagnostic(`seed ${seed}: ${cases} cases in ${(report.ms / 1000).toFixed(1)} s`);
      for (const [cause, count] of Object.entries(report.explained)) t.diagnostic(`known difference ${cause}: ${count} case(s)`);
      t.diagnostic(
        `coverage: ${Object.entries(report.coverage)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
      );
      assert.deepEqual(
        report.unexplained,
        [],
        `${report.unexplained.length} unexplained divergence(s):\n${report.unexplained.join('\n\n')}`,
      );
    } finally {
      geth.close();
    }
  },
);
