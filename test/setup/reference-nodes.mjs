// Setup step: the reference implementations the real-stack tests run (test/reference/), built from their
// Go modules into .test-nodes/ (git-ignored) at the versions of reference-versions.json, and Debian's nginx
// and openssl for the provider in front of them (test/support/reference/nginx.ts), and Debian's redis-server
// for the fleet's queue (test/support/reference/redis.ts).
//   - geth: `go install github.com/ethereum/go-ethereum/cmd/geth@VERSION`
//   - avalanchego: `go install github.com/ava-labs/avalanchego/main@VERSION` (CGO, portable BLST)
//   - xchain-asset (test/reference/xchain-asset/main.go): a go.mod requiring that avalanchego is written here
// Each binary's folder names its version, so a bump builds anew. Without Go the step does nothing and the
// tests say they are skipped; a failure is recorded in .test-nodes/reference-setup-error.txt for the tests
// to report (the rest of the suite still runs).
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDebianPackages, run, runLocked } from './kit.mjs';

const thisFile = fileURLToPath(import.meta.url);
const repoRoot = resolve(dirname(thisFile), '../..');
const root = join(repoRoot, '.test-nodes');

export const versions = JSON.parse(readFileSync(join(dirname(thisFile), 'reference-versions.json'), 'utf8'));

const gethDir = join(root, `geth-${versions.geth}`);
const avalanchegoDir = join(root, `avalanchego-${versions.avalanchego}`);
const assetDir = join(root, `xchain-asset-${versions.avalanchego}`);
const assetSource = join(repoRoot, 'test/reference/xchain-asset/main.go');

export const gethBinary = join(gethDir, 'geth');
/** `go install .../avalanchego/main` names the binary after its package folder. */
export const avalanchegoBinary = join(avalanchegoDir, 'main');
export const xchainAssetBinary = join(assetDir, 'xchain-asset');
export const nginxBinary = '/usr/sbin/nginx';
export const opensslBinary = '/usr/bin/openssl';
export const redisBinary = '/usr/bin/redis-server';
export const setupErrorFile = join(root, 'reference-setup-error.txt');

const debianPackages = [
  { pkg: 'nginx', file: nginxBinary },
  { pkg: 'openssl', file: opensslBinary },
  { pkg: 'redis-server', file: redisBinary },
];
/** avalanchego needs cgo (BLST); the portable build runs on any x86-64. */
const cgoEnv = { CGO_ENABLED: '1', CGO_CFLAGS: '-O2 -D__BLST_PORTABLE__' };

/**
 * What this step builds. `stamp` is written to the folder's .installed marker after a complete build, so a
 * half-finished one, or one of another version or source, is never taken for done.
 */
const builds = [
  {
    what: `geth ${versions.geth}`,
    dir: gethDir,
    binary: gethBinary,
    stamp: () => `${versions.geth}\n`,
    build: () => goInstall(gethDir, 'github.com/ethereum/go-ethereum/cmd/geth', versions.geth, {}),
  },
  {
    what: `avalanchego ${versions.avalanchego}`,
    dir: avalanchegoDir,
    binary: avalanchegoBinary,
    stamp: () => `${versions.avalanchego}\n`,
    build: () => goInstall(avalanchegoDir, 'github.com/ava-labs/avalanchego/main', versions.avalanchego, cgoEnv),
  },
  {
    what: `xchain-asset for avalanchego ${versions.avalanchego}`,
    dir: assetDir,
    binary: xchainAssetBinary,
    stamp: () => `${versions.avalanchego} ${createHash('sha256').update(readFileSync(assetSource)).digest('hex')}\n`,
    build: buildXchainAsset,
  },
];

const marker = (dir) => join(dir, '.installed');
const done = ({ dir, binary, stamp }) => existsSync(binary) && existsSync(marker(dir)) && readFileSync(marker(dir), 'utf8') === stamp();

/** Why the reference-node tests cannot run on this machine at all (no Go toolchain), else undefined. */
export function goMissing() {
  const probe = spawnSync('go', ['version'], { encoding: 'utf8' });
  return probe.status === 0 ? undefined : 'Go is not installed (test/setup/reference-nodes.mjs builds geth and avalanchego with it)';
}

/** What is missing for the reference-node tests; empty when everything is built and installed. */
export function missingReferenceTools() {
  return [
    ...builds.filter((build) => !done(build)).map(({ what, binary }) => `${what} (${binary})`),
    ...debianPackages.filter(({ file }) => !existsSync(file)).map(({ pkg, file }) => `Debian ${pkg} (${file})`),
  ];
}

export default async function setupReferenceNodes() {
  const noGo = goMissing();
  if (noGo) {
    console.log(`reference nodes: ${noGo}; the geth and avalanchego tests will be skipped`);
    return;
  }
  if (missingReferenceTools().length === 0) return;
  mkdirSync(root, { recursive: true });
  if (!runLocked(join(root, 'reference-setup.lock'), thisFile)) {
    console.error(`reference nodes: setup failed (recorded in ${setupErrorFile}); the geth and avalanchego tests will report it.`);
  }
}

function goInstall(dir, modulePath, version, env) {
  const started = Date.now();
  console.log(`reference nodes: building ${modulePath}@${version} (several minutes on a cold Go build cache)`);
  rmSync(dir, { recursive: true, force: true });
  run('go', ['install', `${modulePath}@${version}`], { env: { ...process.env, ...env, GOBIN: dir } });
  console.log(`reference nodes: ${modulePath}@${version} built in ${Math.round((Date.now() - started) / 1000)} s`);
}

/** The X-Chain asset helper as a module of its own, requiring the pinned avalanchego. */
function buildXchainAsset() {
  rmSync(assetDir, { recursive: true, force: true });
  mkdirSync(assetDir, { recursive: true });
  copyFileSync(assetSource, join(assetDir, 'main.go'));
  writeFileSync(
    join(assetDir, 'go.mod'),
    `module evmtracer.test/xchain-asset\n\ngo 1.24\n\nrequire github.com/ava-labs/avalanchego ${versions.avalanchego}\n`,
  );
  const env = { ...process.env, ...cgoEnv };
  run('go', ['mod', 'tidy'], { cwd: assetDir, env });
  run('go', ['build', '-o', xchainAssetBinary, '.'], { cwd: assetDir, env });
}

// Run as a script (under the lock) by setupReferenceNodes.
if (process.argv[1] === thisFile) {
  try {
    for (const build of builds) {
      if (done(build)) continue;
      build.build();
      writeFileSync(marker(build.dir), build.stamp());
    }
    // Last: without root it fails, and the nodes are built by then.
    ensureDebianPackages(debianPackages, 'reference nodes');
    rmSync(setupErrorFile, { force: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    writeFileSync(setupErrorFile, `${message}\n`);
    console.error(`reference nodes: ${message}`);
    process.exit(1);
  }
}
