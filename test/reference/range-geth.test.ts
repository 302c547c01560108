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
import { buildRangeChain, chainReceipts } from '../support/range-chain';
import { assertKilledRunResumes, assertNodeEntries, type NodeRange } from '../support/range-folder';
import { rangeTracers } from '../support/range-tracers';
import { startGethDev } from '../support/reference/geth';
import { referenceSkip, requireReferenceTools } from '../support/reference/tools';

const blocks = 300;

describe(`trace range over ${blocks} blocks of geth --dev`, { skip: referenceSkip() }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'evm-tracer-range-geth-'));
  const signer = devAccounts(1)[0];
  const tracers = rangeTracers(dir, 3, 310);
  let geth: RunningNode;
  const range: NodeRange = { url: '', from: 1, to: 0, chunkSize: 25, dir };
  const pids: number[] = [];

  before(async () => {
    requireReferenceTools();
    geth = await startGethDev({ withoutForks: ['bogotaTime'], fund: [signer.address], archive: true });
    pids.push(...processTree(geth.pid));
    range.url = geth.url;
    range.to = await buildRangeChain(geth.url, signer, { blocks, fork: 'osaka', setCode: true, seed: 31 });
  });

  after(async () => {
    await stopAll(pids, 'geth', geth);
    rmSync(dir, { recursive: true, force: true });
  });

  test('the chain holds every transaction type, failures, creations and blocks of several transactions', async () => {
    assert.ok(range.to >= blocks, `${range.to} blocks`);
    const chain = await chainReceipts(geth.url, range.to);
    assert.deepEqual(chain.types, ['0x0', '0x1', '0x2', '0x4']);
    assert.ok(chain.failed >= 20 && chain.creations >= 20 && chain.crowded >= 30, JSON.stringify(chain));
  });

  for (const tracer of tracers)
    test(`${tracer.name}: every transaction's line is geth's own entry, traced here and by geth`, () => assertNodeEntries(range, tracer));

  test('killed with SIGKILL mid-way, then run again: the folder of a run never interrupted', () =>
    assertKilledRunResumes(range, tracers[0].args, 5));
});
