// What the `trace range` tests read and do around a run: a folder's files and lines, a node's own
// debug_traceBlockByNumber entries as the lines a run writes, and a run killed once its stderr shows a line.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { call } from '../runtime/node-helpers';

/** The chunk files' and manifest's text, by name (temporary files included, which must not be left). */
export function folderFiles(folder: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(folder)
      .sort()
      .map((name) => [name, readFileSync(join(folder, name), 'utf8')]),
  );
}

/** The lines of a folder's chunk files, in block order. */
export function folderLines(folder: string): string[] {
  return Object.entries(folderFiles(folder))
    .filter(([name]) => name.endsWith('.jsonl'))
    .flatMap(([, text]) => text.split('\n').filter((line) => line !== ''));
}

const hex = (n: number) => `0x${n.toString(16)}`;

/** A node's own debug_traceBlockByNumber of blocks from..to, as the lines `trace range` writes. */
export async function nodeLines(url: string, from: number, to: number, traceConfig: object): Promise<string[]> {
  const lines: string[] = [];
  for (let n = from; n <= to; n++) {
    const { hash } = await call<{ hash: string }>(url, 'eth_getBlockByNumber', [hex(n), false]);
    const entries = await call<Array<{ txHash: string; result?: unknown; error?: string }>>(url, 'debug_traceBlockByNumber', [
      hex(n),
      traceConfig,
    ]);
    entries.forEach(({ txHash, ...outcome }, txIndex) =>
      lines.push(JSON.stringify({ blockNumber: n, blockHash: hash, txIndex, txHash, ...outcome })),
    );
  }
  return lines;
}

/** Starts `evm-tracer ARGS` and sends `signal` once its stderr matches `line`; resolves with its exit. */
export function runStoppedAt(
  args: string[],
  env: Record<string, string>,
  line: RegExp,
  signal: NodeJS.Signals,
): Promise<{ status: number | null; stderr: string }> {
  const child = spawn(process.execPath, [resolve('dist/cli.js'), ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  let sent = false;
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
    if (!sent && line.test(stderr)) {
      sent = true;
      child.kill(signal);
    }
  });
  return new Promise((done) => child.on('close', (status) => done({ status, stderr })));
}
