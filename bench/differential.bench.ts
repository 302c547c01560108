// The long differential run against geth (test/differential): DIFF_CASES cases (default 10,000) from
// DIFF_SEED (default: from the clock, printed so the run can be repeated). Prints the figures, the known
// differences by cause and every unexplained divergence, shrunk.
import { Oracle } from '../test/support/oracle';
import { runDifferential } from '../test/differential/run';

export default async function bench(): Promise<void> {
  const seed = Number(process.env.DIFF_SEED ?? Date.now() % 2 ** 31);
  const cases = Number(process.env.DIFF_CASES ?? 10_000);
  const oracle = Oracle.start();
  if ('skipped' in oracle) {
    console.log(`differential: SKIPPED: ${oracle.skipped}`);
    return;
  }
  console.log(`differential: ${cases} cases from seed ${seed} (DIFF_SEED=${seed} DIFF_CASES=${cases} to repeat)`);
  try {
    const report = await runDifferential(oracle, seed, cases, {
      onProgress: (done) => {
        if (done % 1000 === 0) console.log(`  ${done} cases`);
      },
    });
    const explained = Object.values(report.explained).reduce((a, b) => a + b, 0);
    console.log(`  ${cases} cases in ${(report.ms / 1000).toFixed(0)} s (${(cases / (report.ms / 1000)).toFixed(1)} cases/s)`);
    console.log(
      `  divergences: ${explained + report.unexplained.length} (${explained} with a known cause, ${report.unexplained.length} unexplained)`,
    );
    for (const [cause, count] of Object.entries(report.explained)) console.log(`    ${count} × ${cause}`);
    for (const text of report.unexplained) console.log(`\n${text}`);
    if (report.unexplained.length > 0) process.exitCode = 1;
  } finally {
    oracle.close();
  }
}
