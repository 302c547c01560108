// Runs the extension's tests inside real VS Code, offline (docs/testing.md, "Testing in real VS Code"):
//  1. the mocha suites (test/e2e/suite/*.test.ts) through @vscode/test-cli (`vscode-test`, configured by
//     .vscode-test.mjs), whose VS Code installation is test/e2e/code-server-launcher.mjs: the extension
//     host of a code-server in smoke-test mode, with this repository as the extension under development;
//  2. the Playwright UI check (test/e2e/ui-check.mjs) on a plain code-server with the packaged .vsix, then
//     the walkthrough check (test/e2e/walkthrough-check.mjs), a newcomer's journey in a fresh profile.
// Both drive headless Debian Chromium. Writes test-artifacts/vscode-tests.json {passed, failed, skipped}
// for test/run.mjs; anything that keeps a phase from running counts as one failure, with its reason.
// Expects the extension built (node esbuild.mjs) and the tools installed (node test/setup.mjs); the suites'
// build makes dist/extension.js a test build, with the hidden test-hook commands (esbuild.mjs --test-hooks).
// Arguments limit the run: suite names (file names in test/e2e/suite without .test.ts), `ui-check` (both
// UI checks) and `walkthrough-check` (that one alone), e.g. `node test/e2e/run.mjs avalanche basic-auth`
// runs those two suites and no UI check.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser } from './lib/browser.mjs';
import { buildSuite, suiteNamesError, suitesVariable } from './lib/build-suite.mjs';
import { killAllNow } from './lib/code-server.mjs';
import { SUITE_LIMIT_MS, TimeLimitError } from './lib/extension-tests.mjs';
import { killGroup } from './lib/process-group.mjs';
import { missingTools, repoRoot, setupError, timeScale } from './lib/tools.mjs';
import { runUiCheck } from './ui-check.mjs';
import { runWalkthroughCheck } from './walkthrough-check.mjs';

// Each phase has its own time limit, so slow suites cannot starve the UI check. The launcher ends the
// suites at SUITE_LIMIT_MS and reports it; this runner's limit is a little longer, for when it cannot.
const SUITE_RUN_LIMIT_MS = SUITE_LIMIT_MS + 60_000;
const UI_LIMIT_MS = 5 * 60_000 * timeScale;
const artifacts = join(repoRoot, 'test-artifacts');
const countsFile = join(artifacts, 'vscode-tests.json');
const reportFile = join(artifacts, 'vscode-suite-report.txt');
const vscodeTest = join(repoRoot, 'node_modules/@vscode/test-cli/out/bin.mjs');

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

const UI_CHECK = 'ui-check';
const WALKTHROUGH_CHECK = 'walkthrough-check';

/** What the arguments ask for: `suites` to run (undefined: all), whether the UI check runs, and whether the
 * walkthrough check does (with the UI check, or alone). */
function selection(args) {
  if (args.length === 0) return { suites: undefined, uiCheck: true, walkthroughCheck: true };
  const suites = args.filter((name) => name !== UI_CHECK && name !== WALKTHROUGH_CHECK);
  const problem = suiteNamesError(suites, 'the command line');
  if (problem) throw new Error(`${problem}; and ${UI_CHECK}, the UI checks, or ${WALKTHROUGH_CHECK}, the walkthrough check alone`);
  return { suites, uiCheck: args.includes(UI_CHECK), walkthroughCheck: args.includes(UI_CHECK) || args.includes(WALKTHROUGH_CHECK) };
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

/**
 * Mocha's spec report: the closing "N passing / N failing / N pending" lines when it got that far (`ended`),
 * otherwise what finished so far (✔ lines passed, "N) title" lines failed); and the failed tests' titles.
 */
function countReport(lines) {
  const summaryAt = lines.findIndex((line) => /^\s+\d+ passing\b/.test(line));
  const progress = summaryAt === -1 ? lines : lines.slice(0, summaryAt);
  const failedTitles = progress.map((line) => /^\s+\d+\) (.*)$/.exec(line)?.[1]).filter(Boolean);
  if (summaryAt === -1) {
    return {
      ended: false,
      passed: progress.filter((line) => /^\s+✔ /.test(line)).length,
      failed: failedTitles.length,
      skipped: 0,
      failedTitles,
    };
  }
  const summary = (word) =>
    Number(
      lines
        .slice(summaryAt)
        .map((line) => new RegExp(`^\\s+(\\d+) ${word}\\b`).exec(line)?.[1])
        .find(Boolean) ?? 0,
    );
  return { ended: true, passed: summary('passing'), failed: summary('failing'), skipped: summary('pending'), failedTitles };
}

/** The running `vscode-test` process (it leads its own process group, the launcher included) and its TMPDIR. */
let suiteRun;

/** Asks `vscode-test` and the launcher to end (the launcher then kills its code-server), then insists. */
function stopVscodeTest(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  killGroup(child.pid, 'SIGTERM');
  setTimeout(() => killGroup(child.pid, 'SIGKILL'), 10_000).unref();
}

/** When the run must end now (time limit, Ctrl+C): everything started, ended; everything written, deleted. */
function stopAllNow() {
  killAllNow();
  if (!suiteRun) return;
  killGroup(suiteRun.child.pid, 'SIGTERM');
  rmSync(suiteRun.scratch, { recursive: true, force: true });
}

/**
 * Runs `vscode-test` (only `suites` when given) with the report's lines printed as `[vscode] …` and kept.
 * Its temporary folders (the workspace copy, the launcher's code-server home) live in a private TMPDIR
 * deleted afterwards: several `npm test` may run at once in this tree.
 */
function runVscodeTest(signal, suites) {
  const scratch = mkdtempSync(join(tmpdir(), 'evm-tracer-vscode-test-'));
  const child = spawn(process.execPath, [vscodeTest], {
    cwd: repoRoot,
    env: { ...process.env, TMPDIR: scratch, ...(suites ? { [suitesVariable]: suites.join(',') } : {}) },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  suiteRun = { child, scratch };
  const lines = [];
  const keep = (line) => {
    lines.push(line);
    console.log(`[vscode] ${line}`);
  };
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const parts = (pending + chunk).split('\n');
      pending = parts.pop();
      parts.forEach(keep);
    });
    stream.on('end', () => pending && keep(pending));
  }
  let timedOut = false;
  const onAbort = () => {
    timedOut = true;
    stopVscodeTest(child);
  };
  signal.addEventListener('abort', onAbort, { once: true });
  return new Promise((resolve) => {
    child.once('error', (error) => lines.push(`could not start vscode-test: ${error.message}`));
    child.once('close', (code, sig) => {
      signal.removeEventListener('abort', onAbort);
      suiteRun = undefined;
      rmSync(scratch, { recursive: true, force: true });
      resolve({ code: code ?? sig, lines, timedOut });
    });
  });
}

async function runSuite(signal, suites) {
  await buildSuite();
  const { code, lines, timedOut } = await runVscodeTest(signal, suites);
  mkdirSync(artifacts, { recursive: true });
  writeFileSync(reportFile, `${lines.join('\n')}\n`);
  const { ended, passed, failed, skipped, failedTitles } = countReport(lines);
  const failures = failedTitles.map((title) => `VS Code suite: ${title} (see the [vscode] lines above)`);
  if (timedOut || !ended) {
    // Keep what finished: the tests that passed count, the unfinished run is one more failure.
    const launcherSaid = lines.findLast((line) => /^code-server launcher: /.test(line));
    const reason = timedOut
      ? new TimeLimitError(SUITE_RUN_LIMIT_MS).message
      : `vscode-test ended with ${code} before mocha's summary${launcherSaid ? ` (${launcherSaid})` : ''}; see the [vscode] lines above and test-artifacts/vscode-logs/`;
    return { passed, failed: failed + 1, skipped, failures: [...failures, `VS Code suite: ${reason}`] };
  }
  if (passed + failed === 0) throw new Error('no test ran');
  if (failed === 0 && code !== 0) throw new Error(`all tests passed but vscode-test exited with ${code}`);
  if (failures.length < failed)
    failures.push(`VS Code suite: ${failed - failures.length} more mocha failure(s) (see the [vscode] lines above)`);
  return { passed, failed, skipped, failures };
}

async function main() {
  rmSync(countsFile, { force: true });
  const started = Date.now();
  // If cleanup itself hangs after the limits, end anyway: kill the servers, report, exit.
  const backstop = setTimeout(
    () => {
      stopAllNow();
      record(failure('run', 'did not end after its time limits'));
      writeCounts();
      process.exit(1);
    },
    SUITE_RUN_LIMIT_MS + 2 * UI_LIMIT_MS + 120_000,
  );
  backstop.unref();
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      stopAllNow();
      record(failure('run', `interrupted (${signal})`));
      writeCounts();
      process.exit(1);
    });
  }

  let browser;
  try {
    const { suites, uiCheck, walkthroughCheck } = selection(process.argv.slice(2));
    preconditions();
    if (suites?.length !== 0) await phase('VS Code suite', SUITE_RUN_LIMIT_MS, (signal) => runSuite(signal, suites));
    if (uiCheck || walkthroughCheck) browser = await launchBrowser();
    if (uiCheck) await phase('UI check', UI_LIMIT_MS, (signal) => runUiCheck({ browser, signal }));
    if (walkthroughCheck) await phase('walkthrough check', UI_LIMIT_MS, (signal) => runWalkthroughCheck({ browser, signal }));
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
