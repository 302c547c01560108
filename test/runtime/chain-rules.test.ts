// The chain rules registry and the rules of a block: Ethereum's networks switch forks at geth's blocks and
// times (and at the merge by the block's difficulty, as geth decides), the C-Chains at coreth's upgrade
// times, with the Avalanche changes (no refunds from Apricot Phase 1, P256VERIFY from Granite).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { SimpleStateManager } from '@ethereumjs/statemanager';
import { avalancheCoinbase, avalancheMainnetConfig } from '../../runtime/chain/rules/avalanche';
import { mainnetConfig, sepoliaConfig } from '../../runtime/chain/rules/ethereum';
import { identifyChain, knownChain, knownChainNames, knownChains, latestRules } from '../../runtime/chain/rules/registry';
import { createChainVM } from '../../runtime/evm/chain-vm';
import { rulesFor } from '../../runtime/evm/common';
import type { TraceJob, TraceOutcome } from '../../runtime/evm/job';
import { runTraceJob } from '../../runtime/trace/run';
import { probeCase, probeRuntime } from '../support/chain-probe';

const hardfork = (config: Parameters<typeof rulesFor>[0], number: number, timestamp: number, difficulty?: bigint) =>
  rulesFor(config, { number: BigInt(number), timestamp: BigInt(timestamp), difficulty }).common.hardfork();

describe('the registry', () => {
  test('knows each chain by name and by id, and by chain id with its genesis hash', () => {
    assert.deepEqual(
      knownChains.map((chain) => [chain.name, chain.chainId]),
      [
        ['mainnet', 1],
        ['sepolia', 11155111],
        ['holesky', 17000],
        ['hoodi', 560048],
        ['avalanche', 43114],
        ['fuji', 43113],
        ['avalanche-local', 43112],
      ],
    );
    assert.equal(knownChain('Fuji')?.chainId, 43113);
    assert.equal(knownChain('43112')?.name, 'avalanche-local');
    assert.equal(knownChain('43111'), undefined);
    assert.equal(identifyChain(1, '0xD4E56740F876AEF8C010B86A40D5F56745A118D0906A34E69AEC8C0DB1CB8FA3')?.name, 'mainnet');
    // Another chain reusing the id (a dev node started with --chain-id 43114) is not the C-Chain.
    assert.equal(identifyChain(43114, '0x' + '11'.repeat(32)), undefined);
    assert.equal(identifyChain(43113, '0x31ced5b9beb7f8782b014660da0cb18cc409f121f408186886e1ca3e8eeca96b')?.name, 'fuji');
  });

  test("the extension's evmTracer.localNode.chain setting offers exactly these chains (and the plain dev chain)", () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
      contributes: { configuration: { properties: Record<string, { enum?: string[] }> } };
    };
    assert.deepEqual(manifest.contributes.configuration.properties['evmTracer.localNode.chain'].enum, ['', ...knownChainNames]);
  });

  test("a dev chain's latest rules: every fork active by now from block 0, merged from genesis", () => {
    const latest = latestRules(mainnetConfig, 1_800_000_000n);
    assert.equal(latest.chainId, 1);
    for (const key of [
      'homesteadBlock',
      'londonBlock',
      'grayGlacierBlock',
      'shanghaiTime',
      'pragueTime',
      'osakaTime',
      'bpo2Time',
      'terminalTotalDifficulty',
    ])
      assert.equal(latest[key], 0, key);
    assert.equal(hardfork(latest, 1, 1_800_000_000), 'bpo2');
    // A fork scheduled after `now` keeps its time.
    assert.equal(latestRules(mainnetConfig, 1_764_798_550n).osakaTime, 1764798551);
    assert.equal(hardfork(latestRules(avalancheMainnetConfig, 1_800_000_000n), 1, 1_800_000_000), 'cancun');
  });
});

describe("Ethereum mainnet's rules at a block", () => {
  test('block forks switch at their block numbers', () => {
    assert.equal(hardfork(mainnetConfig, 1_149_999, 0), 'chainstart');
    assert.equal(hardfork(mainnetConfig, 1_150_000, 0), 'homestead');
    assert.equal(hardfork(mainnetConfig, 12_964_999, 0), 'berlin');
    assert.equal(hardfork(mainnetConfig, 12_965_000, 0), 'london');
  });

  test('the merge is the first block with zero difficulty (geth runs such a block with PREVRANDAO)', () => {
    assert.equal(hardfork(mainnetConfig, 15_537_393, 1_663_224_162, 58_750_003_716_598_352_816_469n), 'grayGlacier');
    assert.equal(hardfork(mainnetConfig, 15_537_394, 1_663_224_179, 0n), 'paris');
    // Sepolia merged before its netsplit block.
    assert.equal(hardfork(sepoliaConfig, 1_450_409, 1_655_733_156, 0n), 'paris');
  });

  test('time forks switch at their timestamps', () => {
    assert.equal(hardfork(mainnetConfig, 17_034_870, 1_681_338_455, 0n), 'shanghai');
    assert.equal(hardfork(mainnetConfig, 19_426_587, 1_710_338_135, 0n), 'cancun');
    assert.equal(hardfork(mainnetConfig, 22_431_084, 1_746_612_310, 0n), 'cancun');
    assert.equal(hardfork(mainnetConfig, 22_431_084, 1_746_612_311, 0n), 'prague');
    assert.equal(hardfork(mainnetConfig, 23_935_694, 1_764_798_551, 0n), 'osaka');
    assert.equal(hardfork(mainnetConfig, 24_000_000, 1_767_747_671, 0n), 'bpo2');
  });

  test('a config without petersburgBlock is Petersburg from Constantinople on, as geth reads it', () => {
    assert.equal(
      hardfork(
        { chainId: 5, homesteadBlock: 0, eip150Block: 0, eip155Block: 0, eip158Block: 0, byzantiumBlock: 0, constantinopleBlock: 0 },
        1,
        0,
      ),
      'petersburg',
    );
  });
});

describe('C-Chain rules at a block (Avalanche mainnet)', () => {
  const at = (number: number, timestamp: number) =>
    rulesFor(avalancheMainnetConfig, { number: BigInt(number), timestamp: BigInt(timestamp), difficulty: 1n });
  // The VM adds its parameters (EIP-3529's quotient among them) to the rules' Common.
  const refundQuotient = async (rules: ReturnType<typeof at>) =>
    (await createChainVM(rules, new SimpleStateManager(), { coinbase: avalancheCoinbase })).common.param('maxRefundQuotient');

  test('Ethereum forks follow the Avalanche upgrades; no Prague', () => {
    assert.equal(at(1_640_339, 1_620_644_400).common.hardfork(), 'muirGlacier');
    assert.equal(at(1_640_340, 1_620_644_400).common.hardfork(), 'berlin');
    assert.equal(at(3_308_552, 1_629_813_600).common.hardfork(), 'london');
    assert.equal(at(42_000_000, 1_709_740_800).common.hardfork(), 'shanghai');
    assert.equal(at(54_000_000, 1_734_368_400).common.hardfork(), 'cancun');
    assert.equal(at(70_000_000, 1_800_000_000).common.hardfork(), 'cancun');
  });

  test('no refunds from Apricot Phase 1: the refund quotient is so large nothing is refunded', async () => {
    assert.equal(at(1, 1_617_199_199).avalanche?.apricotPhase1, false);
    assert.equal(await refundQuotient(at(1, 1_617_199_199)), 2n);
    assert.equal(at(1, 1_617_199_200).avalanche?.apricotPhase1, true);
    assert.ok((await refundQuotient(at(1, 1_617_199_200))) > 2n ** 200n);
    assert.ok((await refundQuotient(at(54_000_000, 1_800_000_000))) > 2n ** 200n, 'also after London (EIP-3529 sets 5)');
    assert.equal(await refundQuotient(rulesFor(mainnetConfig, { number: 13_000_000n, timestamp: 0n })), 5n, 'Ethereum keeps its refunds');
  });

  test('P256VERIFY from Granite', () => {
    assert.equal(at(70_000_000, 1_763_567_999).common.isActivatedEIP(7951), false);
    assert.equal(at(70_000_000, 1_763_568_000).common.isActivatedEIP(7951), true);
  });

  test('Ethereum chains have no Avalanche rules', () => {
    assert.equal(rulesFor(mainnetConfig, { number: 1n, timestamp: 0n }).avalanche, undefined);
  });
});

describe('historical C-Chain blocks whose rules cannot be reproduced fail their trace, saying why', () => {
  const probe = '0x00000000000000000000000000000000000000aa';
  const sender = '0x00000000000000000000000000000000000000bb';
  const trace = async (timestamp: number, data: string): Promise<TraceOutcome> => {
    const job: TraceJob = {
      chainConfig: avalancheMainnetConfig,
      preState: { [probe]: { code: probeRuntime, storage: { '0x1': '0x1' } }, [sender]: { balance: '0x0' } },
      block: {
        number: '0x3d0900',
        timestamp: '0x' + timestamp.toString(16),
        gasLimit: '0x7a1200',
        difficulty: '0x1',
        coinbase: avalancheCoinbase,
        baseFeePerGas: '0x5d21dba00',
      },
      transactions: [{ call: { from: sender, to: probe, data, gas: '0x100000', gasPrice: '0x0' } }],
      trace: [0],
      tracer: 'callTracer',
      timeoutMs: 60_000,
    };
    return (await runTraceJob(job))[0];
  };
  const nativeAsset = '0x0100000000000000000000000000000000000001';

  test('before Apricot Phase 1 (coreth replays those blocks with a storage-key quirk)', async () => {
    const outcome = await trace(1_617_199_199, probeCase.refund);
    assert.match('error' in outcome ? outcome.error : '', /^tracing failed: C-Chain blocks before Apricot Phase 1 are not reproduced/);
  });

  test('a live native-asset contract (Apricot Phase 2 until Banff) reads multi-coin balances', async () => {
    const outcome = await trace(1_640_000_000, probeCase.call('CALL', nativeAsset, '0x' + '00'.repeat(52)));
    assert.match(
      'error' in outcome ? outcome.error : '',
      /^tracing failed: a native-asset precompile \(0x0100…\) was called, which reads or moves Avalanche multi-coin balances/,
    );
  });

  test("a DELEGATECALL into one between coreth's invalidation date and Granite invalidates the transaction", async () => {
    const outcome = await trace(1_760_000_000, probeCase.call('DELEGATECALL', nativeAsset));
    assert.match('error' in outcome ? outcome.error : '', /which makes coreth reject the whole transaction$/);
  });

  test('after Banff the deprecated stubs revert and the trace goes on', async () => {
    const outcome = await trace(1_700_000_000, probeCase.call('CALL', nativeAsset));
    assert.ok('json' in outcome, JSON.stringify(outcome));
    const calls = (JSON.parse(outcome.json) as { calls: Array<{ error?: string; gasUsed: string }> }).calls;
    assert.deepEqual(
      calls.map((frame) => [frame.error, frame.gasUsed]),
      [['execution reverted', '0x0']],
    );
  });
});
