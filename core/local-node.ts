// Launches the local node (`evm-tracer node --port 0`) as a child process for the CLI and the extension and
// waits for its one "listening on http://HOST:PORT (ws://HOST:PORT)" line.
import { spawn } from 'node:child_process';

export interface LocalNode {
  url: string;
  wsUrl: string;
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
}

const listening = /^listening on (http:\/\/\S+) \((ws:\/\/\S+)\)$/m;

export function launchLocalNode(options: LaunchOptions): Promise<LocalNode> {
  const child = spawn(options.execPath ?? process.execPath, [options.cliPath, 'node', '--port', '0', ...(options.args ?? [])], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(force);
  };
  return new Promise<LocalNode>((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    const fail = (reason: string) => {
      cleanup();
      void stop();
      reject(new Error(`the local node did not start: ${reason}${stderr.trim() ? `\n${stderr.trim().slice(-2000)}` : ''}`));
    };
    const onAbort = () => fail('cancelled');
    const timer = setTimeout(() => fail(`no "listening" line within ${(options.readyTimeoutMs ?? 60_000) / 1000} s`), options.readyTimeoutMs ?? 60_000);
    const cleanup = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      child.stdout!.removeAllListeners('data');
    };
    if (options.signal?.aborted) return fail('cancelled');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-8000)));
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      const match = listening.exec(stdout);
      if (!match) return;
      cleanup();
      child.stdout!.resume();
      resolve({ url: match[1], wsUrl: match[2], stop });
    });
    child.once('error', (error) => fail(error.message));
    child.once('exit', (code, signal) => fail(`it exited (${signal ?? `code ${code}`})`));
  });
}
