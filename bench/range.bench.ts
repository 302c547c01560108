// `trace range` throughput (`npm run bench -- range`): geth v1.17.5 --dev with 300 blocks of mixed
// transactions (test/support/range-chain.ts), one counting JS tracer. Transactions and steps per second traced
// here (a local fork of geth, through a counting proxy) with --jobs 1 and 2, beside geth's own
// debug_traceBlockByNumber with the same tracer one request at a time and two at once; upstream requests per
// block; the same with geth 80 ms away (the latency proxy). One run each. Goals: faster than geth's own
// block tracing at the same concurrency, at most 3 upstream requests per block, at 80 ms within 15% of the
// throughput without it. RANGE_BENCH_BLOCKS changes the chain's length.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devAccounts } from '../runtime/chain/dev-accounts';
import { call } from '../test/runtime/node-helpers';
import { startLatencyProxy } from '../test/support/latency-proxy';
import { buildRangeChain } from '../test/support/range-chain';
import { folderLines } from '../test/support/range-folder';
import { startGethDev } from '../test/support/reference/geth';
import { missingReferenceTools } from '../test/setup/reference-nodes.mjs';
import { runCli } from '../test/support/run-cli';

const blocks = Number(process.env.RANGE_BENCH_BLOCKS ?? 300);
const latencyMs = 80;

/** Counts steps by opcode and frames: the work of a typical data-extracting tracer. */
const tracer = `{
  steps: 0, ops: {}, frames: 0,
  step: function (log) { this.steps++; var op = log.op.toString(); this.ops[op] = (this.ops[op] || 0) + 1; },
  enter: function (frame) { this.frames++; },
  exit: function (result) {},
  fault: function (log) {},
  result: function (ctx) { return { steps: this.steps, frames: this.frames, ops: this.ops, gasUsed: ctx.gasUsed }; }
}`;

interface Figures {
  seconds: number;
  transactions: number;
  steps: number;
  /** Upstream requests (round trips) and calls in them, when counted. */
  requests?: number;
  calls?: number;
}

/** Transactions and steps in block trace entries. */
function tally(entries: Array<{ result?: { steps?: number } }>): { transactions: number; steps: number } {
  return { transactions: entries.length, steps: entries.reduce((sum, entry) => sum + (entry.result?.steps ?? 0), 0) };
}

/** geth's own debug_traceBlockByNumber of every block, `concurrency` requests at once. */
async function nodeOwn(url: string, head: number, concurrency: number): Promise<Figures> {
  const entries: Array<{ result?: { steps?: number } }> = [];
  let next = 1;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let n = next++; n <= head; n = next++)
        entries.push(...(await call<typeof entries>(url, 'debug_traceBlockByNumber', [`0x${n.toString(16)}`, { tracer }])));
    }),
  );
  return { seconds: (performance.now() - started) / 1000, ...tally(entries) };
}

const rate = (count: number, seconds: number) => (count / seconds).toFixed(count / seconds >= 100 ? 0 : 1);

export default async function rangeBench(): Promise<void> {
  if (missingReferenceTools().length > 0) {
    console.log('geth is not installed (node test/setup.mjs builds it): no range bench');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'evm-tracer-range-bench-'));
  const tracerFile = join(dir, 'count.tracer.js');
  writeFileSync(tracerFile, tracer);
  const signer = devAccounts(1)[0];
  const geth = await startGethDev({ withoutForks: ['bogotaTime'], fund: [signer.address], archive: true });
  const proxies = await Promise.all([startLatencyProxy(geth.url, 0), startLatencyProxy(geth.url, latencyMs)]);
  try {
    const built = performance.now();
    const head = await buildRangeChain(geth.url, signer, { blocks, fork: 'osaka', setCode: true, seed: 31 });
    const buildSeconds = (performance.now() - built) / 1000;

    let runs = 0;
    /** `trace range` here, through `proxy`, with a fresh fork cache. */
    const local = async (proxy: (typeof proxies)[number], jobs: number): Promise<Figures> => {
      const out = join(dir, `run-${++runs}`);
      const cache = join(dir, `cache-${runs}`);
      proxy.reset();
      const started = performance.now();
      const run = await runCli(
        [
          'trace',
          'range',
          `1..${head}`,
          '--tracer',
          tracerFile,
          '--node',
          proxy.url,
          '--out',
          out,
          '--jobs',
          String(jobs),
          '--chunk-size',
          '25',
        ],
        { env: { EVM_TRACER_CACHE_DIR: cache }, killAfterMs: 1_800_000 },
      );
      const seconds = (performance.now() - started) / 1000;
      if (run.status !== 0) throw new Error(`trace range failed: ${run.stderr}`);
      const entries = folderLines(out).map((line) => JSON.parse(line) as { result?: { steps?: number } });
      return { seconds, ...tally(entries), requests: proxy.requests.length, calls: proxy.requests.flat().length };
    };

    const rows: Array<[string, Figures]> = [];
    for (const [label, proxy] of [
      ['', proxies[0]],
      [`, ${latencyMs} ms away`, proxies[1]],
    ] as const) {
      for (const jobs of [1, 2]) {
        rows.push([`geth's own, ${jobs} at once${label}`, await nodeOwn(label ? proxy.url : geth.url, head, jobs)]);
        rows.push([`here, --jobs ${jobs}${label}`, await local(proxy, jobs)]);
      }
    }

    const transactions = rows[0][1].transactions;
    console.log(
      `trace range over blocks 1..${head} of geth --dev (${transactions} transactions, built in ${buildSeconds.toFixed(1)} s), a counting JS tracer; one run each`,
    );
    const width = Math.max(...rows.map(([name]) => name.length));
    console.log(`${'path'.padEnd(width)} | seconds | blocks/s | tx/s  | steps/s  | upstream requests/block (calls)`);
    for (const [name, f] of rows) {
      const requests = f.requests === undefined ? '' : `${(f.requests / head).toFixed(2)} (${(f.calls! / head).toFixed(2)})`;
      console.log(
        `${name.padEnd(width)} | ${f.seconds.toFixed(1).padStart(7)} | ${rate(head, f.seconds).padStart(8)} | ${rate(f.transactions, f.seconds).padStart(5)} | ${rate(f.steps, f.seconds).padStart(8)} | ${requests}`,
      );
    }
    const figure = (name: string) => rows.find(([row]) => row === name)![1];
    const speed = (f: Figures) => f.transactions / f.seconds;
    console.log('ratios (throughput):');
    for (const jobs of [1, 2]) {
      const here = figure(`here, --jobs ${jobs}`);
      const far = figure(`here, --jobs ${jobs}, ${latencyMs} ms away`);
      console.log(
        `  --jobs ${jobs}: here / geth's own ${(speed(here) / speed(figure(`geth's own, ${jobs} at once`))).toFixed(2)} (goal > 1); ` +
          `${latencyMs} ms / 0 ms ${(speed(far) / speed(here)).toFixed(2)} (goal >= 0.85); ` +
          `here / geth's own at ${latencyMs} ms ${(speed(far) / speed(figure(`geth's own, ${jobs} at once, ${latencyMs} ms away`))).toFixed(2)}`,
      );
    }
    if (rows.some(([, f]) => f.transactions !== transactions)) console.log('the runs traced different numbers of transactions');
  } finally {
    await Promise.all(proxies.map((proxy) => proxy.close()));
    await geth.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
