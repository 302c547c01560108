// What the setup steps share: running a command (failing with its exit status), running a step's own
// script under a lock (several `npm test` runs may start at once: one installs, the others wait and then
// find it done), and installing missing Debian packages.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) throw new Error(`${command} ${args.join(' ')}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
}

/** Runs `node script` under `flock lockFile`; true when it succeeded. */
export function runLocked(lockFile, script) {
  return spawnSync('flock', [lockFile, process.execPath, script], { stdio: 'inherit' }).status === 0;
}

/** True when apt knows a version of `pkg` it could install (false on a fresh machine's empty lists). */
function hasCandidate(pkg) {
  const policy = spawnSync('apt-cache', ['policy', pkg], { encoding: 'utf8' }).stdout ?? '';
  return /Candidate: (?!\(none\))/.test(policy);
}

/**
 * Installs the Debian packages of `wanted` whose file is missing (as root; otherwise says what to run).
 * `apt-get update` runs first when apt does not know a wanted package yet, or after an install that failed
 * (stale package lists name versions the mirror no longer has).
 */
export function ensureDebianPackages(wanted, what) {
  const missing = wanted.filter(({ file }) => !existsSync(file)).map(({ pkg }) => pkg);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`Debian packages missing: ${missing.join(', ')}; install them as root: apt-get install -y ${missing.join(' ')}`);
  }
  console.log(`${what}: installing Debian packages ${missing.join(', ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = ['-o', 'DPkg::Lock::Timeout=300'];
  const update = () => run('apt-get', [...apt, 'update'], { env });
  const install = () => run('apt-get', [...apt, 'install', '-y', '--no-install-recommends', ...missing], { env });
  if (!missing.every(hasCandidate)) {
    update();
    install();
  } else {
    try {
      install();
    } catch {
      update();
      install();
    }
  }
  const stillMissing = wanted.filter(({ file }) => !existsSync(file)).map(({ file }) => file);
  if (stillMissing.length > 0) throw new Error(`apt-get install succeeded but ${stillMissing.join(', ')} is still missing`);
}
