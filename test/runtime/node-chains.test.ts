// `evm-tracer node --chain NAME|ID` and `--chain-config FILE`: a dev chain with a known chain's id and its
// latest rules. On the Avalanche local C-Chain (43112) the probe contract's transactions show coreth's rules
// (the gas figures are those the same transactions used on avalanchego v1.14.0's local network); on Ethereum
// mainnet, Osaka's. Flags that choose rules exclude each other.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createCustomCommon, Mainnet } from '@ethereumjs/common';
import { createBlob4844Tx } from '@ethereumjs/tx';
import { bytesToHex, type PrefixedHexString } from '@ethereumjs/util';
import type { LocalNode } from '../../core/local-node-launcher';
import { devAccounts } from '../../runtime/chain/dev-accounts';
import { avalancheLocalConfig } from '../../runtime/chain/rules/avalanche';
import { p256Input, probeCase, probeInitcode } from '../support/chain-probe';
import { call, rpc, startNode } from './node-helpers';

const blackhole = '0x0100000000000000000000000000000000000000';
const nativeAsset = '0x0100000000000000000000000000000000000001';
const warp = '0x0200000000000000000000000000000000000005';
const p256 = '0x0000000000000000000000000000000000000100';

interface Receipt {
  status: string;
  gasUsed: string;
  effectiveGasPrice: string;
  contractAddress: string | null;
}

/** 32-byte words of a hex output, as bigints. */
const words = (hex: string) => (hex.slice(2).match(/.{64}/g) ?? []).map((w) => BigInt('0x' + w));

/** Sends `tx` from the first dev account (gas 500,000) and returns its hash and receipt. */
async function send(url: string, tx: Record<string, string>): Promise<{ hash: string; receipt: Receipt }> {
  const [from] = await call<string[]>(url, 'eth_accounts');
  const hash = await call<string>(url, 'eth_sendTransaction', [{ from, gas: '0x7a120', ...tx }]);
  return { hash, receipt: await call<Receipt>(url, 'eth_getTransactionReceipt', [hash]) };
}

async function deployProbe(url: string): Promise<string> {
  const { receipt } = await send(url, { data: probeInitcode });
  assert.equal(receipt.status, '0x1');
  return receipt.contractAddress!;
}

describe("--chain avalanche-local: a dev C-Chain with coreth's rules (Granite)", () => {
  let node: LocalNode;
  let probe: string;
  before(async () => {
    node = await startNode(['--chain', 'avalanche-local']);
    probe = await deployProbe(node.url);
  });
  after(() => node?.stop());

  test('chain id 43112, coinbase 0x0100…0000, difficulty 1, base fee 1 wei, C-Chain config', async () => {
    assert.equal(await call(node.url, 'eth_chainId'), '0xa868');
    const block = await call<Record<string, string>>(node.url, 'eth_getBlockByNumber', ['latest', false]);
    assert.deepEqual([block.miner, block.difficulty, block.baseFeePerGas, block.gasLimit], [blackhole, '0x1', '0x1', '0x989680']);
    const config = await call<Record<string, unknown>>(node.url, 'debug_chainConfig');
    assert.equal(config.graniteTimestamp, 0);
    assert.equal(config.pragueTime, undefined, 'no Prague on the C-Chain');
  });

  test('no refunds: the refund counter fills up, gasUsed keeps it all (48,269 gas as on avalanchego)', async () => {
    const { hash, receipt } = await send(node.url, { to: probe, data: probeCase.refund });
    assert.equal(BigInt(receipt.gasUsed), 48_269n);
    const trace = await call<{ gas: number; structLogs: Array<{ refund?: number }> }>(node.url, 'debug_traceTransaction', [hash]);
    assert.equal(trace.gas, 48_269);
    assert.equal(trace.structLogs.at(-1)!.refund, 24_700, 'EIP-3529 counter: 19,900 for the reset slot + 4,800 for the cleared one');
  });

  test('the coinbase receives the whole fee, base fee included; ctx.gasPrice is the whole gas price', async () => {
    const { hash, receipt } = await send(node.url, {
      to: probe,
      data: probeCase.context,
      maxFeePerGas: '0x77359400',
      maxPriorityFeePerGas: '0x3b9aca00',
    });
    assert.equal(receipt.effectiveGasPrice, '0x3b9aca01', 'tip 1 gwei + base fee 1 wei');
    const diff = await call<{ pre: Record<string, { balance: string }>; post: Record<string, { balance: string }> }>(
      node.url,
      'debug_traceTransaction',
      [hash, { tracer: 'prestateTracer', tracerConfig: { diffMode: true } }],
    );
    assert.equal(
      BigInt(diff.post[blackhole].balance) - BigInt(diff.pre[blackhole]?.balance ?? 0),
      BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice),
    );
    const tracer = '{step: function() {}, fault: function() {}, result: function(ctx) { return ctx.gasPrice.toString(); }}';
    assert.equal(await call(node.url, 'debug_traceTransaction', [hash, { tracer }]), '1000000001');
    const output = (await call<{ output: string }>(node.url, 'debug_traceTransaction', [hash, { tracer: 'callTracer' }])).output;
    const [baseFee, randao, gasPrice, coinbase, gasLimit, , , chainId] = words(output);
    assert.deepEqual(
      [baseFee, randao, gasPrice, coinbase, gasLimit, chainId],
      [1n, 1n, 1_000_000_001n, BigInt(blackhole), 10_000_000n, 43112n],
      'PREVRANDAO gives the difficulty',
    );
  });

  test("Cancun's opcodes run (Etna); Osaka's CLZ is an invalid opcode, named as coreth names it", async () => {
    const cancun = await send(node.url, { to: probe, data: probeCase.cancun });
    assert.equal(BigInt(cancun.receipt.gasUsed), 21_374n);
    const clz = await send(node.url, { to: probe, data: probeCase.clz });
    assert.equal(clz.receipt.status, '0x0');
    assert.equal(
      (await call<{ error: string }>(node.url, 'debug_traceTransaction', [clz.hash, { tracer: 'callTracer' }])).error,
      'invalid opcode: opcode 0x1e not defined',
    );
  });

  test('P256VERIFY at 0x100 (Granite)', async () => {
    const result = await call<string>(node.url, 'eth_call', [
      { to: probe, data: probeCase.call('STATICCALL', p256, p256Input()) },
      'latest',
    ]);
    assert.deepEqual(
      words(result).filter((_, i) => i !== 1),
      [1n, 32n, 1n],
      'success, 32 bytes of return data, 1 (valid)',
    );
  });

  test('the native-asset contracts revert giving their gas back; DELEGATECALL into one reverts using all of it (Granite)', async () => {
    const called = await send(node.url, { to: probe, data: probeCase.call('CALL', nativeAsset, '0x' + '00'.repeat(52)) });
    assert.equal(BigInt(called.receipt.gasUsed), 21_695n);
    const delegated = await send(node.url, { to: probe, data: probeCase.call('DELEGATECALL', nativeAsset) });
    assert.equal(BigInt(delegated.receipt.gasUsed), 492_588n);
    const trace = await call<{ calls: Array<{ type: string; error: string; gasUsed: string; gas: string }> }>(
      node.url,
      'debug_traceTransaction',
      [delegated.hash, { tracer: 'callTracer' }],
    );
    assert.deepEqual(
      trace.calls.map((c) => [c.type, c.error, c.gasUsed === c.gas]),
      [['DELEGATECALL', 'execution reverted', true]],
    );
  });

  test('a transaction or call into the warp precompile is refused: its result cannot be reproduced', async () => {
    const [from] = await call<string[]>(node.url, 'eth_accounts');
    const data = probeCase.call('STATICCALL', warp, '0x4213cf78');
    for (const method of ['eth_sendTransaction', 'eth_call']) {
      const reply = await rpc(
        node.url,
        method,
        method === 'eth_call' ? [{ to: probe, data }, 'latest'] : [{ from, to: probe, data, gas: '0x7a120' }],
      );
      assert.match(
        reply.error?.message ?? '',
        /^this local chain cannot run the (transaction|call): the warp precompile 0x0200000000000000000000000000000000000005 was called/,
        method,
      );
    }
  });

  test('a blob transaction is refused as coreth refuses it', async () => {
    const common = createCustomCommon({ chainId: 43112 }, Mainnet, { hardfork: 'cancun', customCrypto: { kzg: {} as never } });
    const [account] = devAccounts(1);
    const tx = createBlob4844Tx(
      {
        to: probe as PrefixedHexString,
        gasLimit: 100_000n,
        maxFeePerGas: 10n ** 10n,
        maxPriorityFeePerGas: 1n,
        maxFeePerBlobGas: 1n,
        blobVersionedHashes: [`0x01${'00'.repeat(31)}`],
      },
      { common },
    ).sign(account.privateKey);
    const reply = await rpc(node.url, 'eth_sendRawTransaction', [bytesToHex(tx.serialize())]);
    assert.equal(reply.error?.message, 'transaction type not supported');
  });
});

describe("--chain mainnet: Ethereum mainnet's id and latest rules (Osaka and its blob forks)", () => {
  let node: LocalNode;
  before(async () => (node = await startNode(['--chain', 'mainnet'])));
  after(() => node?.stop());

  test("CLZ runs, a call may use more gas than EIP-7825 lets a transaction, refunds are Ethereum's", async () => {
    assert.equal(await call(node.url, 'eth_chainId'), '0x1');
    const probe = await deployProbe(node.url);
    assert.equal(
      await call(node.url, 'eth_call', [{ to: probe, data: probeCase.clz }, 'latest']),
      '0x' + (255).toString(16).padStart(64, '0'),
    );
    assert.equal(
      await call(node.url, 'eth_call', [{ to: probe, data: probeCase.clz, gas: '0x2faf080' }, 'latest']),
      '0x' + (255).toString(16).padStart(64, '0'),
    );
    const { receipt } = await send(node.url, { to: probe, data: probeCase.refund });
    assert.equal(BigInt(receipt.gasUsed), 48_269n - 48_269n / 5n, 'refund capped at a fifth of the gas used');
  });
});

describe("--chain-config FILE: a dev chain with the rules of a chain config (here coreth's, as eth_getChainConfig gives it)", () => {
  let node: LocalNode;
  before(async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'chain-config-')), 'config.json');
    writeFileSync(file, JSON.stringify({ ...avalancheLocalConfig, chainId: 99999 }));
    node = await startNode(['--chain-config', file]);
  });
  after(() => node?.stop());

  test("the config's chain id and C-Chain rules", async () => {
    assert.equal(await call(node.url, 'eth_chainId'), '0x1869f');
    const block = await call<Record<string, string>>(node.url, 'eth_getBlockByNumber', ['latest', false]);
    assert.equal(block.miner, blackhole);
  });
});

test('flags that choose the rules exclude each other; unknown chains and bad configs are usage errors', () => {
  const dir = mkdtempSync(join(tmpdir(), 'chain-config-'));
  const badConfig = join(dir, 'bad.json');
  writeFileSync(badConfig, JSON.stringify({ config: { chainId: 5, londonBlock: 'soon' } }));
  const cases: Array<[string[], RegExp]> = [
    [['--chain', 'mainnet', '--hardfork', 'prague'], /give only one of --chain, --hardfork: each sets the chain's rules/],
    [['--chain', 'fuji', '--chain-id', '5'], /--chain-id cannot be combined with --chain, which sets the chain id/],
    [['--chain', 'nope'], /unknown --chain 'nope' \(known: mainnet \(1\), sepolia \(11155111\), .*avalanche-local \(43112\)\)/],
    [['--chain', 'fuji', '--fork', 'http://127.0.0.1:1/'], /--chain starts a fresh chain: not with --fork/],
    [['--chain-config', badConfig], /--chain-config .*bad\.json: config\.londonBlock: expected a non-negative number/],
    [['--chain-config', badConfig, '--genesis', badConfig], /give only one of --chain-config, --genesis/],
    [['--fork', 'http://127.0.0.1:1/', '--chain-id', '5'], /--chain-id cannot be combined with --fork/],
  ];
  for (const [args, message] of cases) {
    const run = spawnSync(process.execPath, ['dist/cli.js', 'node', ...args], { encoding: 'utf8', timeout: 60_000 });
    assert.equal(run.status, 2, args.join(' '));
    assert.match(run.stderr, message);
  }
});
