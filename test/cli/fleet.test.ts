// A range run spread over a fleet: `trace range --queue` and three `evm-tracer worker` processes on a real
// Redis (Debian's redis-server, append-only, a password required) against geth v1.17.5 --dev reached through
// a proxy with the access key in the URL path. The folder equals a single-process run even with one worker
// killed with SIGKILL and Redis restarted mid-run; nothing secret is stored in Redis; a chunk that always
// fails ends failed with its reason in the manifest; a worker of another tracer or version, and a job that is
// not one of the run's chunks, are refused with the reason; a Redis URL holding a password is refused.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Queue } from 'bullmq';
import { queueName, runHash } from '../../core/range/fleet/run-queue';
import { parseManifest } from '../../core/range/manifest';
import { devAccounts } from '../../runtime/chain/dev-accounts';
import { accessKey, assertNoSecret } from '../access/secrets';
import { callContracts, selector } from '../support/call-contracts';
import { startLatencyProxy, type LatencyProxy } from '../support/latency-proxy';
import { processTree, stopAll, type RunningNode } from '../support/nodes/process';
import { startGethDev } from '../support/reference/geth';
import { startRedis, type RunningRedis } from '../support/reference/redis';
import { sendSigned } from '../support/reference/signed-tx';
import { referenceSkip, requireReferenceTools } from '../support/reference/tools';
import { runCli, startCli, type RunningCli } from '../support/run-cli';
import { call } from '../runtime/node-helpers';

const redisPassword = 'r3dis-Pa55-7c1e90';

/** A JS tracer with a result per transaction: opcode counts and the frames seen. */
const jsTracer = `{
  counts: {},
  frames: [],
  step: function (log) { var op = log.op.toString(); this.counts[op] = (this.counts[op] || 0) + 1; },
  enter: function (frame) { this.frames.push(frame.getType() + ' ' + frame.getGas()); },
  exit: function (result) { this.frames.push('exit ' + result.getGasUsed()); },
  fault: function (log) {},
  result: function (ctx) { return { gasUsed: ctx.gasUsed, error: ctx.error, counts: this.counts, frames: this.frames }; }
}
`;

function folderFiles(folder: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(folder)
      .sort()
      .map((name) => [name, readFileSync(join(folder, name), 'utf8')]),
  );
}

const manifestOf = (folder: string) =>
  JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')) as { chunks: Array<{ state: string; reason?: string }> };

describe('trace range --queue and evm-tracer worker on Redis against geth --dev', { skip: referenceSkip() }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'evm-tracer-fleet-'));
  const tracerFile = join(dir, 'frames.tracer.js');
  const signer = devAccounts(1)[0];
  let geth: RunningNode;
  let proxy: LatencyProxy;
  let redis: RunningRedis;
  let head = 0;
  const pids: number[] = [];
  const env = { NODE_KEY: accessKey, EVM_TRACER_REDIS_PASSWORD: redisPassword };
  const running: RunningCli[] = [];

  before(async () => {
    requireReferenceTools();
    writeFileSync(tracerFile, jsTracer);
    geth = await startGethDev({ withoutForks: ['bogotaTime'], fund: [signer.address] });
    pids.push(...processTree(geth.pid));
    // Each request a little late, so that chunks take long enough to be cut by a kill.
    proxy = await startLatencyProxy(geth.url, 20);
    redis = await startRedis(redisPassword);
    const contracts = callContracts(signer.address);
    const send = (tx: Parameters<typeof sendSigned>[2]) => sendSigned(geth.url, signer, tx);
    for (const data of contracts.deployments) await send({ data });
    for (let i = 0; i < 6; i++) {
      await send({ to: contracts.entryAddress, gas: 1_000_000n });
      await send({ to: contracts.reverterAddress, data: selector, gas: 100_000n });
      await send({ to: '0x000000000000000000000000000000000000dead', value: 1n, gas: 21_000n });
    }
    head = Number(await call<string>(geth.url, 'eth_blockNumber'));
  });

  after(async () => {
    for (const one of running) one.child.kill('SIGKILL');
    await Promise.all(running.map((one) => one.exit));
    await proxy?.close();
    await stopAll(pids, 'geth', geth, redis);
    rmSync(dir, { recursive: true, force: true });
  });

  const node = () => ['--node', `${proxy.url}/rpc`, '--key-env', 'NODE_KEY'];
  const queue = () => ['--queue', redis.url];
  const submit = (out: string, args: string[]) => {
    const one = startCli(['trace', 'range', ...args, '--out', out, ...queue(), ...node()], env);
    running.push(one);
    return one;
  };
  const worker = (out: string, args: string[] = []) => {
    const one = startCli(['worker', '--out', out, '--tracer', tracerFile, ...queue(), ...node(), ...args], env);
    running.push(one);
    return one;
  };

  const reference = join(dir, 'reference');
  let referenceRun: Promise<void> | undefined;
  /** The same range traced by one process, no queue. */
  const runReference = () =>
    (referenceRun ??= runCli(['trace', 'range', `1..${head}`, '--tracer', tracerFile, '--chunk-size', '2', '--out', reference, ...node()], {
      env,
      killAfterMs: 300_000,
    }).then((run) => assert.equal(run.status, 0, run.stderr)));

  test('three workers, one killed with SIGKILL mid-chunk and Redis restarted mid-run: the folder equals a single-process run; nothing secret in Redis', async () => {
    await runReference();
    const out = join(dir, 'fleet');
    const following = submit(out, [`1..${head}`, '--tracer', tracerFile, '--chunk-size', '2']);
    await following.shows(/^queued: \d+ of \d+ chunks on redis:\/\/127\.0\.0\.1:\d+;/m);
    const workers = [worker(out, ['--jobs', '2']), worker(out), worker(out)];
    // The first worker dies after its first chunk, with its second one (or two) under way.
    await workers[0].shows(/^chunk \d+\/\d+ \(blocks \d+\.\.\d+\): /m);
    workers[0].child.kill('SIGKILL');
    assert.equal(await workers[0].exit, null);
    await following.shows(/(^chunk \d+\/\d+ .*\n){3}/m);
    await redis.restart();
    const status = await following.exit;
    assert.equal(status, 0, following.stderr());
    assert.match(following.stderr(), /^evm-tracer: blocks 1\.\.\d+: \d+ transactions \(0 errors\) in \S+, (\d+) of \1 chunks done$/m);
    assert.deepEqual(folderFiles(out), folderFiles(reference));

    const entries = await redis.entries();
    assert.ok(entries.length > 10, `${entries.length} keys`);
    const stored = JSON.stringify(entries);
    assertNoSecret(stored, 'Redis');
    assert.ok(!stored.includes(redisPassword), 'the Redis password is not stored');
    assert.ok(stored.includes(`${proxy.url}/****/rpc`) || !stored.includes(proxy.url), 'a node URL is stored only masked');
    for (const one of [...workers.slice(1), following]) assertNoSecret(one.stderr(), 'what a fleet process printed');

    // SIGTERM: the workers finish and end with 0.
    for (const one of workers.slice(1)) one.child.kill('SIGTERM');
    assert.deepEqual(await Promise.all(workers.slice(1).map((one) => one.exit)), [0, 0]);

    // Submitted again: nothing is added twice, the run is done.
    const again = await runCli(
      ['trace', 'range', `1..${head}`, '--tracer', tracerFile, '--chunk-size', '2', '--out', out, ...queue(), ...node()],
      {
        env,
        killAfterMs: 60_000,
      },
    );
    assert.equal(again.status, 0, again.stderr);
    assert.match(again.stderr, /^resuming: (\d+) of \1 chunks done before$/m);
    assert.deepEqual(folderFiles(out), folderFiles(reference));
  });

  test('--max-requests-per-second holds for the fleet: the upstream sees at most that many requests a second from three workers', async () => {
    const out = join(dir, 'limited');
    const limit = 8;
    const following = submit(out, [`1..${head}`, '--tracer', tracerFile, '--chunk-size', '3', '--max-requests-per-second', String(limit)]);
    await following.shows(/^queued: /m);
    proxy.reset();
    const workers = [worker(out), worker(out), worker(out)];
    assert.equal(await following.exit, 0, following.stderr());
    for (const one of workers) one.child.kill('SIGTERM');
    assert.deepEqual(await Promise.all(workers.map((one) => one.exit)), [0, 0, 0]);
    const times = [...proxy.arrivals];
    const seconds = (times.at(-1)! - times[0]) / 1000;
    assert.ok(times.length > 4 * limit, `${times.length} requests`);
    // Counted per second of Redis's clock: any 2 s here span at most 3 such seconds, and a little jitter (each
    // worker's one eth_chainId at start goes straight to the node); without the limit these workers send 70.
    const busiest = Math.max(...times.map((start) => times.filter((time) => time >= start && time < start + 2000).length));
    assert.ok(busiest <= 4 * limit, `${busiest} requests within 2 s`);
    assert.ok(times.length <= limit * (seconds + 2), `${times.length} requests in ${seconds.toFixed(1)} s`);
  });

  test('a chunk that always fails ends failed after its attempts, with its reason in the manifest; the run ends 1', async () => {
    const out = join(dir, 'failing');
    const blockOne = (await call<{ hash: string }>(geth.url, 'eth_getBlockByNumber', ['0x1', false])).hash;
    proxy.status = (calls) =>
      calls.some((one) => one.method === 'debug_traceBlockByHash' && one.params[0] === blockOne) ? 503 : undefined;
    try {
      const following = submit(out, ['1..4', '--tracer', tracerFile, '--chunk-size', '2', '--on', 'node']);
      await following.shows(/^queued: /m);
      const serving = worker(out);
      assert.equal(await following.exit, 1, following.stderr());
      serving.child.kill('SIGTERM');
      assert.equal(await serving.exit, 0, serving.stderr());
      assert.equal(serving.stderr().match(/^chunk 1\/2 \(blocks 1\.\.2\) failed \(attempt \d\): /gm)?.length, 3, serving.stderr());
    } finally {
      proxy.status = undefined;
    }
    const [first, second] = manifestOf(out).chunks;
    assert.equal(first.state, 'failed');
    assert.match(first.reason!, /^server: HTTP 503 from http:\/\/127\.0\.0\.1:\d+\/\*\*\*\*\/rpc/);
    assert.equal(second.state, 'done');
    assert.deepEqual(Object.keys(folderFiles(out)), ['blocks-0000000003-0000000004.jsonl', 'manifest.json']);
  });

  test("a worker of another tracer or version refuses the run, a job that is not the run's chunk is refused, a password in the URL is refused", async () => {
    await runReference();
    const out = join(dir, 'refusals');
    const other = join(dir, 'other.tracer.js');
    writeFileSync(other, jsTracer.replace('gasUsed: ctx.gasUsed', 'used: ctx.gasUsed'));
    const following = submit(out, [`1..${head}`, '--tracer', tracerFile, '--chunk-size', '50']);
    await following.shows(/^queued: /m);
    following.child.kill('SIGINT');
    assert.equal(await following.exit, 130);

    const otherTracer = await runCli(['worker', '--out', out, '--tracer', other, ...queue(), ...node()], { env, killAfterMs: 60_000 });
    assert.equal(otherTracer.status, 1);
    assert.match(
      otherTracer.stderr,
      /^evm-tracer: refusing the run in \S+: its tracer is frames\.tracer\.js \(sha256 [0-9a-f]{12}…\), --tracer is other\.tracer\.js \(sha256 [0-9a-f]{12}…\)\n$/,
    );

    const older = join(dir, 'older');
    cpSync(out, older, { recursive: true });
    writeFileSync(
      join(older, 'manifest.json'),
      readFileSync(join(out, 'manifest.json'), 'utf8').replace(/"version":"[^"]+"/, '"version":"0.0.1"'),
    );
    const otherVersion = await runCli(['worker', '--out', older, '--tracer', tracerFile, ...queue(), ...node()], {
      env,
      killAfterMs: 60_000,
    });
    assert.equal(otherVersion.status, 1);
    assert.match(
      otherVersion.stderr,
      /refusing the run in \S+: it was submitted by evm-tracer 0\.0\.1, this worker is \S+: run workers of that version/,
    );

    // A job planted in the run's queue naming blocks the run does not plan: refused, nothing of it traced or written.
    const run = runHash(parseManifest(readFileSync(join(out, 'manifest.json'), 'utf8')));
    const planted = new Queue(queueName(run), { connection: { port: redis.port, host: '127.0.0.1', password: redisPassword } });
    try {
      const [real] = await planted.getJobs(['wait']);
      const hostile = await planted.add(
        'chunk',
        { ...(real.data as object), index: 0, from: 1, to: 1_000_000 },
        { jobId: 'planted', lifo: true },
      );
      const serving = await runCli(['worker', '--out', out, '--tracer', tracerFile, ...queue(), ...node()], { env, killAfterMs: 60_000 });
      assert.equal(serving.status, 1, serving.stderr);
      assert.match(serving.stderr, /^evm-tracer: refused job planted: the job's chunk is not one of the run's planned chunks$/m);
      assert.equal(await hostile.getState(), 'failed');
      assert.equal(
        (await planted.getJob('planted'))!.failedReason,
        "a worker refused the chunk: the job's chunk is not one of the run's planned chunks",
      );
    } finally {
      await planted.close();
    }
    // The run's one chunk may have been traced before the planted job was taken; nothing else is written.
    const planned = `blocks-0000000001-${String(head).padStart(10, '0')}.jsonl`;
    assert.deepEqual(
      Object.keys(folderFiles(out)).filter((name) => name !== planned),
      ['manifest.json'],
    );

    const withPassword = await runCli(
      [
        'trace',
        'range',
        '1..2',
        '--tracer',
        tracerFile,
        '--out',
        join(dir, 'never'),
        '--queue',
        `redis://:${redisPassword}@127.0.0.1:${redis.port}`,
        ...node(),
      ],
      { env },
    );
    assert.equal(withPassword.status, 2);
    assert.ok(!withPassword.stderr.includes(redisPassword), withPassword.stderr);
    assert.match(
      withPassword.stderr,
      /--queue: the URL holds a user or password, which the process list and shell history would show: give redis:\/\/HOST:PORT and the password in EVM_TRACER_REDIS_PASSWORD/,
    );
  });
});
