// A range run on a fleet (`npm run bench -- fleet`): the same range of geth --dev blocks (one 7-frame call tree
// each) traced by `trace range --queue` with 1, then 2 `evm-tracer worker` processes (one job each) on one
// Redis, a JS tracer traced on each worker's local fork of geth: the span from the first chunk taken to the
// last one finished, by the jobs' own times in Redis (the workers' start-up left out). And the queue alone:
// 1,000 jobs added, taken, run doing nothing and finished, one at a time, on the same Redis. One run each.
// Goals: 2 workers at least 1.8x as fast on 2 cores; under 5 ms of queue per chunk.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue, Worker } from 'bullmq';
import { queueName, runHash } from '../core/range/fleet/run-queue';
import { parseManifest } from '../core/range/manifest';
import { devAccounts } from '../runtime/chain/dev-accounts';
import { gethBinary } from '../test/setup/reference-nodes.mjs';
import { callContracts } from '../test/support/call-contracts';
import { startGethDev } from '../test/support/reference/geth';
import { startRedis } from '../test/support/reference/redis';
import { sendSigned } from '../test/support/reference/signed-tx';
import { startCli } from '../test/support/run-cli';

const blocks = 60;
const chunkSize = 2;
const redisPassword = 'bench-only';

const countingTracer = `{
  counts: {},
  step: function (log) { var op = log.op.toString(); this.counts[op] = (this.counts[op] || 0) + 1; },
  fault: function () {},
  result: function () { return this.counts; }
}
`;

export default async function fleetBench(): Promise<void> {
  if (!existsSync(gethBinary)) {
    console.log('geth is not built (node test/setup.mjs builds it): no fleet bench');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'evm-tracer-fleet-bench-'));
  const tracer = join(dir, 'count.tracer.js');
  writeFileSync(tracer, countingTracer);
  const signer = devAccounts(1)[0];
  const geth = await startGethDev({ withoutForks: ['bogotaTime'], fund: [signer.address] });
  const redis = await startRedis(redisPassword);
  const env = { EVM_TRACER_REDIS_PASSWORD: redisPassword };
  try {
    const contracts = callContracts(signer.address);
    for (const data of contracts.deployments) await sendSigned(geth.url, signer, { data });
    const first = contracts.deployments.length + 1;
    for (let i = 0; i < blocks; i++) await sendSigned(geth.url, signer, { to: contracts.entryAddress, gas: 1_000_000n });
    const range = `${first}..${first + blocks - 1}`;

    const common = ['--node', geth.url, '--tracer', tracer, '--queue', redis.url];
    const connection = { port: redis.port, host: '127.0.0.1', password: redisPassword };
    /** From the first chunk taken to the last one finished, by the jobs' own times in Redis. */
    const spanMs = async (workers: number): Promise<number> => {
      const out = join(dir, `workers-${workers}`);
      const following = startCli(['trace', 'range', range, '--chunk-size', String(chunkSize), '--out', out, ...common], env);
      await following.shows(/^queued: /m);
      const serving = Array.from({ length: workers }, () => startCli(['worker', '--out', out, ...common], env));
      const status = await following.exit;
      for (const one of serving) one.child.kill('SIGTERM');
      await Promise.all(serving.map((one) => one.exit));
      if (status !== 0) throw new Error(`the run failed:\n${following.stderr()}`);
      const queue = new Queue(queueName(runHash(parseManifest(readFileSync(join(out, 'manifest.json'), 'utf8')))), { connection });
      try {
        const jobs = await queue.getJobs(['completed']);
        const span = Math.max(...jobs.map((job) => job.finishedOn!)) - Math.min(...jobs.map((job) => job.processedOn!));
        await queue.obliterate({ force: true });
        return span;
      } finally {
        await queue.close();
      }
    };
    /** The queue alone: jobs of the fleet's options added, taken, run (doing nothing) and finished, one at a time. */
    const queueMsPerJob = async (count: number): Promise<number> => {
      const name = 'evm-tracer-bench-empty';
      const queue = new Queue(name, { connection });
      const started = performance.now();
      let done = 0;
      const finished = new Promise<void>((resolve) => {
        const worker = new Worker(name, async () => ({}), { connection, concurrency: 1 });
        worker.on('completed', () => void (++done === count && worker.close().then(resolve)));
      });
      await queue.addBulk(Array.from({ length: count }, (_, i) => ({ name: 'chunk', data: { index: i }, opts: { jobId: `empty-${i}` } })));
      await finished;
      const ms = (performance.now() - started) / count;
      await queue.obliterate({ force: true });
      await queue.close();
      return ms;
    };

    const one = await spanMs(1);
    const two = await spanMs(2);
    const perJob = await queueMsPerJob(1000);
    const shown = (ms: number) => `${(ms / 1000).toFixed(2)} s, ${((blocks / ms) * 1000).toFixed(1)} blocks/s`;
    console.log(
      `${blocks} blocks in ${blocks / chunkSize} chunks of ${chunkSize}, a counting JS tracer traced on each worker's fork of geth --dev`,
    );
    console.log(`1 worker (--jobs 1):  ${shown(one)}`);
    console.log(`2 workers (--jobs 1): ${shown(two)}; speed-up ${(one / two).toFixed(2)}x (goal: at least 1.8x)`);
    console.log(`the queue alone: ${perJob.toFixed(2)} ms per chunk job added, taken and finished (goal: under 5 ms)`);
  } finally {
    await redis.stop();
    await geth.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
