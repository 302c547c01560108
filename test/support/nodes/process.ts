// Starts a third-party JSON-RPC node as a child process on a free 127.0.0.1 port and waits until it answers.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface RunningNode {
  url: string;
  wsUrl: string;
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

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Runs `command args` (the args get the port from `argsFor`), polls `eth_chainId` until it answers
 * (up to `readyMs`: generous, the machine is shared) and returns its URLs. Output is kept for the error.
 */
export async function startNodeProcess(
  name: string,
  command: string,
  argsFor: (port: number) => string[],
  options: { cwd?: string; readyMs?: number } = {},
): Promise<RunningNode> {
  const port = await freePort();
  const child = spawn(command, argsFor(port), { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let spawnError: Error | undefined;
  child.once('error', (error) => (spawnError = error));

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited(child);
    clearTimeout(timer);
  };
  const deadline = Date.now() + (options.readyMs ?? 60_000);
  while (Date.now() < deadline) {
    if (spawnError || child.exitCode !== null) break;
    if (await answersChainId(url)) return { url, wsUrl: `ws://127.0.0.1:${port}`, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`${name} did not start on port ${port}: ${spawnError?.message ?? ''}\n${output}`);
}
