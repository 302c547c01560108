// Compiles the in-VS Code suite for @vscode/test-cli (.vscode-test.mjs): each suite/*.test.ts →
// dist/test/e2e/suite/*.test.js, and the report preload suite/report-to-file.ts →
// dist/test/e2e/report-to-file.js. `vscode` comes from the extension host. `mocha` stays a run-time
// require of the very copy test-cli's runner loads (it has its own, nested), so the suites' `suite`/`test`
// imports and the preload's reporters belong to the mocha instance that runs them.
import * as esbuild from 'esbuild';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { repoRoot } from './tools.mjs';

export const suiteOutDir = join(repoRoot, 'dist/test/e2e');
const testsOutDir = join(suiteOutDir, 'suite');

const runnerMocha = createRequire(join(repoRoot, 'node_modules/@vscode/test-cli/out/runner.cjs')).resolve('mocha');

const runnersMocha = {
  name: 'runners-mocha',
  setup(build) {
    build.onResolve({ filter: /^mocha$/ }, () => ({ path: runnerMocha, external: true }));
  },
};

/**
 * Compiles `entryPoints` ({in, out}, paths from the repository) into `outdir` for the extension host:
 * `vscode` comes from the host and `mocha` is the runner's own copy.
 */
export function buildForExtensionHost(entryPoints, outdir) {
  return esbuild.build({
    absWorkingDir: repoRoot,
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
    plugins: [runnersMocha],
    sourcemap: true,
    logLevel: 'warning',
  });
}

/** The preload every run in VS Code needs (see suite/report-to-file.ts), as an entry point. */
export const reportPreloadEntry = { in: 'test/e2e/suite/report-to-file.ts', out: 'report-to-file' };

export async function buildSuite() {
  const suiteDir = join(repoRoot, 'test/e2e/suite');
  const tests = readdirSync(suiteDir).filter((name) => name.endsWith('.test.ts'));
  await buildForExtensionHost(
    [reportPreloadEntry, ...tests.map((name) => ({ in: `test/e2e/suite/${name}`, out: `suite/${name.replace(/\.ts$/, '')}` }))],
    suiteOutDir,
  );
  // A suite deleted or renamed since the last build must not run from its old output.
  const current = new Set(tests.map((name) => name.replace(/\.ts$/, '.js')));
  for (const name of readdirSync(testsOutDir)) {
    if (!current.has(name.replace(/\.map$/, ''))) rmSync(join(testsOutDir, name));
  }
}

/** The compiled suites, in name order (a glob's order depends on the file system), so every run is alike. */
export function builtSuiteFiles() {
  if (!existsSync(testsOutDir)) throw new Error(`${testsOutDir} is missing: build the suites first (node test/e2e/run.mjs does)`);
  return readdirSync(testsOutDir).filter((name) => name.endsWith('.test.js')).sort().map((name) => join(testsOutDir, name));
}
