#!/usr/bin/env node
// Stands in for the VS Code executable so that @vscode/test-cli / @vscode/test-electron run extension
// tests in real VS Code here, offline (.vscode-test.mjs: `useInstallation: { fromPath }`). Takes the
// command line test-electron gives `code` (`--extensionDevelopmentPath=…`, `--extensionTestsPath=…`, the
// workspace folder, desktop-only flags), runs the tests in code-server (test/e2e/lib/extension-tests.mjs),
// prints mocha's report and exits with the tests' code: 0 passed, 1 failed or could not run.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { killAllNow } from './lib/code-server.mjs';
import { runExtensionTests } from './lib/extension-tests.mjs';
import { missingTools } from './lib/tools.mjs';

/**
 * Flags test-electron passes that mean nothing here: sandbox, GPU, updates, welcome and release notes,
 * V8 cache, trust (code-server runs with workspace trust off), other extensions (there are none).
 * `--user-data-dir` / `--extensions-dir` are also taken and ignored: every run gets a private, quiet
 * profile, so runs in parallel in one working tree never share one.
 */
const ignoredFlags = new Set([
  '--no-sandbox',
  '--disable-gpu-sandbox',
  '--disable-gpu',
  '--disable-updates',
  '--skip-welcome',
  '--skip-release-notes',
  '--no-cached-data',
  '--disable-workspace-trust',
  '--disable-extensions',
  '--disable-telemetry',
  '--new-window',
]);
const valueOptions = new Set(['--extensionDevelopmentPath', '--extensionTestsPath', '--user-data-dir', '--extensions-dir']);

class UsageError extends Error {}

function parseArgs(argv) {
  const values = new Map([...valueOptions].map((name) => [name, []]));
  const folders = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      folders.push(resolve(arg));
      continue;
    }
    if (ignoredFlags.has(arg)) continue;
    const [name, inline] = arg.split(/=(.*)/s);
    if (!valueOptions.has(name)) throw new UsageError(`unsupported argument ${arg}`);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new UsageError(`${name} needs a value`);
    values.get(name).push(resolve(value));
  }
  const [extensionTestsPath, ...moreTests] = values.get('--extensionTestsPath');
  if (!extensionTestsPath || moreTests.length > 0) throw new UsageError('exactly one --extensionTestsPath=<file> is needed');
  const extensionDevelopmentPaths = values.get('--extensionDevelopmentPath');
  if (extensionDevelopmentPaths.length === 0) throw new UsageError('--extensionDevelopmentPath=<folder> is needed');
  if (folders.length !== 1) throw new UsageError(`one workspace folder is needed, got ${folders.length}: ${folders.join(', ') || 'none'}`);
  if (!statSync(folders[0], { throwIfNoEntry: false })?.isDirectory()) {
    throw new UsageError(`${folders[0]} is not a folder (code-server opens folders here, not files or workspaces)`);
  }
  return { extensionDevelopmentPaths, extensionTestsPath, folder: folders[0] };
}

function fail(message) {
  console.error(`code-server launcher: ${message}`);
  process.exit(1);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    killAllNow(); // code-server runs in its own process group; the browser goes with this process
    fail(`interrupted (${signal})`);
  });
}

try {
  const options = parseArgs(process.argv.slice(2));
  const missing = missingTools();
  if (missing.length > 0) fail(`not installed: ${missing.join(', ')}; run node test/setup.mjs`);
  process.exit(await runExtensionTests(options));
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  fail(error instanceof UsageError ? `${reason} (arguments: ${process.argv.slice(2).join(' ')})` : reason);
}
