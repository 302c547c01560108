// @vscode/test-cli configuration for the benches that need real VS Code (code-server, as the tests use):
// bench/vscode/*.ts compiled to dist/bench/vscode/suite/ (the report preload beside it) by
// bench/debug-vscode.bench.ts, which runs them.
import { defineConfig } from '@vscode/test-cli';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { temporaryFixtureWorkspace } from '../../test/e2e/lib/fixture-workspace.mjs';
import { repoRoot } from '../../test/e2e/lib/tools.mjs';

const built = join(repoRoot, 'dist/bench/vscode');

export default defineConfig({
  label: 'bench',
  extensionDevelopmentPath: repoRoot,
  files: readdirSync(join(built, 'suite'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => join(built, 'suite', name)),
  workspaceFolder: temporaryFixtureWorkspace(),
  useInstallation: { fromPath: join(repoRoot, 'test/e2e/code-server-launcher.mjs') },
  skipExtensionDependencies: true,
  mocha: { ui: 'tdd', timeout: 600_000, color: false, require: [join(built, 'report-to-file.js')] },
});
