// Builds the geth oracle (test/oracle, a Go program on go-ethereum's own packages, see its main.go) into
// .test-nodes/oracle-<hash of its sources>, idempotently: a changed source or go.sum builds a new binary,
// an unchanged one is reused. Without Go on the PATH the step is skipped with the reason, and the tests
// that need the oracle report themselves skipped with it.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { join, resolve } from 'node:path';

const source = resolve('test/oracle');

/** The binary's path for the current sources. */
export function oraclePath() {
  const hash = createHash('sha256');
  for (const name of readdirSync(source)
    .filter((n) => /\.go$|^go\.(mod|sum)$/.test(n))
    .sort()) {
    hash
      .update(name)
      .update('\0')
      .update(readFileSync(join(source, name)))
      .update('\0');
  }
  return resolve('.test-nodes', `oracle-${hash.digest('hex').slice(0, 12)}`);
}

/** Why the oracle cannot be built here, or undefined when it can. */
export function oracleUnavailable() {
  const go = spawnSync('go', ['version'], { encoding: 'utf8' });
  return go.error || go.status !== 0 ? 'Go is not installed (the geth oracle in test/oracle is built with `go build`)' : undefined;
}

/** Builds the oracle if needed: its path, or `{ skipped: reason }`. */
export function buildOracle() {
  const path = oraclePath();
  if (existsSync(path)) return { path };
  const reason = oracleUnavailable();
  if (reason) return { skipped: reason };
  mkdirSync(resolve('.test-nodes'), { recursive: true });
  // Built under a temporary name and renamed, so a build cut short never leaves a binary that looks done.
  const partial = `${path}.partial-${process.pid}`;
  const build = spawnSync('go', ['build', '-trimpath', '-o', partial, '.'], {
    cwd: source,
    stdio: 'inherit',
    env: { ...process.env, GOFLAGS: '-mod=readonly' },
  });
  if (build.status !== 0) throw new Error(`building the geth oracle (go build in ${source}) failed (exit ${build.status})`);
  renameSync(partial, path);
  return { path };
}

export default async function setupOracle() {
  if (existsSync(oraclePath())) return;
  console.log('setup: building the geth oracle (test/oracle, test only)');
  const built = buildOracle();
  if (built.skipped) console.log(`setup: SKIPPED the geth oracle: ${built.skipped}; the differential tests will be skipped`);
}
