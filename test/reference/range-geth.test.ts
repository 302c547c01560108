// `trace range` over 300 blocks of a real geth v1.17.5 --dev chain of mixed transactions
// (test/support/range-chain.ts: deployments, the generators' programs called and run as init code, reverts,
// out-of-gas, CREATE/CREATE2, SELFDESTRUCT, set-code transactions, every transaction type): every line is
// geth's own debug_traceBlockByNumber entry, with callTracer, prestateTracer in diffMode and three JavaScript
// tracers of the differential's generator, traced here (a local fork of geth) and by geth itself (--on node);
// and a run killed with SIGKILL mid-way, then resumed, leaves the folder of a run never interrupted.
//
// geth's dev genesis activates Bogota, which the runtime does not implement: geth runs without bogotaTime.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { devAccounts } from '../../runtime/chain/dev-accounts';
import { processTree, stopAll, type RunningNode } from '../support/nodes/process';
import { buildRangeChain } from '../support/range-chain';
import { folderFiles, folderLines, nodeLines, runStoppedAt } from '../support/range-folder';
import { comparable, rangeTracers } from '../support/range-tracers';
import { startGethDev } from '../support/reference/geth';
import { referenceSkip, requireReferenceTools } from '../support/reference/tools';
import { runCli, type CliRun } from '../support/run-cli';
import { call } from '../runtime/node-helpers';

const blocks = 300;
const chunkSize = 25;

interface Receipt {
  status: string;
  type: string;
  contractAddress: string | null;
}

describe(`trace range over ${blocks} blocks of geth --dev`, { skip: referenceSkip() }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'evm-tracer-range-geth-'));
  const signer = devAccounts(1)[0];
  const tracers = rangeTracers(dir, 3, 310);
  let geth: RunningNode;
  let head = 0;
  const pids: number[] = [];

  before(async () => {
    requireReferenceTools();
    geth = await startGethDev({ withoutForks: ['bogotaTime'], fund: [signer.address], archive: true });
    pids.push(...processTree(geth.pid));
    head = await buildRangeChain(geth.url, signer, { blocks, fork: 'osaka', setCode: true, seed: 31 });
  });

  after(async () => {
    await stopAll(pids, 'geth', geth);
    rmSync(dir, { recursive: true, force: true });
  });

  const range = (out: string, args: string[]): Promise<CliRun> =>
    runCli(['trace', 'range', `1..${head}`, '--out', out, '--node', geth.url, '--chunk-size', String(chunkSize), ...args], {
      killAfterMs: 600_000,
    });

  test('the chain holds every transaction type, failures, creations and blocks of several transactions', async () => {
    assert.ok(head >= blocks, `${head} blocks`);
    const receipts: Receipt[][] = [];
    for (let n = 1; n <= head; n++) receipts.push(await call<Receipt[]>(geth.url, 'eth_getBlockReceipts', [`0x${n.toString(16)}`]));
    const all = receipts.flat();
    assert.deepEqual([...new Set(all.map((receipt) => receipt.type))].sort(), ['0x0', '0x1', '0x2', '0x4']);
    assert.ok(all.filter((receipt) => receipt.status === '0x0').length >= 20, 'failed transactions');
    assert.ok(all.filter((receipt) => receipt.contractAddress !== null).length >= 20, 'creations');
    assert.ok(receipts.filter((block) => block.length > 1).length >= 30, 'blocks of several transactions');
  });

  for (const tracer of tracers) {
    test(`${tracer.name}: every transaction's line is geth's own entry, traced here and by geth`, async () => {
      const expected = comparable(await nodeLines(geth.url, 1, head, tracer.traceConfig));
      assert.ok(expected.filter((entry) => 'result' in (entry as object)).length > expected.length / 2, 'mostly results');
      for (const on of ['local', 'node']) {
        const out = join(dir, `${tracer.name.replaceAll(' ', '-')}-${on}`);
        const run = await range(out, [...tracer.args, '--on', on, '--jobs', '2']);
        assert.equal(run.status, 0, run.stderr);
        assert.deepEqual(comparable(folderLines(out)), expected, `--on ${on}`);
      }
    });
  }

  test('killed with SIGKILL mid-way, then run again: the folder of a run never interrupted', async () => {
    const args = tracers[0].args;
    const whole = join(dir, 'whole');
    assert.equal((await range(whole, args)).status, 0);
    const out = join(dir, 'killed');
    const command = ['trace', 'range', `1..${head}`, '--out', out, '--node', geth.url, '--chunk-size', String(chunkSize), ...args];
    const killed = await runStoppedAt(command, {}, /^chunk 5\//m, 'SIGKILL');
    assert.equal(killed.status, null);
    const resumed = await range(out, args);
    assert.equal(resumed.status, 0, resumed.stderr);
    const total = Math.ceil(head / chunkSize);
    const doneBefore = Number(/^resuming: (\d+) of \d+ chunks done before$/m.exec(resumed.stderr)?.[1]);
    assert.ok(doneBefore >= 1 && doneBefore < total, `${doneBefore} of ${total} chunks done when killed`);
    assert.deepEqual(folderFiles(out), folderFiles(whole));
  });
});
