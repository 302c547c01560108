// @vscode/test-cli configuration: the extension's suites (test/e2e/suite/*.test.ts, compiled to
// dist/test/e2e/ by test/e2e/lib/build-suite.mjs; `node test/e2e/run.mjs` builds and runs them) in real
// VS Code. Here that is code-server, started by the launcher named as the installation, so nothing is
// downloaded; where desktop VS Code can be downloaded, drop `useInstallation` and the same suites run there.
import { defineConfig } from '@vscode/test-cli';
import { join } from 'node:path';
import { builtSuiteFiles } from './test/e2e/lib/build-suite.mjs';
import { temporaryFixtureWorkspace } from './test/e2e/lib/fixture-workspace.mjs';
import { providerCaEnv } from './test/e2e/lib/provider-ca.mjs';
import { repoRoot } from './test/e2e/lib/tools.mjs';

export default defineConfig({
  label: 'vscode',
  // EVM_TRACER_E2E_SUITES limits a run to the suites it names.
  files: builtSuiteFiles(),
  // A fresh copy per run: the suites edit and save files.
  workspaceFolder: temporaryFixtureWorkspace(),
  // A fresh CA the extension host trusts from its start, for the HTTPS providers the suites start.
  env: providerCaEnv(),
  useInstallation: { fromPath: join(repoRoot, 'test/e2e/code-server-launcher.mjs') },
  // The extension has no extensionDependencies; skipping the check also rules out any download.
  skipExtensionDependencies: true,
  mocha: {
    ui: 'tdd',
    // Generous: the machine is shared; each suite waits for its own conditions with explicit limits.
    timeout: 120_000,
    color: false,
    require: ['./dist/test/e2e/report-to-file.js'],
  },
});
