// How fork mode learns the upstream's rules: what the upstream says of itself (here the project's own node
// answering debug_chainConfig), else a clear start-up error naming --chain-config and --hardfork, never a
// default; a hostile upstream's answers, quoted in that error, never show the key from its URL; --hardfork
// and --chain-config replace the upstream's rules.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { LocalNode } from '../../core/local-node-launcher';
import { accessKey, assertNoSecret } from '../access/secrets';
import { startEchoNode, type EchoNode } from '../support/echo-node';
import { call, runNode, spawnNodeWithOutput, startNode, storeAndLogInitcode } from './node-helpers';

const keyPath = `/${accessKey}/ext/bc/C/rpc`;

describe("an upstream that describes itself with debug_chainConfig (the project's own node, chain id 43112 but not the C-Chain)", () => {
  let upstream: LocalNode;
  let fork: Awaited<ReturnType<typeof spawnNodeWithOutput>>;
  before(async () => {
    upstream = await startNode(['--hardfork', 'shanghai']);
    fork = await spawnNodeWithOutput(['--fork', upstream.url]);
  });
  after(async () => {
    await fork?.stop();
    await upstream?.stop();
  });

  test("the fork runs by the upstream's own config, and says where it came from", async () => {
    assert.match(fork.output(), /^fork: the upstream's rules come from the upstream's debug_chainConfig$/m);
    // What the runtime reads of it: the keys that decide no rule (terminalTotalDifficultyPassed) are not kept.
    const { terminalTotalDifficultyPassed, ...rules } = await call<Record<string, unknown>>(upstream.url, 'debug_chainConfig');
    assert.equal(terminalTotalDifficultyPassed, true);
    assert.deepEqual(await call(fork.url, 'debug_chainConfig'), rules);
    assert.equal(
      (await call<Record<string, unknown>>(fork.url, 'debug_chainConfig')).cancunTime,
      undefined,
      'Shanghai, not the Avalanche local network',
    );
    const [from] = await call<string[]>(upstream.url, 'eth_accounts');
    const hash = await call<string>(upstream.url, 'eth_sendTransaction', [{ from, data: storeAndLogInitcode }]);
    const { gasUsed } = await call<{ gasUsed: string }>(upstream.url, 'eth_getTransactionReceipt', [hash]);
    // The fork began before this block: it is the upstream's, traced on its parent state.
    assert.equal((await call<{ gasUsed: string }>(fork.url, 'debug_traceTransaction', [hash, { tracer: 'callTracer' }])).gasUsed, gasUsed);
  });
});

describe('an upstream that does not say which rules it runs', () => {
  let upstream: EchoNode;
  before(async () => (upstream = await startEchoNode()));
  after(() => upstream?.close());

  test('start-up fails with an error naming --chain-config and --hardfork', async () => {
    const run = await runNode(['--fork', upstream.httpBase + keyPath]);
    assert.equal(run.status, 1);
    assert.match(
      run.stderr,
      /cannot tell which rules the upstream chain \(chain id 43114\) runs: it is not a known chain \(by chain id and genesis hash\) and answers none of debug_chainConfig, eth_getChainConfig, anvil_nodeInfo and eth_config \(from Cancun on\); give them with --chain-config FILE \(a geth genesis or its "config"\) or --hardfork NAME/,
    );
    assertNoSecret(run.stderr + run.stdout, 'the start-up output');
  });

  test('a hostile answer quoted in the error never shows the key from the URL', async () => {
    upstream.hostile = {
      when: (c) => c.method === 'anvil_nodeInfo',
      answer: (echo) => ({ kind: 'result', value: { hardFork: `fork-of-${echo.path}` } }),
    };
    const odd = await runNode(['--fork', upstream.httpBase + keyPath]);
    assert.equal(odd.status, 1);
    assert.match(
      odd.stderr,
      /the upstream's anvil_nodeInfo names hardfork 'fork-of-\*\*\*\*', which this runtime does not know: give --hardfork NAME/,
    );
    assertNoSecret(odd.stderr + odd.stdout, 'the start-up output');
    upstream.hostile = {
      when: (c) => c.method === 'debug_chainConfig',
      answer: (echo) => ({ kind: 'result', value: { chainId: 43114, londonBlock: echo.path } }),
    };
    const bad = await runNode(['--fork', upstream.httpBase + keyPath]);
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /the upstream's debug_chainConfig answer\.londonBlock: expected a non-negative number/);
    assertNoSecret(bad.stderr + bad.stdout, 'the start-up output');
  });

  test('--hardfork NAME or --chain-config FILE give the rules instead (the chain ids must agree)', async () => {
    upstream.hostile = undefined;
    const config = join(mkdtempSync(join(tmpdir(), 'chain-config-')), 'genesis.json');
    writeFileSync(config, JSON.stringify({ config: { chainId: 43114, homesteadBlock: 0, londonBlock: 0 } }));
    for (const args of [
      ['--hardfork', 'cancun'],
      ['--chain-config', config],
    ]) {
      const node = await spawnNodeWithOutput(['--fork', upstream.httpBase + keyPath, ...args]);
      try {
        assert.match(
          node.output(),
          new RegExp(`^fork: the upstream's rules come from ${args[0] === '--hardfork' ? '--hardfork cancun' : config}$`, 'm'),
        );
      } finally {
        await node.stop();
      }
    }
    writeFileSync(config, JSON.stringify({ config: { chainId: 1, londonBlock: 0 } }));
    const mismatch = await runNode(['--fork', upstream.httpBase + keyPath, '--chain-config', config]);
    assert.equal(mismatch.status, 1);
    assert.match(mismatch.stderr, /genesis\.json: chain id 1, but the upstream's is 43114/);
  });
});
