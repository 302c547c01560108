// A UI journey: steps run in order on one page of a code-server with the packaged extension, a screenshot
// of each (test-artifacts/screenshots/<prefix>NN-<name>.png, "-failed" when it failed); a failed step
// skips the rest, since they build on its state. Shared by the UI check and the walkthrough check.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from './browser.mjs';
import { startCodeServer } from './code-server.mjs';
import { withLock } from './lock.mjs';
import { repoRoot, toolsDir } from './tools.mjs';

export const vsix = join(repoRoot, 'dist/evm-tracer-studio.vsix');
export const screenshots = join(repoRoot, 'test-artifacts/screenshots');

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

/** A code-server (no smoke-test flag: notifications and panels behave as for a user) with the packaged extension installed; `folder` as for startCodeServer. */
export function startPackagedServer({ label, folder, signal }) {
  // Locked until the .vsix is installed, so a concurrent run cannot repackage it under our feet.
  return withLock(join(toolsDir, 'package.lock'), () => {
    packageIfStale();
    return startCodeServer({ label, vsix, folder, signal });
  });
}

const slug = (text) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Runs `steps` ({name, run({page, server})}); returns {passed, failed, skipped, failures}. `label` starts its log lines. */
export async function runJourney({ label, page, server, steps, prefix = '', signal }) {
  const counts = { passed: 0, failed: 0, skipped: 0, failures: [] };
  for (const [index, step] of steps.entries()) {
    const shot = join(screenshots, `${prefix}${String(index + 1).padStart(2, '0')}-${slug(step.name)}`);
    if (counts.failed > 0 || signal?.aborted) {
      counts.skipped++;
      console.log(`${label}: - ${step.name} (skipped: an earlier step failed or time ran out)`);
      continue;
    }
    try {
      await step.run({ page, server });
      await page.screenshot({ path: `${shot}.png` });
      counts.passed++;
      console.log(`${label}: ✔ ${step.name}`);
    } catch (error) {
      await page.screenshot({ path: `${shot}-failed.png` }).catch(() => {});
      counts.failed++;
      const reason = `${label} "${step.name}": ${error instanceof Error ? error.message.split('\n')[0] : error}`;
      counts.failures.push(`${reason} (screenshot ${shot}-failed.png)`);
      console.log(`${label}: ✘ ${step.name}\n${error instanceof Error ? error.message : error}`);
    }
  }
  return counts;
}

/** Runs a check alone (`node test/e2e/<check>.mjs`): its own browser, the counts printed, exit code 1 on a failure. */
export async function runAlone(check) {
  const browser = await launchBrowser();
  try {
    const counts = await check({ browser });
    console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
    process.exitCode = counts.failed > 0 ? 1 : 0;
  } finally {
    await browser.close();
  }
}
