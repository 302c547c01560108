// Runs the extension's tests inside real VS Code, offline (README.md, "Testing in real VS Code"):
//  1. the mocha suites (test/e2e/suite/*.test.ts) in the extension host of a code-server in smoke-test
//     mode, with this repository as the extension under development;
//  2. the Playwright UI check (test/e2e/ui-check.mjs) on a plain code-server with the packaged .vsix.
// Both drive headless Debian Chromium. Writes test-artifacts/vscode-tests.json {passed, failed, skipped}
// for test/run.mjs; anything that keeps a phase from running counts as one failure, with its reason.
// Expects the extension built (node esbuild.mjs) and the tools installed (node test/setup.mjs).
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, newPage, relayWorkbenchProblems } from './lib/browser.mjs';
import { buildSuite, suiteIndex } from './lib/build-suite.mjs';
import { followFile } from './lib/follow-file.mjs';
import { killAllNow, startCodeServer, workbenchUrl } from './lib/code-server.mjs';
import { missingTools, repoRoot, setupError } from './lib/tools.mjs';
import { runUiCheck } from './ui-check.mjs';

// Each phase has its own time limit, so slow suites cannot starve the UI check. Multiplied by
// EVM_TRACER_E2E_TIME_SCALE (e.g. 2 on a slower machine, 0.1 to try the time-out handling).
const scale = Number(process.env.EVM_TRACER_E2E_TIME_SCALE ?? 1);
const SUITE_LIMIT_MS = 10 * 60_000 * scale;
const UI_LIMIT_MS = 5 * 60_000 * scale;
const artifacts = join(repoRoot, 'test-artifacts');
const countsFile = join(artifacts, 'vscode-tests.json');

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function record(counts) {
  for (const key of Object.keys(totals)) totals[key] += counts[key] ?? 0;
  failures.push(...(counts.failures ?? []));
}

function failure(phase, error) {
  const reason = `${phase}: ${error instanceof Error ? error.message : String(error)}`;
  console.error(`VS Code tests: ${reason}`);
  return { passed: 0, failed: 1, skipped: 0, failures: [reason] };
}

function writeCounts() {
  mkdirSync(artifacts, { recursive: true });
  writeFileSync(countsFile, JSON.stringify({ ...totals, failures }, null, 2));
  console.log(`VS Code tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  for (const reason of failures) console.log(`  failed: ${reason}`);
}

async function phase(name, limitMs, run) {
  const started = Date.now();
  record(await run(AbortSignal.timeout(limitMs)).catch((error) => failure(name, error)));
  console.log(`VS Code tests: ${name} took ${Math.round((Date.now() - started) / 1000)} s`);
}

function preconditions() {
  const missing = missingTools();
  if (missing.length > 0) {
    const cause = setupError();
    throw new Error(`not installed: ${missing.join(', ')}${cause ? ` (setup failed: ${cause})` : ''}; run node test/setup.mjs`);
  }
  for (const file of ['dist/extension.js', 'dist/server.js']) {
    if (!existsSync(join(repoRoot, file))) throw new Error(`${file} is missing; build first: node esbuild.mjs`);
  }
}

class TimeLimitError extends Error {
  constructor() {
    super(`time limit (${Math.round(SUITE_LIMIT_MS / 1000)} s) reached before the tests ended`);
  }
}

/** What mocha's spec report says so far: ✔ lines passed, "N) title" lines failed. */
function countReport(file) {
  const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n') : [];
  const ended = lines.findIndex((line) => /^\s+\d+ passing/.test(line));
  const progress = ended === -1 ? lines : lines.slice(0, ended);
  return {
    passed: progress.filter((line) => /^\s+✔ /.test(line)).length,
    failed: progress.filter((line) => /^\s+\d+\) /.test(line)).length,
  };
}

/** Resolves with the code the workbench passes to codeAutomationExit when the tests end, or rejects on abort. */
async function exposeAutomationExit(page, signal) {
  let exit;
  const exited = new Promise((resolve, reject) => {
    exit = resolve;
    signal.addEventListener('abort', () => reject(new TimeLimitError()), { once: true });
  });
  await page.exposeFunction('codeAutomationExit', (code) => exit(code));
  return exited;
}

async function runSuite(browser, signal) {
  await buildSuite();
  // Both files live in the server's private folder: several `npm test` may run at once in this tree.
  const exchange = (home) => ({ counts: join(home, 'suite-counts.json'), report: join(home, 'suite-report.txt') });
  const server = await startCodeServer({
    label: 'suite',
    smokeTestDriver: true,
    env: (home) => ({ EVM_TRACER_E2E_RESULTS: exchange(home).counts, EVM_TRACER_E2E_REPORT: exchange(home).report }),
    signal,
  });
  const files = exchange(server.home);
  const relay = followFile(files.report, '[vscode]');
  const page = await newPage(browser);
  relayWorkbenchProblems(page, '[vscode]');
  try {
    const exited = exposeAutomationExit(page, signal);
    await page.goto(workbenchUrl(server, {
      payload: [['extensionDevelopmentPath', repoRoot], ['extensionTestsPath', suiteIndex]],
    }));
    let code;
    try {
      code = await exited;
    } catch (error) {
      if (!(error instanceof TimeLimitError)) throw error;
      // Keep what finished: the tests that passed count, the unfinished run is one more failure.
      const sofar = countReport(files.report);
      return { passed: sofar.passed, failed: sofar.failed + 1, skipped: 0, failures: [`VS Code suite: ${error.message}`] };
    }
    if (!existsSync(files.counts)) {
      throw new Error(`the suite ended with code ${code} without reporting counts (see the [vscode] lines above and test-artifacts/vscode-logs/)`);
    }
    const counts = JSON.parse(readFileSync(files.counts, 'utf8'));
    if (counts.passed + counts.failed === 0) throw new Error('no test ran');
    if (counts.failed === 0 && code !== 0) throw new Error(`all tests passed but VS Code exited with code ${code}`);
    return { ...counts, failures: counts.failed > 0 ? [`${counts.failed} mocha test(s) in VS Code (see the [vscode] lines above)`] : [] };
  } finally {
    relay.stop();
    mkdirSync(artifacts, { recursive: true });
    if (existsSync(files.report)) copyFileSync(files.report, join(artifacts, 'vscode-suite-report.txt'));
    await page.context().close();
    await server.stop();
  }
}

async function main() {
  rmSync(countsFile, { force: true });
  const started = Date.now();
  // If cleanup itself hangs after the limits, end anyway: kill the servers, report, exit.
  const backstop = setTimeout(() => {
    killAllNow();
    record(failure('run', 'did not end after its time limits'));
    writeCounts();
    process.exit(1);
  }, SUITE_LIMIT_MS + UI_LIMIT_MS + 120_000);
  backstop.unref();
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      killAllNow();
      record(failure('run', `interrupted (${signal})`));
      writeCounts();
      process.exit(1);
    });
  }

  let browser;
  try {
    preconditions();
    browser = await launchBrowser();
    await phase('VS Code suite', SUITE_LIMIT_MS, (signal) => runSuite(browser, signal));
    await phase('UI check', UI_LIMIT_MS, (signal) => runUiCheck({ browser, signal }));
  } catch (error) {
    record(failure('setup', error));
  } finally {
    await browser?.close();
    killAllNow();
  }
  console.log(`VS Code tests took ${Math.round((Date.now() - started) / 1000)} s`);
  writeCounts();
  process.exit(totals.failed > 0 ? 1 : 0);
}

await main();
