// Launches the local node (`evm-tracer node --port 0`) as a child process for the CLI and the extension and
// waits for its one "listening on http://HOST:PORT (ws://HOST:PORT)" line. Neither the node nor its trace
// workers outlive the launcher: the launcher kills the node's process group when it exits, and the node kills
// it when the IPC channel to the launcher closes, which the kernel does even when the launcher is SIGKILLed.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';

/** The environment variable that hands a node started with --debug-traces its debug secret: only the
 * launcher knows it, so only the launcher can start a debug run (which opens an inspector). */
export const debugSecretVariable = 'EVM_TRACER_DEBUG_SECRET';

/** The environment variable a fork node started by a launcher reads its upstream URL from (`--fork-url-env`):
 * the URL may carry a key or password, which the process list must not show. */
export const forkUrlVariable = 'EVM_TRACER_FORK_URL';

/** Set to `lines`, a fork node prints what it fetched from its upstream as lines starting with
 * `forkProgressPrefix` on stderr, for a launcher to show (a terminal gets one line rewritten in place). */
export const forkProgressVariable = 'EVM_TRACER_FORK_PROGRESS';
export const forkProgressPrefix = 'fork: fetched ';

export interface LocalNode {
  url: string;
  wsUrl: string;
  /** With `debugTraces`: the secret a debug run's `debug.secret` must carry. */
  debugSecret?: string;
  stop(): Promise<void>;
}

export interface LaunchOptions {
  /** The CLI bundle (dist/cli.js). */
  cliPath: string;
  /** Extra `evm-tracer node` options, e.g. ['--fork', URL]. */
  args?: string[];
  /** The Node.js binary; default: this process's. */
  execPath?: string;
  signal?: AbortSignal;
  /** How long to wait for the listening line (default 60 s: start-up is slower on a loaded machine). */
  readyTimeoutMs?: number;
  /** Extra environment variables for the node (secrets go here, never into `args`: the process list shows those). */
  env?: Record<string, string>;
  /** Accept debug runs (--debug-traces), from this launcher only: it makes the node's debug secret. */
  debugTraces?: boolean;
  /** Gets what the node writes on stderr (e.g. a debug run's "Debugger listening on ws://…" line). */
  onStderr?: (text: string) => void;
}

/** How much of the node's stderr a failed start shows: its last whole lines within this many characters. */
const stderrTail = 2000;

/**
 * The text kept of stderr, without its first line if the start was cut off: the caller masks this text (it may
 * echo the fork URL), and a line cut at its start could begin with the rest of a secret, which masking misses.
 */
function wholeLines(tail: string, cut: boolean): string {
  if (!cut) return tail.trim();
  const lineEnd = tail.indexOf('\n');
  return lineEnd < 0 ? '' : tail.slice(lineEnd + 1).trim();
}

const listening = /^listening on (http:\/\/\S+) \((ws:\/\/\S+)\)$/m;

export function launchLocalNode(options: LaunchOptions): Promise<LocalNode> {
  // Its own process group (POSIX), so that the trace worker processes it forks are killed with it.
  const grouped = process.platform !== 'win32';
  const debugSecret = options.debugTraces ? randomBytes(32).toString('hex') : undefined;
  const args = [options.cliPath, 'node', '--port', '0', ...(debugSecret ? ['--debug-traces'] : []), ...(options.args ?? [])];
  const child = spawn(options.execPath ?? process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    detached: grouped,
    env: { ...process.env, ...options.env, ...(debugSecret ? { [debugSecretVariable]: debugSecret } : {}) },
  });
  const killAll = (signal: NodeJS.Signals) => {
    if (grouped && child.pid !== undefined) {
      try {
        process.kill(-child.pid, signal);
        return;
      } catch {
        // The group is empty.
      }
    }
    child.kill(signal);
  };
  // The channel only tells the node we are alive: it must not keep this process running.
  child.channel?.unref();
  // Exit handlers must be synchronous: a kill is, and nothing is left to wait for.
  const killOnExit = () => killAll('SIGKILL');
  process.once('exit', killOnExit);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      process.off('exit', killOnExit);
      // Trace workers still busy when the node stopped would run on without it.
      killAll('SIGKILL');
      resolve();
    }),
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const force = setTimeout(() => killAll('SIGKILL'), 5000);
    await exited;
    clearTimeout(force);
  };
  return new Promise<LocalNode>((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    let stderrCut = false;
    const fail = (reason: string) => {
      cleanup();
      void stop();
      const shown = wholeLines(stderr, stderrCut);
      reject(new Error(`the local node did not start: ${reason}${shown ? `\n${shown}` : ''}`));
    };
    const onAbort = () => fail('cancelled');
    const timer = setTimeout(
      () => fail(`no "listening" line within ${(options.readyTimeoutMs ?? 60_000) / 1000} s`),
      options.readyTimeoutMs ?? 60_000,
    );
    const cleanup = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      child.stdout!.removeAllListeners('data');
    };
    if (options.signal?.aborted) return fail('cancelled');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stderr!.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      stderr += text;
      if (stderr.length > stderrTail) {
        stderr = stderr.slice(-stderrTail);
        stderrCut = true;
      }
      options.onStderr?.(text);
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      const match = listening.exec(stdout);
      if (!match) return;
      cleanup();
      child.stdout!.resume();
      resolve({ url: match[1], wsUrl: match[2], debugSecret, stop });
    });
    child.once('error', (error) => fail(error.message));
    child.once('exit', (code, signal) => fail(`it exited (${signal ?? `code ${code}`})`));
  });
}

/**
 * In the node process: exits, with its trace workers, as soon as the launcher's IPC channel closes (the launcher
 * is gone, nobody is left to use the node, and traces still running are not waited for). A node started by hand
 * has no channel.
 */
export function exitWithLauncher(): void {
  // `send` exists only in a process started with a channel; `connected` is false if it closed already.
  if (process.send === undefined) return;
  if (!process.connected || !process.channel) exitWithWorkers();
  process.once('disconnect', exitWithWorkers);
  // Listening for 'disconnect' holds the channel open; it must not keep the node running after a normal stop.
  process.channel.unref();
}

/** Ends this node and its trace workers: launchLocalNode made the node lead a process group that holds them all. */
function exitWithWorkers(): never {
  try {
    process.kill(-process.pid, 'SIGKILL');
  } catch {
    // Not a group leader (Windows has no process groups): the workers see their channel close.
  }
  process.exit(0);
}
