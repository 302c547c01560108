// Runs extension tests in real VS Code here, as `code --extensionDevelopmentPath=… --extensionTestsPath=…`
// does on the desktop: a code-server in smoke-test mode (the only mode in which the workbench takes the
// test payload from its URL), its workbench page open in headless Chromium. The extension host's console
// only reaches the browser, mixed with the workbench's logs, so the suites' preload
// (test/e2e/suite/report-to-file.ts) writes mocha's report to the file EVM_TRACER_E2E_REPORT names, and
// its lines are printed here as they arrive. Resolves with the code the workbench passes to
// codeAutomationExit when the tests end (0 passed, 1 failed).
import { join } from 'node:path';
import { launchBrowser, newPage, relayWorkbenchProblems } from './browser.mjs';
import { startCodeServer, workbenchUrl } from './code-server.mjs';
import { followFile } from './follow-file.mjs';
import { timeScale } from './tools.mjs';

/** How long a whole suite run may take (EVM_TRACER_E2E_TIME_SCALE multiplies it). */
export const SUITE_LIMIT_MS = 10 * 60_000 * timeScale;

export class TimeLimitError extends Error {
  constructor(limitMs) {
    super(`time limit (${Math.round(limitMs / 1000)} s) reached before the tests ended`);
  }
}

/** Resolves with the code the workbench passes to codeAutomationExit, or rejects when `signal` aborts. */
async function exposeAutomationExit(page, signal, limitMs) {
  let exit;
  const exited = new Promise((resolve, reject) => {
    exit = resolve;
    signal.addEventListener('abort', () => reject(new TimeLimitError(limitMs)), { once: true });
  });
  await page.exposeFunction('codeAutomationExit', (code) => exit(code));
  return exited;
}

/**
 * `extensionDevelopmentPaths` and `extensionTestsPath` are absolute paths on this machine, `folder` the
 * workspace to open; `limitMs` bounds the whole run.
 */
export async function runExtensionTests({ extensionDevelopmentPaths, extensionTestsPath, folder, limitMs = SUITE_LIMIT_MS }) {
  const signal = AbortSignal.timeout(limitMs);
  const report = (home) => join(home, 'suite-report.txt');
  const server = await startCodeServer({
    label: 'suite',
    smokeTestDriver: true,
    folder,
    env: (home) => ({ EVM_TRACER_E2E_REPORT: report(home) }),
    signal,
  });
  const relay = followFile(report(server.home));
  const browser = await launchBrowser().catch(async (error) => {
    await server.stop();
    throw error;
  });
  try {
    const page = await newPage(browser);
    relayWorkbenchProblems(page, '[workbench]');
    const exited = exposeAutomationExit(page, signal, limitMs);
    await page.goto(
      workbenchUrl(server, {
        payload: [
          ...extensionDevelopmentPaths.map((path) => ['extensionDevelopmentPath', path]),
          ['extensionTestsPath', extensionTestsPath],
        ],
      }),
    );
    return await exited;
  } finally {
    relay.stop();
    await browser.close();
    await server.stop();
  }
}
