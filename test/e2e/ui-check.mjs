// The UI check: a user's view of the packaged extension. A code-server WITHOUT the smoke-test flag
// (notifications and panels behave as for a user), the `.vsix` installed with --install-extension,
// driven in headless Chromium. Each step is one test in the counts; a screenshot of each goes to
// test-artifacts/screenshots/. A failed step skips the rest (they build on its state).
// To add a check, append a step: { name, run: async ({ page, server }) => { ... } }.
// Run alone: node test/e2e/ui-check.mjs (needs the tools from node test/setup.mjs and a build).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, newPage } from './lib/browser.mjs';
import { startCodeServer, workbenchUrl } from './lib/code-server.mjs';
import { withLock } from './lib/lock.mjs';
import { repoRoot, toolsDir } from './lib/tools.mjs';
import { quickOpen, waitForWorkbench } from './lib/workbench.mjs';

const vsix = join(repoRoot, 'dist/evm-tracer-studio.vsix');
const screenshots = join(repoRoot, 'test-artifacts/screenshots');
const tracerFile = 'missing-fault.tracer.js';

export const steps = [
  {
    name: 'the workbench opens the fixture workspace',
    run: ({ page }) => waitForWorkbench(page, tracerFile),
  },
  {
    name: 'Quick Open opens a tracer, shown as an EVM Tracer document',
    run: async ({ page }) => {
      await quickOpen(page, tracerFile);
      await page.locator('[id="status.editor.mode"]', { hasText: 'EVM Tracer' }).waitFor();
    },
  },
  {
    name: 'the status bar shows the selected node and the ECMAScript level tracers are checked at',
    run: ({ page }) => page.locator('.statusbar-item', { hasText: /Local \(in-process EVM\).* · ES5/ }).first().waitFor(),
  },
  {
    name: 'the language server underlines the missing fault hook',
    run: ({ page }) => page.locator('.monaco-editor .squiggly-error').first().waitFor(),
  },
  {
    name: 'the Problems panel lists the missing-fault error',
    run: async ({ page }) => {
      await page.keyboard.press('Control+Shift+M');
      await page.locator('.markers-panel .monaco-list-row', { hasText: "no 'fault' hook" }).first().waitFor();
    },
  },
  {
    name: 'the CodeLens Trace call runs the tracer on the local node and the result panel shows it',
    run: async ({ page }) => {
      await quickOpen(page, 'ops.tracer.js');
      await page.locator('.codelens-decoration a', { hasText: 'Trace call' }).first().click();
      // ops.call.json beside the tracer is the call; the block prompt offers "latest".
      const input = page.locator('.quick-input-widget input');
      await input.waitFor();
      await page.keyboard.press('Enter');
      await page.locator('.tabs-container .tab', { hasText: 'traceCall · ops.tracer.js' }).first().waitFor();
      const view = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
      await view.locator('.row', { hasText: '"MSTORE"' }).first().waitFor();
      await view.locator('.header-line', { hasText: 'done in' }).waitFor();
    },
  },
  {
    name: 'a call-tree tracer\'s result opens as a gas flame chart, the JSON tree one click away',
    run: async ({ page }) => {
      await quickOpen(page, 'call-tree.tracer.js');
      await page.locator('.codelens-decoration a', { hasText: 'Trace call' }).first().click();
      await page.locator('.quick-input-widget input').waitFor();
      await page.keyboard.press('Enter');
      await page.locator('.tabs-container .tab', { hasText: 'traceCall · call-tree.tracer.js' }).first().waitFor();
      const view = page.frameLocator('iframe.webview.ready').last().frameLocator('#active-frame');
      // call-tree.call.json: a CREATE whose code calls the ecrecover precompile twice.
      await view.locator('.flame [data-frame="0"]', { hasText: 'CREATE' }).waitFor();
      await view.locator('.flame [data-frame="0.1"]').waitFor();
      await view.locator('.call-list .call-line', { hasText: '0x0000000000000000000000000000000000000001' }).first().waitFor();
      await view.locator('button.action', { hasText: 'Save as HTML Report' }).waitFor();
      await view.locator('button.action', { hasText: 'Tree' }).waitFor();
    },
  },
  {
    name: 'the CodeLens Flatten shows the one-line tracer read-only',
    run: async ({ page }) => {
      await quickOpen(page, 'ops.tracer.js');
      await page.locator('.codelens-decoration a', { hasText: 'Flatten' }).first().click();
      await page.locator('.tabs-container .tab.active', { hasText: 'ops.flat.js' }).waitFor();
      await page.locator('.monaco-editor .view-lines', { hasText: '{ops: [],step: function (log, db)' }).first().waitFor();
    },
  },
];

/** Packages the extension (npm run package) unless the .vsix is newer than the build and the manifest. */
function packageIfStale() {
  const inputs = ['dist/extension.js', 'dist/server.js', 'package.json'].map((file) => join(repoRoot, file));
  const built = existsSync(vsix) ? statSync(vsix).mtimeMs : 0;
  if (inputs.every((file) => statSync(file).mtimeMs < built)) return;
  console.log('UI check: packaging the extension (npm run package)');
  const result = spawnSync('npm', ['run', 'package'], { cwd: repoRoot, encoding: 'utf8' });
  if (result.status !== 0 || !existsSync(vsix)) {
    throw new Error(`npm run package failed (${result.status ?? result.signal}):\n${(result.stdout + result.stderr).slice(-3000)}`);
  }
}

const slug = (text) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Runs every step; returns {passed, failed, skipped, failures}. */
export async function runUiCheck({ browser, signal }) {
  if (signal?.aborted) throw new Error('not started: time limit reached');
  // Locked until the .vsix is installed, so a concurrent run cannot repackage it under our feet.
  const server = await withLock(join(toolsDir, 'package.lock'), () => {
    packageIfStale();
    return startCodeServer({ label: 'ui', vsix, signal });
  });
  const page = await newPage(browser);
  page.setDefaultTimeout(60_000);
  // Only this run's pictures: an old "-failed" one would mislead.
  rmSync(screenshots, { recursive: true, force: true });
  mkdirSync(screenshots, { recursive: true });
  const counts = { passed: 0, failed: 0, skipped: 0, failures: [] };
  try {
    await page.goto(workbenchUrl(server));
    for (const [index, step] of steps.entries()) {
      const shot = join(screenshots, `${String(index + 1).padStart(2, '0')}-${slug(step.name)}`);
      if (counts.failed > 0 || signal?.aborted) {
        counts.skipped++;
        console.log(`UI check: - ${step.name} (skipped: an earlier step failed or time ran out)`);
        continue;
      }
      try {
        await step.run({ page, server });
        await page.screenshot({ path: `${shot}.png` });
        counts.passed++;
        console.log(`UI check: ✔ ${step.name}`);
      } catch (error) {
        await page.screenshot({ path: `${shot}-failed.png` }).catch(() => {});
        counts.failed++;
        const reason = `UI check "${step.name}": ${error instanceof Error ? error.message.split('\n')[0] : error}`;
        counts.failures.push(`${reason} (screenshot ${shot}-failed.png)`);
        console.log(`UI check: ✘ ${step.name}\n${error instanceof Error ? error.message : error}`);
      }
    }
  } finally {
    await page.context().close();
    await server.stop();
  }
  return counts;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const browser = await launchBrowser();
  try {
    const counts = await runUiCheck({ browser });
    console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
    process.exitCode = counts.failed > 0 ? 1 : 0;
  } finally {
    await browser.close();
  }
}
