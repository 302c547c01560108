// Starts a third-party node (or any server) as a child process on 127.0.0.1 and waits until it answers.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningNode {
  url: string;
  wsUrl: string;
  /** The child's process id (to check that nothing outlives `stop`). */
  pid: number;
  stop(): Promise<void>;
}

/** A port free right now (the OS picks it); the node binds it a moment later. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function answersChainId(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(2000),
    });
    return response.ok && typeof ((await response.json()) as { result?: unknown }).result === 'string';
  } catch {
    return false;
  }
}

/** A child process whose output is kept (the last 4000 characters, for errors) and that `stop` ends. */
export interface WatchedProcess {
  pid: number;
  output(): string;
  /** True once the process has exited or could not be started. */
  ended(): boolean;
  /** SIGTERM, then SIGKILL after 5 s; resolves when it has exited. */
  stop(): Promise<void>;
}

export function spawnWatched(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): WatchedProcess {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let failed = false;
  child.once('error', (error) => {
    failed = true;
    keep(Buffer.from(`\n${command}: ${error.message}`));
  });
  const ended = () => failed || child.exitCode !== null || child.signalCode !== null;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  return {
    pid: child.pid ?? -1,
    output: () => output,
    ended,
    stop: async () => {
      if (ended()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Polls `ready` every 100 ms until it holds (up to `ms`: generous, the machine is shared); if the process
 * exits or the time is up, stops it and throws with what it printed.
 */
export async function waitUntilReady(name: string, watched: WatchedProcess, ready: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && !watched.ended()) {
    if (await ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await watched.stop();
  throw new Error(`${name} did not start${watched.ended() ? '' : ` within ${ms / 1000} s`}:\n${watched.output()}`);
}

/**
 * Runs `command args` (the args get a free port from `argsFor`), polls `eth_chainId` until it answers
 * (up to `readyMs`) and returns its URLs.
 */
export async function startNodeProcess(
  name: string,
  command: string,
  argsFor: (port: number) => string[],
  options: { cwd?: string; readyMs?: number } = {},
): Promise<RunningNode> {
  const port = await freePort();
  const watched = spawnWatched(command, argsFor(port), { cwd: options.cwd });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(`${name} on port ${port}`, watched, () => answersChainId(url), options.readyMs ?? 60_000);
  return { url, wsUrl: `ws://127.0.0.1:${port}`, pid: watched.pid, stop: watched.stop };
}

/** State letter, parent and CPU time used (user + system, in clock ticks) of a process, from /proc (Linux);
 * undefined once it is gone. */
export function procStat(pid: number): { state: string; ppid: number; cpuTicks: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0], ppid: Number(fields[1]), cpuTicks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined;
  }
}

/** `pid` and every process below it, now. */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = procStat(Number(entry))?.ppid;
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]) ?? []));
  return tree;
}

/** The processes of `pids` still running (a zombie, exited but not yet reaped, counts as gone). */
export function stillRunning(pids: number[]): number[] {
  return pids.filter((pid) => {
    const stat = procStat(pid);
    return stat !== undefined && stat.state !== 'Z';
  });
}

/** Makes a temp folder for `start`; it is removed when what `start` started stops, or at once if it fails. */
export async function inTempDir<T extends { stop(): Promise<void> }>(prefix: string, start: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    const started = await start(dir);
    return {
      ...started,
      stop: async () => {
        await started.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Stops each of `started` in turn (those that started), then fails if a process of `pids` still runs. */
export async function stopAll(pids: number[], what: string, ...started: ({ stop(): Promise<void> } | undefined)[]): Promise<void> {
  for (const one of started) await one?.stop();
  const left = stillRunning(pids);
  if (left.length > 0) throw new Error(`${what}: processes ${left.join(', ')} still running after stop`);
}
