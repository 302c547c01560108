// The trace worker processes (dist/trace-worker.js): started without powers (worker-launch.ts), kept idle for
// the next job, a few per kind.
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { workerLaunch } from './worker-launch';

const maxIdleWorkers = 2;

/** Idle workers per kind: fork mode's workers may start a helper thread, the others may not. */
const idle = { local: [] as ChildProcess[], network: [] as ChildProcess[] };
export type Kind = keyof typeof idle;
/** Workers running work now, which hold this process open (idle ones do not). */
const busy = new Set<ChildProcess>();

/** Kills the workers running work: a node stopping must not wait for them, and one busy in a loop never
 * reads the disconnect that makes an idle worker exit. */
export function stopBusyWorkers(): void {
  for (const child of busy) child.kill('SIGKILL');
  busy.clear();
}

function workerPath(): string {
  const candidates = [join(__dirname, 'trace-worker.js'), join(__dirname, '..', '..', 'dist', 'trace-worker.js')];
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error(`trace worker not found (looked for ${candidates.join(', ')}); run "node esbuild.mjs" first`);
  return found;
}

export function spawnWorker(kind: Kind, inspector = false): { child: ChildProcess; warning?: string } {
  const file = workerPath();
  const { execPath, execArgv, env, warning } = workerLaunch(file, { network: kind === 'network', inspector });
  const child = fork(file, [], {
    execPath,
    execArgv,
    env,
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  child.stderr!.setEncoding('utf8');
  return { child, warning };
}

function setHeld(child: ChildProcess, held: boolean): void {
  const channel = child.channel as { ref?(): void; unref?(): void } | null | undefined;
  const stderr = child.stderr as { ref?(): void; unref?(): void } | null;
  if (held) {
    child.ref();
    channel?.ref?.();
    stderr?.ref?.();
  } else {
    child.unref();
    channel?.unref?.();
    stderr?.unref?.();
  }
}

export function acquireWorker(kind: Kind): ChildProcess {
  const child = idle[kind].pop() ?? spawnWorker(kind).child;
  setHeld(child, true);
  busy.add(child);
  return child;
}

/** Only our own listeners: the child process object keeps internal ones. */
function detach(child: ChildProcess): void {
  for (const event of ['message', 'error', 'exit']) child.removeAllListeners(event);
  child.stderr?.removeAllListeners('data');
}

export function releaseWorker(child: ChildProcess, kind: Kind): void {
  detach(child);
  busy.delete(child);
  const pool = idle[kind];
  if (pool.length >= maxIdleWorkers) {
    child.kill('SIGKILL');
    return;
  }
  setHeld(child, false);
  const drop = () => {
    const at = pool.indexOf(child);
    if (at >= 0) pool.splice(at, 1);
  };
  child.on('error', drop);
  child.on('exit', drop);
  pool.push(child);
}

/** Ends a worker that failed or must not be reused. */
export function discardWorker(child: ChildProcess): void {
  detach(child);
  busy.delete(child);
  child.on('error', () => undefined);
  child.kill('SIGKILL');
}
