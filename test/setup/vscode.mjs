// Setup step: what running the extension inside real VS Code needs, offline (docs/testing.md, "Testing in
// real VS Code"): Debian chromium and libkrb5-dev, Node 24 from the npm registry and code-server
// (VS Code's server and web workbench) into .vscode-test/. Quick when already done.
//
// It never fails the whole setup: the unit tests can still run. A failure is printed and recorded in
// .vscode-test/setup-error.txt, and test/e2e/run.mjs reports it as a failed test with that reason.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDebianPackages, run, runLocked } from './kit.mjs';
import {
  CODE_SERVER_VERSION,
  NODE_VERSION,
  chromium,
  codeServerEntry,
  codeServerMarker,
  codeServerPrefix,
  missingTools,
  node24,
  node24Dir,
  nodeMarker,
  setupErrorFile,
  toolsDir,
} from '../e2e/lib/tools.mjs';

const thisFile = fileURLToPath(import.meta.url);

export default async function setupVscode() {
  if (missingTools().length === 0) return;
  mkdirSync(toolsDir, { recursive: true });
  if (!runLocked(join(toolsDir, 'setup.lock'), thisFile)) {
    console.error(`VS Code test tools: setup failed (recorded in ${setupErrorFile}); the VS Code tests will report it.`);
  }
}

function ensureVscodePackages() {
  const wanted = [{ pkg: 'chromium', file: chromium }];
  // Only code-server's native `kerberos` build needs the Kerberos headers.
  if (!existsSync(codeServerMarker)) wanted.push({ pkg: 'libkrb5-dev', file: '/usr/include/krb5.h' });
  ensureDebianPackages(wanted, 'VS Code test tools');
}

const npmQuiet = ['--no-save', '--no-package-lock', '--no-audit', '--no-fund'];

function ensureNode24() {
  if (existsSync(nodeMarker) && existsSync(node24)) return;
  console.log(`VS Code test tools: installing Node ${NODE_VERSION} from the npm registry`);
  run('npm', ['install', ...npmQuiet, '--prefix', join(toolsDir, 'node24'), `node@${NODE_VERSION}`]);
  const version = spawnSync(node24, ['--version'], { encoding: 'utf8' }).stdout?.trim();
  if (version !== `v${NODE_VERSION}`) throw new Error(`${node24} reports version ${version ?? '(none)'}, expected v${NODE_VERSION}`);
  writeFileSync(nodeMarker, `${version}\n`);
}

function ensureCodeServer() {
  if (existsSync(codeServerMarker) && existsSync(codeServerEntry)) return;
  console.log(`VS Code test tools: installing code-server ${CODE_SERVER_VERSION} (about a minute of CPU)`);
  // npm runs under Node 24 (first on PATH) and node-gyp builds against Node 24's headers: the user
  // npm config here points nodedir at Node 20's. Under `npm test` the environment carries the outer npm's
  // settings (npm_config_user_agent names Node 20, and code-server's install script refuses it): drop them.
  const outer = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  const env = { ...outer, PATH: `${join(node24Dir, 'bin')}:${process.env.PATH}`, npm_config_nodedir: node24Dir };
  run('npm', ['install', ...npmQuiet, '--prefix', codeServerPrefix, `code-server@${CODE_SERVER_VERSION}`], { env });
  if (!existsSync(codeServerEntry)) throw new Error(`code-server installed but ${codeServerEntry} is missing`);
  writeFileSync(codeServerMarker, `${CODE_SERVER_VERSION}\n`);
}

// Run as a script (under the lock) by setupVscode.
if (process.argv[1] === thisFile) {
  try {
    if (missingTools().length > 0) {
      const started = Date.now();
      ensureVscodePackages();
      ensureNode24();
      ensureCodeServer();
      console.log(`VS Code test tools: installed in ${Math.round((Date.now() - started) / 1000)} s`);
    }
    rmSync(setupErrorFile, { force: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    writeFileSync(setupErrorFile, `${message}\n`);
    console.error(`VS Code test tools: ${message}`);
    process.exit(1);
  }
}
