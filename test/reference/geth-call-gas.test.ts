// A CALL-family opcode short of its dynamic gas, against geth v1.17.5 itself at London (before Prague, where
// geth charges a cold target's access before the rest and adds the parts up), forked by the local node: the
// struct logger, callTracer and a JavaScript tracer's log.getCost()/getError() must give geth's answers.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { callGasCases, callStepsTracer } from '../support/call-gas-cases';
import { processTree, stopAll, type RunningNode } from '../support/nodes/process';
import { genesisThrough, startGethAtGenesis } from '../support/reference/geth';
import { referenceSkip, requireReferenceTools } from '../support/reference/tools';
import { rpc, spawnNodeWithOutput } from '../runtime/node-helpers';

describe('a CALL short of its dynamic gas at London: as geth v1.17.5 answers', { skip: referenceSkip() }, () => {
  let geth: RunningNode & { genesisFile: string };
  let fork: Awaited<ReturnType<typeof spawnNodeWithOutput>>;
  const pids: number[] = [];
  before(async () => {
    requireReferenceTools();
    geth = await startGethAtGenesis(genesisThrough('london'));
    pids.push(...processTree(geth.pid));
    fork = await spawnNodeWithOutput(['--fork', geth.url, '--no-cache', '--chain-config', geth.genesisFile]);
    pids.push(fork.pid);
  });
  after(() => stopAll(pids, 'geth and the fork', fork, geth));

  test('each opcode, cold and warm target, value, memory, gas left: the struct logger, callTracer and a JS tracer', async () => {
    const differing: string[] = [];
    for (const { name, call, stateOverrides } of callGasCases())
      for (const config of [{ tracer: callStepsTracer }, { tracer: 'callTracer' }, { disableStack: true }]) {
        const params = [call, 'latest', { ...config, stateOverrides }];
        const [theirs, ours] = await Promise.all([geth.url, fork.url].map((url) => rpc(url, 'debug_traceCall', params)));
        if (JSON.stringify(ours) !== JSON.stringify(theirs))
          differing.push(
            `${name} ${JSON.stringify(config).slice(0, 40)}:\n  geth ${JSON.stringify(theirs).slice(0, 300)}\n  ours ${JSON.stringify(ours).slice(0, 300)}`,
          );
      }
    assert.deepEqual(differing, []);
  });
});
