// What the `trace range` tests read and do around a run: a folder's files and lines, a node's own
// debug_traceBlockByNumber entries as the lines a run writes, a run killed once its stderr shows a line, and
// the two checks of a reference node's range: its own entries, traced here and on it; killed and resumed.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import assert from 'node:assert/strict';
import { call } from '../runtime/node-helpers';
import { runCli } from './run-cli';
import { comparable, type RangeTracer } from './range-tracers';

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

/** A range of a reference node, traced with `trace range` into folders under `dir`. */
export interface NodeRange {
  url: string;
  from: number;
  to: number;
  chunkSize: number;
  dir: string;
}

const rangeArgs = ({ url, from, to, chunkSize }: NodeRange, out: string, args: string[]) => [
  'trace',
  'range',
  `${from}..${to}`,
  '--out',
  out,
  '--node',
  url,
  '--chunk-size',
  String(chunkSize),
  ...args,
];

/** Every line `trace range` writes with `tracer`, traced here and on the node, is the node's own entry. */
export async function assertNodeEntries(range: NodeRange, tracer: RangeTracer): Promise<void> {
  const expected = comparable(await nodeLines(range.url, range.from, range.to, tracer.traceConfig));
  assert.ok(expected.filter((entry) => 'result' in (entry as object)).length > expected.length / 2, 'mostly results');
  for (const on of ['local', 'node']) {
    const out = join(range.dir, `${tracer.name.replaceAll(' ', '-')}-${on}`);
    const run = await runCli(rangeArgs(range, out, [...tracer.args, '--on', on, '--jobs', '2']), { killAfterMs: 600_000 });
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(comparable(folderLines(out)), expected, `--on ${on}`);
  }
}

/** A run killed with SIGKILL once `killedAfter` chunks are written, then run again, leaves the folder of a run
 * never interrupted. */
export async function assertKilledRunResumes(range: NodeRange, args: string[], killedAfter: number): Promise<void> {
  const run = (out: string) => runCli(rangeArgs(range, out, args), { killAfterMs: 600_000 });
  const whole = join(range.dir, 'whole');
  assert.equal((await run(whole)).status, 0);
  const out = join(range.dir, 'killed');
  const killed = await runStoppedAt(rangeArgs(range, out, args), {}, new RegExp(`^chunk ${killedAfter}/`, 'm'), 'SIGKILL');
  assert.equal(killed.status, null);
  const resumed = await run(out);
  assert.equal(resumed.status, 0, resumed.stderr);
  const total = Math.ceil((range.to - range.from + 1) / range.chunkSize);
  // The manifest is written after each chunk's line: the last chunk reported may not be in it yet.
  const done = Number(/^resuming: (\d+) of \d+ chunks done before$/m.exec(resumed.stderr)?.[1]);
  assert.ok(done >= 1 && done < total, `${done} of ${total} chunks done when killed`);
  assert.deepEqual(folderFiles(out), folderFiles(whole));
}
