// Compiles the in-VS Code suite for @vscode/test-cli (.vscode-test.mjs): each suite/*.test.ts →
// dist/test/e2e/suite/*.test.js, and the report preload suite/report-to-file.ts →
// dist/test/e2e/report-to-file.js; and the extension the suites run, with its test hooks. `vscode` comes from the extension host. `mocha` stays a run-time
// require of the very copy test-cli's runner loads (it has its own, nested), so the suites' `suite`/`test`
// imports and the preload's reporters belong to the mocha instance that runs them.
import * as esbuild from 'esbuild';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { nodeBuildOptions } from '../../../esbuild.mjs';
import { repoRoot } from './tools.mjs';

export const suiteOutDir = join(repoRoot, 'dist/test/e2e');
const testsOutDir = join(suiteOutDir, 'suite');
const suiteDir = join(repoRoot, 'test/e2e/suite');

const runnerMocha = createRequire(join(repoRoot, 'node_modules/@vscode/test-cli/out/runner.cjs')).resolve('mocha');

const runnersMocha = {
  name: 'runners-mocha',
  setup(build) {
    build.onResolve({ filter: /^mocha$/ }, () => ({ path: runnerMocha, external: true }));
  },
};

/**
 * Test helpers that find files beside themselves through import.meta.url (test/setup/reference-nodes.mjs
 * finds the reference nodes so) keep their own source location: a CommonJS bundle has no import.meta.
 */
const testsRoot = join(repoRoot, 'test') + sep;
const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /[\\/]test[\\/].*\.m?[jt]s$/ }, async ({ path }) => {
      if (!path.startsWith(testsRoot)) return undefined;
      const source = await readFile(path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      return {
        contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href)),
        loader: /\.m?ts$/.test(path) ? 'ts' : 'js',
      };
    });
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
    plugins: [runnersMocha, ownImportMetaUrl],
    sourcemap: true,
    logLevel: 'warning',
  });
}

/** The preload every run in VS Code needs (see suite/report-to-file.ts), as an entry point. */
export const reportPreloadEntry = { in: 'test/e2e/suite/report-to-file.ts', out: 'report-to-file' };

/**
 * dist/extension.js with the suites' hidden commands (client/commands/test-hooks.ts), which no other build
 * holds: the repository is the extension under test, and `npm run package` rebuilds the file without them.
 */
function buildTestExtension() {
  return esbuild.build({ ...nodeBuildOptions('client/extension.ts', 'dist/extension.js', { testHooks: true }), absWorkingDir: repoRoot });
}

export async function buildSuite() {
  await buildTestExtension();
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

/** The suites' names: their file names in test/e2e/suite without `.test.ts`. */
function suiteNames() {
  return readdirSync(suiteDir)
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => name.slice(0, -'.test.ts'.length))
    .sort();
}

/** Names the suites a run is limited to (comma-separated, as suiteNames gives them); unset: all. */
export const suitesVariable = 'EVM_TRACER_E2E_SUITES';

/** What is wrong with `names` from `source` when one of them names no suite, listing the suites. */
export function suiteNamesError(names, source) {
  const known = suiteNames();
  const unknown = names.filter((name) => !known.includes(name));
  return unknown.length === 0 ? undefined : `${source} names no suite ${unknown.join(', ')}; the suites are: ${known.join(', ')}`;
}

/** The suites EVM_TRACER_E2E_SUITES names, checked; undefined when it is unset (all run). */
function selectedSuites() {
  const listed = process.env[suitesVariable]
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const problem = listed && suiteNamesError(listed, suitesVariable);
  if (problem) throw new Error(problem);
  return listed;
}

/**
 * The compiled suites (those EVM_TRACER_E2E_SUITES names, else all), in name order (a glob's order depends
 * on the file system), so every run is alike.
 */
export function builtSuiteFiles() {
  if (!existsSync(testsOutDir)) throw new Error(`${testsOutDir} is missing: build the suites first (node test/e2e/run.mjs does)`);
  const selected = selectedSuites();
  return readdirSync(testsOutDir)
    .filter((name) => name.endsWith('.test.js') && (!selected || selected.includes(name.slice(0, -'.test.js'.length))))
    .sort()
    .map((name) => join(testsOutDir, name));
}
