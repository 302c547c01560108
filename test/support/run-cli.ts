// Runs the built CLI (dist/cli.js) as a user does, without blocking this process (the servers a test
// talks to live here), and collects what it printed.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { assertNoSecret } from '../access/secrets';

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

const cli = resolve('dist/cli.js');

/** `killAfterMs`: a command still running then is killed (status null), so a hang fails a test rather than stalling it. */
export function runCli(
  args: string[],
  options: { env?: Record<string, string>; cwd?: string; killAfterMs?: number } = {},
): Promise<CliRun> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [cli, ...args], {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: options.killAfterMs,
      killSignal: 'SIGKILL',
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (status) => done({ status, stdout, stderr }));
  });
}

/**
 * runCli trusting the certificate authority in `caFile` (NODE_EXTRA_CA_CERTS), and failing the test when
 * a test secret (test/access/secrets.ts) shows in what the command printed.
 */
export function trustingCli(caFile: string): (args: string[], env?: Record<string, string>, cwd?: string) => Promise<CliRun> {
  return async (args, env = {}, cwd) => {
    const result = await runCli(args, { env: { NODE_EXTRA_CA_CERTS: caFile, ...env }, cwd });
    assertNoSecret(result.stdout + result.stderr, `evm-tracer ${args[0]} output`);
    return result;
  };
}

/** A CLI process left running: its stderr kept and waited on (`shows`), its exit status awaited. */
export interface RunningCli {
  child: ChildProcess;
  stderr(): string;
  /** Resolves once stderr matches `pattern`; fails if the process exits before. */
  shows(pattern: RegExp): Promise<void>;
  exit: Promise<number | null>;
}

export function startCli(args: string[], env: Record<string, string>): RunningCli {
  const child = spawn(process.execPath, [cli, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  let waiting: Array<{ pattern: RegExp; done(): void }> = [];
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
    const met = waiting.filter(({ pattern }) => pattern.test(stderr));
    waiting = waiting.filter((one) => !met.includes(one));
    for (const { done } of met) done();
  });
  const exit = new Promise<number | null>((done) => child.on('close', (status) => done(status)));
  return {
    child,
    stderr: () => stderr,
    shows: (pattern) =>
      new Promise<void>((done, fail) => {
        if (pattern.test(stderr)) return done();
        waiting.push({ pattern, done });
        void exit.then(() => (pattern.test(stderr) ? done() : fail(new Error(`exited before ${pattern}:\n${stderr}`))));
      }),
    exit,
  };
}
