// Runs the whole suite: every test/**/*.test.ts under node:test (unit, protocol, integration against
// real local servers), then the VS Code suite in real VS Code (test/e2e) when present. Ends with one
// line "N passed, N failed" over both.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function findTests(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'e2e' ? [] : findTests(path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

const only = process.argv.slice(2);
if (only.length === 0) {
  const setup = spawnSync(process.execPath, ['test/setup.mjs'], { stdio: 'inherit' });
  if (setup.status !== 0) {
    console.error('test setup failed (see above)\n0 passed, 1 failed');
    process.exit(1);
  }
}
// A folder argument stands for the tests under it (`npm run test:unit` passes test/unit test/protocol).
const files =
  only.length > 0 ? only.flatMap((path) => (statSync(path).isDirectory() ? findTests(path).sort() : [path])) : findTests('test').sort();
const totals = { passed: 0, failed: 0, skipped: 0 };
// Fork nodes the tests start keep their upstream cache here, not in the user's cache folder, and the cache's
// key (runtime/state/cache-key.ts) here, not in the user's state folder.
const cacheDir = mkdtempSync(join(tmpdir(), 'evm-tracer-test-cache-'));
const stateDir = mkdtempSync(join(tmpdir(), 'evm-tracer-test-state-'));

const unit = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '--test',
    '--test-concurrency=2',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=./test/summary-reporter.mjs',
    '--test-reporter-destination=stderr',
    ...files,
  ],
  { stdio: 'inherit', env: { ...process.env, EVM_TRACER_CACHE_DIR: cacheDir, XDG_STATE_HOME: stateDir } },
);
for (const dir of [cacheDir, stateDir]) rmSync(dir, { recursive: true, force: true });
const nodeCounts = JSON.parse(readFileSync('test-artifacts/node-tests.json', 'utf8'));
for (const key of Object.keys(totals)) totals[key] += nodeCounts[key];
if (unit.status !== 0 && nodeCounts.failed === 0) totals.failed++; // the runner itself failed

if (only.length === 0 && existsSync('test/e2e/run.mjs')) {
  const e2e = spawnSync(process.execPath, ['test/e2e/run.mjs'], { stdio: 'inherit' });
  const countsFile = 'test-artifacts/vscode-tests.json';
  const counts = existsSync(countsFile) ? JSON.parse(readFileSync(countsFile, 'utf8')) : { passed: 0, failed: 1, skipped: 0 };
  for (const key of Object.keys(totals)) totals[key] += counts[key] ?? 0;
  if (e2e.status !== 0 && counts.failed === 0) totals.failed++;
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 ? 1 : 0);
