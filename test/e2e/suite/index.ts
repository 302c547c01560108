// Entry VS Code loads as `extensionTestsPath`: runs every compiled `suite/*.test.js` under mocha (TDD
// interface: `suite`/`test`, imported from 'mocha') inside the extension host.
// In code-server the extension host's console only reaches the browser, mixed with the workbench's own
// logs, so test/e2e/run.mjs passes two files: EVM_TRACER_E2E_REPORT receives mocha's spec report (the
// runner prints it as it arrives) and EVM_TRACER_E2E_RESULTS the counts. Rejecting tells VS Code the
// run failed. Without the variables (e.g. under @vscode/test-cli on desktop) mocha prints to the console.
import { appendFileSync, readdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { format } from 'node:util';
import Mocha from 'mocha';

function runMocha(mocha: Mocha): Promise<Mocha.Stats> {
  return new Promise((resolve, reject) => {
    try {
      const runner = mocha.run(() => resolve(runner.stats ?? { passes: 0, failures: 1, pending: 0 } as Mocha.Stats));
    } catch (error) {
      reject(error);
    }
  });
}

export async function run(): Promise<void> {
  const { EVM_TRACER_E2E_REPORT: reportFile, EVM_TRACER_E2E_RESULTS: resultsFile } = process.env;
  // Every mocha reporter prints through Base.consoleLog.
  if (reportFile) Mocha.reporters.Base.consoleLog = (...args: unknown[]) => appendFileSync(reportFile, `${format(...args)}\n`);
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 120_000, reporter: 'spec' });
  const suiteDir = path.join(__dirname, 'suite');
  for (const name of readdirSync(suiteDir).filter((n) => n.endsWith('.test.js')).sort()) {
    mocha.addFile(path.join(suiteDir, name));
  }
  const stats = await runMocha(mocha);
  const counts = { passed: stats.passes, failed: stats.failures, skipped: stats.pending };
  if (resultsFile) writeFileSync(resultsFile, JSON.stringify(counts));
  if (counts.failed > 0) throw new Error(`${counts.failed} VS Code test(s) failed`);
}
