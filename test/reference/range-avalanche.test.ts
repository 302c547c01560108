// `trace range` over a range of avalanchego v1.14.0's C-Chain (a one-node local network) of mixed
// transactions (test/support/range-chain.ts, without set-code transactions, which coreth does not take): every
// line is avalanchego's own debug_traceBlockByNumber entry, with callTracer, prestateTracer in diffMode and
// three JavaScript tracers of the differential's generator, traced here (a local fork of the C-Chain, whose
// tracers run as coreth's) and by avalanchego itself (--on node); and a run killed with SIGKILL mid-way, then
// resumed, leaves the folder of a run never interrupted. avalanchego builds about a block a second: the range
// is shorter than geth's.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { processTree, stopAll } from '../support/nodes/process';
import { buildRangeChain, chainReceipts } from '../support/range-chain';
import { assertKilledRunResumes, assertNodeEntries, type NodeRange } from '../support/range-folder';
import { rangeTracers } from '../support/range-tracers';
import { startAvalanchego, type RunningAvalanchego } from '../support/reference/avalanchego';
import { ewoq } from '../support/reference/ewoq';
import { referenceSkip, requireReferenceTools } from '../support/reference/tools';

const blocks = 40;

describe(`trace range over ${blocks} blocks of avalanchego's C-Chain`, { skip: referenceSkip() }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'evm-tracer-range-avalanche-'));
  const tracers = rangeTracers(dir, 3, 410);
  let node: RunningAvalanchego;
  const range: NodeRange = { url: '', from: 1, to: 0, chunkSize: 5, dir };
  const pids: number[] = [];

  before(async () => {
    requireReferenceTools();
    node = await startAvalanchego();
    pids.push(...processTree(node.pid));
    range.url = node.cChainRpc;
    range.to = await buildRangeChain(node.cChainRpc, ewoq, { blocks, fork: 'cancun', setCode: false, seed: 43 });
  });

  after(async () => {
    await stopAll(pids, 'avalanchego', node);
    rmSync(dir, { recursive: true, force: true });
  });

  test('the chain holds the transaction types coreth takes, failures, creations and blocks of several transactions', async () => {
    assert.ok(range.to >= blocks, `${range.to} blocks`);
    const chain = await chainReceipts(node.cChainRpc, range.to);
    assert.deepEqual(chain.types, ['0x0', '0x1', '0x2']);
    assert.ok(chain.failed >= 3 && chain.creations >= 5 && chain.crowded >= 5, JSON.stringify(chain));
  });

  for (const tracer of tracers)
    test(`${tracer.name}: every transaction's line is avalanchego's own entry, traced here and by avalanchego`, () =>
      assertNodeEntries(range, tracer));

  test('killed with SIGKILL mid-way, then run again: the folder of a run never interrupted', () =>
    assertKilledRunResumes(range, tracers[0].args, 3));
});
