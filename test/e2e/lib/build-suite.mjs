// Compiles the in-VS Code suite: test/e2e/suite/index.ts → dist/test/e2e/index.js and each
// suite/*.test.ts → dist/test/e2e/suite/*.test.js. `vscode` comes from the extension host; `mocha` is
// loaded from node_modules at run time so the index and every suite share one mocha instance.
import * as esbuild from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './tools.mjs';

export const suiteIndex = join(repoRoot, 'dist/test/e2e/index.js');

export async function buildSuite() {
  const suiteDir = join(repoRoot, 'test/e2e/suite');
  const tests = readdirSync(suiteDir).filter((name) => name.endsWith('.test.ts'));
  await esbuild.build({
    absWorkingDir: repoRoot,
    entryPoints: [
      { in: 'test/e2e/suite/index.ts', out: 'index' },
      ...tests.map((name) => ({ in: `test/e2e/suite/${name}`, out: `suite/${name.replace(/\.ts$/, '')}` })),
    ],
    outdir: 'dist/test/e2e',
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode', 'mocha'],
    sourcemap: true,
    logLevel: 'warning',
  });
  // A suite deleted or renamed since the last build must not run from its old output.
  const outDir = join(repoRoot, 'dist/test/e2e/suite');
  const current = new Set(tests.map((name) => name.replace(/\.ts$/, '.js')));
  for (const name of readdirSync(outDir)) {
    if (!current.has(name.replace(/\.map$/, ''))) rmSync(join(outDir, name));
  }
}
