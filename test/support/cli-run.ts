// dist/cli.js run as a user runs it, without blocking this process (the test servers it talks to may live here).
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `evm-tracer ARGS` with `env` added to this process's environment; resolves with its exit status and output. */
export function runCli(args: string[], options: { env?: Record<string, string>; cwd?: string } = {}): Promise<CliRun> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [resolve('dist/cli.js'), ...args], { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (status) => done({ status, stdout, stderr }));
  });
}
