// `evm-tracer trace range`'s output and run control as a user runs it, against geth v1.17.5 --dev with a few
// mixed transactions (deployments, a call tree, a revert, out-of-gas) reached through a proxy with the access
// key in the URL path: Parquet chunk files read back by the real DuckDB engine equal the JSON Lines of the
// same range, and a folder of one format does not resume in the other.
//
// geth's dev genesis activates Bogota, which the runtime does not implement: geth runs without bogotaTime.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { assertNoSecret } from '../access/secrets';
import { startLatencyProxy } from '../support/latency-proxy';
import { keyEnv, startRangeChain, traceRange, type RangeChain } from '../support/range-geth';
import { referenceSkip, requireReferenceTools } from '../support/reference/tools';
import { runCli, type CliRun } from '../support/run-cli';
import { call } from '../runtime/node-helpers';

/** A JS tracer whose entry is a result with a null in it, or an error (a failed transaction). */
const jsTracer = `{
  steps: 0,
  step: function () { this.steps++; },
  fault: function () {},
  result: function (ctx) {
    if (ctx.error) throw new Error('failed: ' + ctx.error);
    return { type: ctx.type, gasUsed: ctx.gasUsed, steps: this.steps, none: null };
  }
}
`;

/** The lines of a folder's JSON Lines chunk files, in block order. */
function folderLines(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .flatMap((name) => readFileSync(join(folder, name), 'utf8').split('\n'))
    .filter((line) => line !== '');
}

/** Runs a command on a pseudo-terminal 200 columns wide (stdin, stdout and stderr a TTY); prints all it wrote. */
const onTerminal = `
import fcntl, os, pty, struct, sys, termios
pid, fd = pty.fork()
if pid == 0:
    fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack('HHHH', 40, 200, 0, 0))
    os.execv(sys.argv[1], sys.argv[1:])
out = b''
while True:
    try:
        data = os.read(fd, 65536)
    except OSError:
        break
    if not data:
        break
    out += data
sys.stdout.buffer.write(out)
sys.exit(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))
`;

/** Python with pyarrow or polars, to read a Parquet file as a data tool would; undefined when neither is there. */
function pythonReader(): string | undefined {
  for (const module of ['pyarrow', 'polars']) if (spawnSync('python3', ['-c', `import ${module}`]).status === 0) return module;
  return undefined;
}

describe('trace range output and run control against geth --dev', { skip: referenceSkip() }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'evm-tracer-range-out-'));
  const tracerFile = join(dir, 'outcome.tracer.js');
  let chain: RangeChain;
  let duck: DuckDBConnection;
  let head = 0;

  before(async () => {
    requireReferenceTools();
    writeFileSync(tracerFile, jsTracer);
    chain = await startRangeChain();
    await chain.send({ to: '0x000000000000000000000000000000000000dead', value: 1n, gas: 21_000n });
    head = Number(await call<string>(chain.geth.url, 'eth_blockNumber'));
    duck = await (await DuckDBInstance.create(':memory:')).connect();
  });

  after(async () => {
    duck?.closeSync();
    await chain?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const range = (out: string, args: string[]) => traceRange(chain.proxy, out, args);

  const rows = async (sql: string) => (await duck.runAndReadAll(sql)).getRowObjectsJS();

  const jsonl = join(dir, 'jsonl');
  const rangeArgs = () => [`1..${head}`, '--tracer', tracerFile, '--chunk-size', '3', '--on', 'node'];
  /** The JS tracer over every block as JSON Lines, in chunks of 3 (once, for the tests that compare with it). */
  let wholeRun: Promise<CliRun> | undefined;
  async function wholeLines(): Promise<string[]> {
    const run = await (wholeRun ??= range(jsonl, rangeArgs()));
    assert.equal(run.status, 0, run.stderr);
    return folderLines(jsonl);
  }

  test('Parquet chunk files, read back by DuckDB, hold the JSON Lines of the same range; a folder does not resume in the other format', async () => {
    const parquet = join(dir, 'parquet');
    const args = rangeArgs();
    const lines = await wholeLines();
    const run = await range(parquet, [...args, '--format', 'parquet']);
    assert.equal(run.status, 0, run.stderr);
    for (const outcome of [/"error":"Error: failed: execution reverted/, /"result":\{"type":"CALL",.*"none":null\}/])
      assert.ok(
        lines.some((line) => outcome.test(line)),
        String(outcome),
      );
    const chunkFiles = readdirSync(parquet).filter((name) => name !== 'manifest.json');
    assert.equal(chunkFiles.length, Math.ceil(head / 3));
    assert.ok(
      chunkFiles.every((name) => /^blocks-\d{10}-\d{10}\.parquet$/.test(name)),
      chunkFiles.join(' '),
    );
    const manifest = JSON.parse(readFileSync(join(parquet, 'manifest.json'), 'utf8')) as { fileFormat: string };
    assert.equal(manifest.fileFormat, 'parquet');

    const columns = await rows(`DESCRIBE SELECT * FROM read_parquet('${parquet}/*.parquet')`);
    assert.deepEqual(
      columns.map((column) => `${String(column.column_name)} ${String(column.column_type)}`),
      ['block_number BIGINT', 'block_hash VARCHAR', 'tx_index INTEGER', 'tx_hash VARCHAR', 'result VARCHAR', 'error VARCHAR'],
    );
    const read = await rows(`SELECT * FROM read_parquet('${parquet}/*.parquet') ORDER BY block_number, tx_index`);
    assert.deepEqual(
      read.map((row) => ({
        blockNumber: Number(row.block_number),
        blockHash: row.block_hash,
        txIndex: row.tx_index,
        txHash: row.tx_hash,
        ...(row.error === null ? { result: JSON.parse(String(row.result)) as unknown } : { error: row.error }),
      })),
      lines.map((line) => JSON.parse(line) as unknown),
    );
    assert.ok(
      read.every((row) => (row.result === null) !== (row.error === null)),
      'exactly one of result and error',
    );
    // DuckDB reads the JSON Lines as they are, too: the same transactions.
    const fromJson = await rows(
      `SELECT blockNumber, blockHash, txIndex, txHash, error FROM read_json('${jsonl}/*.jsonl') ORDER BY blockNumber, txIndex`,
    );
    assert.deepEqual(
      fromJson.map((row) => [Number(row.blockNumber), row.blockHash, Number(row.txIndex), row.txHash, row.error]),
      read.map((row) => [Number(row.block_number), row.block_hash, row.tx_index, row.tx_hash, row.error]),
    );

    const reformatted = join(dir, 'reformatted');
    cpSync(jsonl, reformatted, { recursive: true });
    const other = await range(reformatted, [...args, '--format', 'parquet']);
    assert.equal(other.status, 1);
    assert.match(
      other.stderr,
      /holds another range run \(another --format: jsonl there, parquet now\): give another --out, or --overwrite/,
    );
    const afresh = await range(reformatted, [...args, '--format', 'parquet', '--overwrite']);
    assert.equal(afresh.status, 0, afresh.stderr);
    assert.deepEqual(readdirSync(reformatted).sort(), readdirSync(parquet).sort());
  });

  test('--blocks FILE: the listed blocks, sorted, each once, in chunks of N of them; a bad line is named; another list is another run', async () => {
    const all = await wholeLines();
    const list = join(dir, 'blocks.txt');
    writeFileSync(list, `# some blocks\n${head}\n2..3\n3 # again\n0x5\n`);
    const out = join(dir, 'listed');
    const run = await range(out, ['--blocks', list, '--tracer', tracerFile, '--chunk-size', '2', '--on', 'node']);
    assert.equal(run.status, 0, run.stderr);
    const pad = (n: number) => String(n).padStart(10, '0');
    assert.deepEqual(readdirSync(out).sort(), [`blocks-${pad(2)}-${pad(3)}.jsonl`, `blocks-${pad(5)}-${pad(head)}.jsonl`, 'manifest.json']);
    const listed = new Set([2, 3, 5, head]);
    assert.deepEqual(
      folderLines(out),
      all.filter((line) => listed.has((JSON.parse(line) as { blockNumber: number }).blockNumber)),
    );
    assert.match(run.stderr, new RegExp(`^evm-tracer: list of 4 blocks 2\\.\\.${head} \\(sha256 [0-9a-f]{12}\\): \\d+ transactions`, 'm'));

    writeFileSync(list, `2..3\n5\n${head - 1}\n`);
    const other = await range(out, ['--blocks', list, '--tracer', tracerFile, '--chunk-size', '2', '--on', 'node']);
    assert.equal(other.status, 1);
    assert.match(
      other.stderr,
      /holds another range run \(another range: list of 4 blocks 2\.\.\d+ \(sha256 \w+\) there, list of 4 blocks 2\.\.\d+ \(sha256 \w+\) now\)/,
    );

    writeFileSync(list, '2\n4..x\n');
    const bad = await range(join(dir, 'bad-list'), ['--blocks', list, '--tracer', tracerFile]);
    assert.equal(bad.status, 2);
    assert.match(
      bad.stderr,
      /^evm-tracer trace range: \S+blocks\.txt:2: '4\.\.x' is not a block number or range: give one block number \(decimal or 0x hex\) or range a\.\.b a line, # for a comment\n/,
    );
    const both = await range(join(dir, 'bad-list'), ['1..2', '--blocks', list, '--tracer', tracerFile]);
    assert.match(both.stderr, /trace range needs FROM\.\.TO or --blocks FILE \(one of the two\)/);
    assert.equal(existsSync(join(dir, 'bad-list')), false);
  });

  /** The most requests that arrived within any one second. */
  const mostInASecond = (arrivals: number[]) =>
    Math.max(...arrivals.map((start, i) => arrivals.slice(i).filter((time) => time < start + 1000).length));

  test('--max-requests-per-second and --max-concurrent-requests hold for every request to the node: --on node, and the local fork with its workers', async () => {
    // A tracer whose db reads state the block does not touch: the trace workers read it from the upstream themselves.
    const reading = join(dir, 'reading.tracer.js');
    writeFileSync(
      reading,
      `{ n: 0, step: function (log, db) { this.n++; if (log.op.toString() === 'CALL') this.b = db.getBalance(toAddress('0x00000000000000000000000000000000000000aa')).toString(); }, fault: function () {}, result: function () { return { n: this.n, b: this.b }; } }`,
    );
    const slow = await startLatencyProxy(chain.geth.url, 40);
    try {
      for (const [on, perSecond] of [
        ['node', 10],
        ['local', 8],
      ] as const) {
        slow.reset();
        const out = join(dir, `paced-${on}`);
        const run = await runCli(
          [
            'trace',
            'range',
            `1..${head}`,
            '--tracer',
            reading,
            '--chunk-size',
            '2',
            '--jobs',
            '3',
            '--on',
            on,
            '--out',
            out,
            '--node',
            slow.url,
          ],
          { killAfterMs: 120_000, env: { EVM_TRACER_CACHE_DIR: join(dir, `cache-${on}`) } },
        );
        assert.equal(run.status, 0, run.stderr);
        assert.ok(slow.mostAtOnce >= 2, `${on}: ${slow.mostAtOnce} at once unpaced`);
        slow.reset();
        rmSync(out, { recursive: true });
        const paced = await runCli(
          [
            ...['trace', 'range', `1..${head}`, '--tracer', reading, '--chunk-size', '2', '--jobs', '3', '--on', on, '--out', out],
            ...['--node', slow.url, '--max-requests-per-second', String(perSecond), '--max-concurrent-requests', '1'],
          ],
          { killAfterMs: 120_000, env: { EVM_TRACER_CACHE_DIR: join(dir, `cache-${on}-paced`) } },
        );
        assert.equal(paced.status, 0, paced.stderr);
        const workerReads = slow.requests.filter((methods) => methods.join() === 'eth_getBalance,eth_getTransactionCount,eth_getCode');
        if (on === 'local') assert.ok(workerReads.length > 0, 'the trace workers read state of their own');
        assert.equal(slow.mostAtOnce, 1, `${on}: requests under way at once`);
        const arrivals = slow.arrivals;
        // Evenly spaced: N requests span at least (N - 1) / rate seconds (a little less for timer slack).
        assert.ok(arrivals.at(-1)! - arrivals[0] >= ((arrivals.length - 1) * 1000) / perSecond - 100, `${on}: ${arrivals.length} requests`);
        assert.ok(mostInASecond(arrivals) <= perSecond + 1, `${on}: ${mostInASecond(arrivals)} requests within a second`);
      }
    } finally {
      await slow.close();
    }
  });

  test('on a terminal: one progress line redrawn (blocks, transactions, errors, rate, requests, time left), no line per chunk', async () => {
    const lines = await wholeLines();
    const errors = lines.filter((line) => line.includes('"error":')).length;
    for (const on of ['node', 'local']) {
      const out = join(dir, `terminal-${on}`);
      const args = [
        `1..${head}`,
        '--tracer',
        tracerFile,
        '--chunk-size',
        '2',
        '--on',
        on,
        '--out',
        out,
        '--node',
        `${chain.proxy.url}/rpc`,
        '--key-env',
        'NODE_KEY',
      ];
      // Not spawnSync: the proxy answering the command runs in this process.
      const child = spawn('python3', ['-c', onTerminal, process.execPath, resolve('dist/cli.js'), 'trace', 'range', ...args], {
        env: { ...process.env, ...keyEnv, EVM_TRACER_CACHE_DIR: join(dir, `cache-terminal-${on}`) },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let shown = '';
      child.stdout.on('data', (chunk: Buffer) => (shown += chunk.toString('utf8')));
      const status = await new Promise((done) => child.on('close', done));
      assert.equal(status, 0, shown);
      assertNoSecret(shown, 'the terminal');
      assert.doesNotMatch(shown, /chunk \d+\/\d+/, 'no line per chunk');
      assert.doesNotMatch(shown, /fork: fetched/, "the fork node's counts are in the line, not printed");
      const drawn = shown.split('\r\x1b[K').slice(1);
      assert.ok(drawn.length >= 2, shown);
      for (const line of drawn)
        assert.match(
          line,
          /^blocks \d+\/\d+ \(\d+%\) · \d+ transactions? · \d+ errors? · \d+\.\d blocks\/s · \d+ requests? · (?:\d+[hms]\S* left|\? left|done)/,
        );
      const last = new RegExp(
        `^blocks ${head}/${head} \\(100%\\) · ${lines.length} transactions · ${errors} errors · \\d+\\.\\d blocks/s · (\\d+) requests · done\\r\\n` +
          `evm-tracer: blocks 1\\.\\.${head}: ${lines.length} transactions \\(${errors} errors\\) in \\S+, \\d+ of \\d+ chunks done\\r\\n$`,
      ).exec(drawn.at(-1)!);
      assert.ok(last, drawn.at(-1));
      // --on node: eth_chainId, eth_blockNumber, then two per block; locally the fork node's own requests too.
      if (on === 'node') assert.equal(Number(last[1]), 2 + 2 * head);
      else assert.ok(Number(last[1]) > 2 + head, last[1]);
    }
  });

  test('two runs into one folder at once: the second is refused, naming the first; a lock left by a killed run is taken over', async () => {
    const out = join(dir, 'locked');
    const lock = join(out, '.trace-range.lock');
    // Through a node 300 ms away, so that the first run is still running when the second starts.
    const far = await startLatencyProxy(chain.geth.url, 300);
    after(() => far.close());
    const args = [
      'trace',
      'range',
      `1..${head}`,
      '--tracer',
      tracerFile,
      '--chunk-size',
      '1',
      '--on',
      'node',
      '--out',
      out,
      '--node',
      far.url,
    ];
    const first = spawn(process.execPath, [resolve('dist/cli.js'), ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let firstErr = '';
    const firstExit = new Promise((done) => first.on('close', done));
    const started = new Promise<void>((resolve) =>
      first.stderr.on('data', (chunk: Buffer) => {
        firstErr += chunk.toString('utf8');
        if (/^chunk 1\//m.test(firstErr)) resolve();
      }),
    );
    await Promise.race([started, firstExit.then(() => assert.fail(`the first run ended before its first chunk: ${firstErr}`))]);
    const holder = JSON.parse(readFileSync(lock, 'utf8')) as { pid: number; host: string };
    assert.equal(holder.pid, first.pid);
    const second = await runCli(args);
    assert.equal(second.status, 1);
    assert.match(
      second.stderr,
      new RegExp(
        `^evm-tracer: --out \\S+locked: another trace range run is using it \\(process ${first.pid} on ${hostname()}, since \\S+\\): ` +
          `wait for it to end or give another --out; if no run is using the folder, remove \\S+locked/\\.trace-range\\.lock\\n$`,
      ),
    );
    assert.equal(await firstExit, 0, firstErr);
    assert.equal(existsSync(lock), false, 'the lock goes with its run');
    const done = readdirSync(out).sort();

    // A run killed outright leaves its lock: a process of this host that is gone.
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(lock, JSON.stringify({ pid: Number(gone.stdout), host: hostname(), since: '2026-01-01T00:00:00.000Z' }));
    const resumed = await runCli(args);
    assert.equal(resumed.status, 0, resumed.stderr);
    assert.match(resumed.stderr, /^resuming: \d+ of \d+ chunks done before$/m);
    assert.deepEqual(readdirSync(out).sort(), done);

    // A lock of a run still alive (this process) is not taken over.
    writeFileSync(lock, JSON.stringify({ pid: process.pid, host: hostname(), since: '2026-01-01T00:00:00.000Z' }));
    const refused = await runCli(args);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, new RegExp(`another trace range run is using it \\(process ${process.pid} on `));
    rmSync(lock);
  });

  const python = pythonReader();
  test(
    'a Parquet chunk file is read by Python as well',
    { skip: python ? false : 'neither pyarrow nor polars is installed for python3' },
    () => {
      const folder = join(dir, 'parquet');
      const file = join(
        folder,
        readdirSync(folder).find((name) => name.endsWith('.parquet'))!,
      );
      const script =
        python === 'pyarrow'
          ? 'import sys, pyarrow.parquet as pq; t = pq.read_table(sys.argv[1]); print(t.num_rows, ",".join(t.column_names))'
          : 'import sys, polars as pl; t = pl.read_parquet(sys.argv[1]); print(t.height, ",".join(t.columns))';
      const read = spawnSync('python3', ['-c', script, file], { encoding: 'utf8' });
      assert.equal(read.status, 0, read.stderr);
      assert.match(read.stdout, /^\d+ block_number,block_hash,tx_index,tx_hash,result,error\n$/);
    },
  );
});
