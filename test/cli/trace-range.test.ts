// `evm-tracer trace range` as a user runs it, against geth v1.17.5 --dev with a few dozen mixed transactions
// (deployments, a call tree with every frame kind, reverts, out-of-gas, failed creations, the chain probe's
// cases, transfers, several transactions in one block), reached through a proxy with the access key in the URL
// path: the folder's lines are geth's own debug_traceBlockByNumber entries, with callTracer and a JS tracer,
// traced here (on a local fork of geth) and by geth itself (--on node); a run stopped by Ctrl-C and one killed
// with SIGKILL resume to the same files as a run never interrupted; another tracer in the folder is refused;
// links planted in the folder are never written through; a hostile or failing upstream gives per-chunk errors
// and writes nothing wrong; no secret reaches the folder or the output. And `trace block` by number or latest.
//
// geth's dev genesis activates Bogota, which the runtime does not implement: geth runs without bogotaTime.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { selector } from '../support/call-contracts';
import { probeInitcode, probeTransactions } from '../support/chain-probe';
import type { LatencyProxy, RpcAnswer, RpcCall } from '../support/latency-proxy';
import type { RunningNode } from '../support/nodes/process';
import { folderFiles, folderLines, nodeLines, runStoppedAt } from '../support/range-folder';
import { keyEnv, startRangeChain, traceRange, type RangeChain } from '../support/range-geth';
import { signTx } from '../support/reference/signed-tx';
import { referenceSkip, requireReferenceTools } from '../support/reference/tools';
import { runCli, type CliRun } from '../support/run-cli';
import { call, waitForReceipt } from '../runtime/node-helpers';

/** A JS tracer that sees steps, frames and the context: opcode counts, each frame's gas, the result's context. */
const jsTracer = `{
  counts: {},
  frames: [],
  step: function (log) { var op = log.op.toString(); this.counts[op] = (this.counts[op] || 0) + 1; },
  enter: function (frame) { this.frames.push(frame.getType() + ' ' + toHex(frame.getTo()) + ' ' + frame.getGas()); },
  exit: function (result) { this.frames.push('exit ' + result.getGasUsed() + ' ' + (result.getError() || '')); },
  fault: function (log) {},
  result: function (ctx) {
    return { type: ctx.type, block: ctx.block, txIndex: ctx.txIndex, gasUsed: ctx.gasUsed, error: ctx.error, counts: this.counts, frames: this.frames };
  }
}
`;

const hex = (n: number) => `0x${n.toString(16)}`;

interface ManifestChunk {
  from: number;
  to: number;
  file: string;
  state: string;
  transactions?: number;
  reason?: string;
}

const manifestOf = (folder: string) =>
  JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')) as { node: { url: string; chainId: number }; chunks: ManifestChunk[] };

describe('trace range against geth --dev', { skip: referenceSkip() }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'evm-tracer-range-'));
  const tracerFile = join(dir, 'frames.tracer.js');
  let chain: RangeChain;
  let geth: RunningNode;
  let proxy: LatencyProxy;
  let head = 0;
  const blockHashes: string[] = [];
  const env = keyEnv;

  before(async () => {
    requireReferenceTools();
    writeFileSync(tracerFile, jsTracer);
    chain = await startRangeChain();
    ({ geth, proxy } = chain);
    const { signer, contracts, send } = chain;
    await send({ data: '0x60006000fd', gas: 100_000n }); // a creation that reverts
    const probe = (await send({ data: probeInitcode })).contractAddress!;
    for (const tx of Object.values(probeTransactions(probe))) await send({ ...tx, gas: 500_000n });
    // Several transactions in one request, so that blocks hold more than one: later ones replay earlier ones.
    const nonce = BigInt(await call<string>(geth.url, 'eth_getTransactionCount', [signer.address, 'pending']));
    const burst = [
      { to: contracts.entryAddress, gas: 1_000_000n },
      { to: '0x000000000000000000000000000000000000dead', value: 1n, gas: 21_000n },
      { to: contracts.reverterAddress, data: selector, gas: 100_000n },
      { to: probe, data: probeTransactions(probe).refund.data, gas: 500_000n },
      { to: contracts.entryAddress, gas: 1_000_000n },
      { to: '0x000000000000000000000000000000000000beef', value: 2n, gas: 21_000n },
    ];
    const raws = await Promise.all(burst.map((tx, i) => signTx(geth.url, signer, tx, nonce + BigInt(i))));
    const batch = raws.map((raw, id) => ({ jsonrpc: '2.0', id, method: 'eth_sendRawTransaction', params: [raw] }));
    const sent = (await (
      await fetch(geth.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(batch) })
    ).json()) as Array<{ result: string }>;
    for (const { result } of sent) await waitForReceipt(geth.url, result);
    head = Number(await call<string>(geth.url, 'eth_blockNumber'));
    for (let n = 0; n <= head; n++)
      blockHashes.push((await call<{ hash: string }>(geth.url, 'eth_getBlockByNumber', [hex(n), false])).hash);
  });

  after(async () => {
    await chain?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const range = (out: string, args: string[]) => traceRange(proxy, out, args);

  /** geth's own debug_traceBlockByNumber of blocks 1..head, as the lines trace range writes. */
  const gethLines = (traceConfig: object) => nodeLines(geth.url, 1, head, traceConfig);

  const uninterrupted = join(dir, 'uninterrupted');
  /** callTracer traced here, in chunks of 3 blocks: the folder the interrupted runs must end up equal to. */
  let uninterruptedRun: Promise<CliRun> | undefined;
  const runUninterrupted = () => (uninterruptedRun ??= range(uninterrupted, [`1..${head}`, '--tracer', 'callTracer', '--chunk-size', '3']));

  test('the chain has blocks with several transactions, reverts and failures', async () => {
    const counts = await Promise.all(
      blockHashes
        .slice(1)
        .map(async (hash) => (await call<{ transactions: string[] }>(geth.url, 'eth_getBlockByHash', [hash, false])).transactions.length),
    );
    assert.ok(head >= 20, `${head} blocks`);
    assert.ok(Math.max(...counts) > 1, `transactions per block: ${counts.join(' ')}`);
  });

  test("callTracer, traced here and by geth itself: every transaction's line is geth's own entry", async () => {
    const expected = await gethLines({ tracer: 'callTracer', tracerConfig: { withLog: true } });
    assert.ok(expected.some((line) => line.includes('"error":"execution reverted"')));
    const run = await runUninterrupted();
    assert.equal(run.status, 0, run.stderr);
    const withLog = join(dir, 'call-local');
    for (const [out, on] of [
      [withLog, []],
      [join(dir, 'call-node'), ['--on', 'node']],
    ] as const) {
      const traced = await range(out, [`1..${head}`, '--tracer', 'callTracer', '--config', '{"withLog":true}', '--chunk-size', '7', ...on]);
      assert.equal(traced.status, 0, traced.stderr);
      assert.deepEqual(folderLines(out), expected, `--on ${on[1] ?? 'local'}`);
    }
    const manifest = manifestOf(withLog);
    assert.equal(manifest.node.url, `${proxy.url}/****/rpc`);
    assert.equal(manifest.node.chainId, 1337);
    assert.deepEqual(
      manifest.chunks.map(({ from, to, file, state, transactions }) => [from, to, file, state, transactions]),
      manifest.chunks.map(({ from, to }) => [
        from,
        to,
        `blocks-${String(from).padStart(10, '0')}-${String(to).padStart(10, '0')}.jsonl`,
        'done',
        expected.filter((line) => {
          const { blockNumber } = JSON.parse(line) as { blockNumber: number };
          return blockNumber >= from && blockNumber <= to;
        }).length,
      ]),
    );
    assert.equal(manifest.chunks.at(-1)!.to, head);
  });

  test("a JS tracer, traced here and by geth itself: every transaction's line is geth's own entry", async () => {
    const expected = await gethLines({ tracer: jsTracer });
    for (const on of [[], ['--on', 'node']]) {
      const out = join(dir, `js-${on.length}`);
      const traced = await range(out, [`1..${head}`, '--tracer', tracerFile, '--chunk-size', '10', '--jobs', '2', ...on]);
      assert.equal(traced.status, 0, traced.stderr);
      assert.deepEqual(folderLines(out), expected, `--on ${on[1] ?? 'local'}`);
    }
  });

  /** Starts `trace range` and sends `signal` once its stderr shows `line`; resolves with its exit. */
  const interrupted = (out: string, line: RegExp, signal: NodeJS.Signals) =>
    runStoppedAt(
      [
        'trace',
        'range',
        `1..${head}`,
        '--tracer',
        'callTracer',
        '--chunk-size',
        '3',
        '--out',
        out,
        '--node',
        `${proxy.url}/rpc`,
        '--key-env',
        'NODE_KEY',
      ],
      env,
      line,
      signal,
    );

  test('stopped by Ctrl-C, then killed with SIGKILL, then run again: the same files as a run never interrupted', async () => {
    assert.equal((await runUninterrupted()).status, 0);
    const out = join(dir, 'interrupted');
    const total = Math.ceil(head / 3);
    const stopped = await interrupted(out, /^chunk 1\/\d+ /m, 'SIGINT');
    assert.equal(stopped.status, 130, stopped.stderr);
    assert.match(stopped.stderr, /^evm-tracer: stopped: \d+ of \d+ chunks done; run the same command again to resume$/m);
    const afterStop = manifestOf(out).chunks.filter((chunk) => chunk.state === 'done').length;
    assert.ok(afterStop >= 1 && afterStop < total, `${afterStop} of ${total} done after Ctrl-C`);
    assert.deepEqual(
      Object.keys(folderFiles(out)).filter((name) => name.endsWith('.tmp')),
      [],
      'a stopped run leaves no temporary file',
    );
    const killed = await interrupted(out, new RegExp(`^chunk ${afterStop + 2}/`, 'm'), 'SIGKILL');
    assert.equal(killed.status, null);
    const afterKill = manifestOf(out).chunks.filter((chunk) => chunk.state === 'done').length;
    assert.ok(afterKill > afterStop && afterKill < total, `${afterKill} of ${total} done after SIGKILL`);
    const resumed = await range(out, [`1..${head}`, '--tracer', 'callTracer', '--chunk-size', '3']);
    assert.equal(resumed.status, 0, resumed.stderr);
    assert.match(resumed.stderr, new RegExp(`^resuming: ${afterKill} of ${total} chunks done before$`, 'm'));
    assert.equal(resumed.stderr.match(/^chunk \d+\//gm)?.length, total - afterKill, 'only the chunks not done are traced');
    assert.deepEqual(folderFiles(out), folderFiles(uninterrupted));
  });

  test('a run of another tracer in the same folder is refused, and --overwrite starts afresh', async () => {
    assert.equal((await runUninterrupted()).status, 0);
    const out = join(dir, 'other-tracer');
    cpSync(uninterrupted, out, { recursive: true });
    const before = folderFiles(out);
    const other = await range(out, [`1..${head}`, '--tracer', tracerFile, '--chunk-size', '3']);
    assert.equal(other.status, 1);
    assert.match(
      other.stderr,
      /^evm-tracer: --out \S+ holds another range run \(another tracer: callTracer there, frames\.tracer\.js \(sha256 [0-9a-f]{12}…\) now\): give another --out, or --overwrite to start afresh there\n$/,
    );
    const otherConfig = await range(out, [`1..${head}`, '--tracer', 'callTracer', '--config', '{"onlyTopCall":true}', '--chunk-size', '3']);
    assert.match(otherConfig.stderr, /another tracer config: null there, \{"onlyTopCall":true\} now/);
    assert.deepEqual(folderFiles(out), before, 'nothing changed');
    const afresh = await range(out, ['1..4', '--tracer', tracerFile, '--chunk-size', '2', '--overwrite']);
    assert.equal(afresh.status, 0, afresh.stderr);
    assert.deepEqual(Object.keys(folderFiles(out)), [
      'blocks-0000000001-0000000002.jsonl',
      'blocks-0000000003-0000000004.jsonl',
      'manifest.json',
    ]);
  });

  test('a link planted at a chunk file or as the manifest is never written through', async () => {
    assert.equal((await runUninterrupted()).status, 0);
    const out = join(dir, 'planted');
    cpSync(uninterrupted, out, { recursive: true });
    const canary = join(dir, 'canary.txt');
    writeFileSync(canary, 'canary');
    // The second chunk to run again, a link to the canary at its file's name.
    const manifest = readFileSync(join(out, 'manifest.json'), 'utf8');
    const second = manifestOf(out).chunks[1];
    writeFileSync(
      join(out, 'manifest.json'),
      manifest.replace(new RegExp(`\\{"from":${second.from},[^\\n]*\\}`), (chunk) =>
        chunk.replace(/"state":"done".*\}/, '"state":"pending"}'),
      ),
    );
    rmSync(join(out, second.file));
    symlinkSync(canary, join(out, second.file));
    const resumed = await range(out, [`1..${head}`, '--tracer', 'callTracer', '--chunk-size', '3']);
    assert.equal(resumed.status, 0, resumed.stderr);
    assert.equal(readFileSync(canary, 'utf8'), 'canary');
    assert.deepEqual(folderFiles(out), folderFiles(uninterrupted));

    rmSync(join(out, 'manifest.json'));
    symlinkSync(canary, join(out, 'manifest.json'));
    const linked = await range(out, [`1..${head}`, '--tracer', 'callTracer', '--chunk-size', '3']);
    assert.equal(linked.status, 1);
    assert.match(linked.stderr, /^evm-tracer: \S+manifest\.json: a symbolic link, which a range run never follows\n$/);
    assert.equal(readFileSync(canary, 'utf8'), 'canary');
  });

  test('a hostile node (--on node): a wrong block, missing traces, a key echoed, a huge answer: that chunk fails, nothing of it is written', async () => {
    const hostile: Record<number, (call: RpcCall, answer: RpcAnswer, path: string) => RpcAnswer> = {
      1: (call, answer, path) =>
        call.method === 'debug_traceBlockByHash' ? { ...answer, result: [{ ...(answer.result as object[])[0], result: path }] } : answer,
      3: (call, answer) =>
        call.method === 'eth_getBlockByNumber' ? { ...answer, result: { ...(answer.result as object), number: '0x4' } } : answer,
      5: (call, answer) => (call.method === 'debug_traceBlockByHash' ? { ...answer, result: [] } : answer),
      7: (call, answer) =>
        call.method === 'debug_traceBlockByHash' ? { ...answer, result: [{ txHash: '0x00', result: 'x'.repeat(2_000_000) }] } : answer,
    };
    const blockOf = (call: RpcCall) =>
      call.method === 'eth_getBlockByNumber' ? Number(call.params[0]) : blockHashes.indexOf(String(call.params[0]));
    proxy.alter = (call, answer, path) => hostile[blockOf(call)]?.(call, answer, path) ?? answer;
    const out = join(dir, 'hostile');
    let run: CliRun;
    try {
      run = await range(out, ['1..10', '--tracer', 'callTracer', '--chunk-size', '2', '--on', 'node', '--max-response', '1MB']);
    } finally {
      proxy.alter = undefined;
    }
    assert.equal(run.status, 1);
    const chunks = manifestOf(out).chunks;
    assert.deepEqual(
      chunks.map((chunk) => chunk.state),
      ['failed', 'failed', 'failed', 'failed', 'done'],
    );
    const reasons = chunks.slice(0, 4).map((chunk) => chunk.reason);
    assert.match(
      reasons[0]!,
      /^block 1 \(0x[0-9a-f]{64}\), transaction 0: the answer holds a secret of the node's URL \(its key or password\)$/,
    );
    assert.equal(reasons[1], 'block 3: the node answered block "0x4" instead');
    assert.match(reasons[2]!, /^block 5 \(0x[0-9a-f]{64}\): the trace has 0 entries for the block's 1 transactions$/);
    assert.match(reasons[3]!, /^too-large: the answer from http:\/\/127\.0\.0\.1:\d+\/\*\*\*\*\/rpc exceeds the 1 MB response limit$/);
    for (const reason of reasons) assert.ok(run.stderr.includes(`failed: ${reason}\n`), reason);
    assert.match(run.stderr, /^evm-tracer: 4 of 5 chunks failed \(first: blocks 1\.\.2: block 1 /m);
    assert.deepEqual(Object.keys(folderFiles(out)), ['blocks-0000000009-0000000010.jsonl', 'manifest.json']);
  });

  test("trace block takes a number or latest as well as a hash: geth's own debug_traceBlockByNumber", async () => {
    const node = ['--node', `${proxy.url}/rpc`, '--key-env', 'NODE_KEY'];
    for (const [typed, number] of [
      ['5', 5],
      ['latest', head],
      [blockHashes[7], 7],
    ] as const) {
      const traced = await runCli(['trace', 'block', typed, '--tracer', 'callTracer', ...node], { env });
      assert.equal(traced.status, 0, traced.stderr);
      assert.deepEqual(
        JSON.parse(traced.stdout),
        await call(geth.url, 'debug_traceBlockByNumber', [hex(number), { tracer: 'callTracer' }]),
        typed,
      );
    }
    const cut = await runCli(['trace', 'block', blockHashes[7].slice(0, 40), '--tracer', 'callTracer', ...node], { env });
    assert.equal(cut.status, 1);
    assert.equal(
      cut.stderr,
      `evm-tracer: block '${blockHashes[7].slice(0, 40)}' is neither a 0x-prefixed 32-byte hash nor a block number\n`,
    );
  });

  test('HTTP 429 and 503 are asked again with backoff; a chunk still failing after its retries is recorded, the run ends 1', async () => {
    const attempts = new Map<string, number>();
    proxy.status = (calls) => {
      const traced = calls.find((call) => call.method === 'debug_traceBlockByHash');
      if (!traced) return undefined;
      const hash = String(traced.params[0]);
      attempts.set(hash, (attempts.get(hash) ?? 0) + 1);
      // Block 1's traces always fail; block 2's are rate limited twice.
      if (hash === blockHashes[1]) return 503;
      return hash === blockHashes[2] && attempts.get(hash)! <= 2 ? 429 : undefined;
    };
    const out = join(dir, 'retried');
    let run: CliRun;
    try {
      run = await range(out, ['1..2', '--tracer', 'callTracer', '--chunk-size', '1', '--on', 'node']);
    } finally {
      proxy.status = undefined;
    }
    assert.equal(run.status, 1);
    assert.deepEqual([attempts.get(blockHashes[1]), attempts.get(blockHashes[2])], [4, 3]);
    const [first, second] = manifestOf(out).chunks;
    assert.equal(first.state, 'failed');
    assert.match(first.reason!, /^server: HTTP 503 from http:\/\/127\.0\.0\.1:\d+\/\*\*\*\*\/rpc/);
    assert.equal(second.state, 'done');
    assert.deepEqual(Object.keys(folderFiles(out)), ['blocks-0000000002-0000000002.jsonl', 'manifest.json']);
  });
});
