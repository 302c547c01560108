// The differential at every Ethereum fork from Frontier to Osaka: seeded random cases (test/differential/run.ts)
// with each fork's rules, opcodes, precompiles and transaction types, traced by the geth oracle (go-ethereum
// v1.17.5 with the same chain config) and by the runtime, must give equal JSON. DIFF_SEED and
// DIFF_FORK_CASES (cases per fork) change the run.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { Oracle } from '../support/oracle';
import { forks } from './cases';
import { runDifferential } from './run';

const seed = Number(process.env.DIFF_SEED ?? 20260530);
const cases = Number(process.env.DIFF_FORK_CASES ?? 120);
const oracle = Oracle.start();

describe(
  `differential at each fork: ${cases} cases from seed ${seed}`,
  { skip: 'skipped' in oracle ? `SKIPPED: ${oracle.skipped}` : false },
  () => {
    after(() => (oracle as Oracle).close());

    for (const fork of forks) {
      test(`${fork} agrees with geth`, { timeout: 600_000 }, async (t) => {
        const report = await runDifferential(oracle as Oracle, seed, cases, { fork });
        t.diagnostic(`${fork}: ${cases} cases in ${(report.ms / 1000).toFixed(1)} s`);
        for (const [cause, count] of Object.entries(report.explained)) t.diagnostic(`known difference ${cause}: ${count} case(s)`);
        assert.deepEqual(
          report.unexplained,
          [],
          `${report.unexplained.length} unexplained divergence(s):\n${report.unexplained.join('\n\n')}`,
        );
      });
    }
  },
);
