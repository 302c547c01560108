// `evm-tracer node --genesis FILE`: a geth genesis (chain id, forks, alloc with code and storage) is the
// chain's block 0; its accounts can be read, called and traced. A malformed genesis names the bad field.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { LocalNode } from '../../core/local-node-launcher';
import { call, opcodeTracer, startNode, storeAndLogOps, storeAndLogRuntime, word } from './node-helpers';

const contract = '0x00000000000000000000000000000000000c0de0';
const rich = '0x1111111111111111111111111111111111111111';
const genesis = {
  config: {
    chainId: 1337,
    homesteadBlock: 0,
    eip150Block: 0,
    eip155Block: 0,
    eip158Block: 0,
    byzantiumBlock: 0,
    constantinopleBlock: 0,
    petersburgBlock: 0,
    istanbulBlock: 0,
    berlinBlock: 0,
    londonBlock: 0,
    mergeNetsplitBlock: 0,
    terminalTotalDifficulty: 0,
    shanghaiTime: 0,
    cancunTime: 0,
  },
  timestamp: '0x0',
  gasLimit: '0x1c9c380',
  difficulty: '0x0',
  alloc: {
    [contract.slice(2)]: { balance: '0x0', code: storeAndLogRuntime, storage: { '0x0': '0x2a' } },
    [rich]: { balance: '12345' },
  },
};

function writeTemp(name: string, value: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'genesis-')), name);
  writeFileSync(file, JSON.stringify(value));
  return file;
}

describe('node started from a geth genesis file', () => {
  let node: LocalNode;
  before(async () => (node = await startNode(['--genesis', writeTemp('genesis.json', genesis)])));
  after(() => node?.stop());

  test('block 0 holds the alloc: code, storage, balances; the chain id is the genesis one', async () => {
    assert.equal(await call(node.url, 'eth_chainId'), '0x539');
    assert.equal(await call(node.url, 'eth_blockNumber'), '0x0');
    assert.equal(await call(node.url, 'eth_getCode', [contract, '0x0']), storeAndLogRuntime);
    assert.equal(await call(node.url, 'eth_getStorageAt', [contract, '0x0', 'latest']), word(42));
    assert.equal(await call(node.url, 'eth_getBalance', [rich, 'latest']), '0x3039');
    assert.equal((await call<string[]>(node.url, 'eth_accounts')).length, 10, 'dev accounts are funded as well');
  });

  test('the genesis contract can be called, and transactions to it mined and traced', async () => {
    assert.equal(await call(node.url, 'eth_call', [{ to: contract, data: word(5) }, 'latest']), word(5));
    const [from] = await call<string[]>(node.url, 'eth_accounts');
    const hash = await call<string>(node.url, 'eth_sendTransaction', [{ from, to: contract, data: word(6) }]);
    assert.deepEqual(await call(node.url, 'debug_traceTransaction', [hash, { tracer: opcodeTracer }]), storeAndLogOps);
    assert.equal(await call(node.url, 'eth_getStorageAt', [contract, '0x0', 'latest']), word(6));
  });
});

test('a malformed genesis fails start-up naming the field', () => {
  const bad = writeTemp('bad.json', { ...genesis, alloc: { [rich]: { balance: 'lots' } } });
  const run = spawnSync(process.execPath, ['dist/cli.js', 'node', '--port', '0', '--genesis', bad], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(run.status, 1);
  assert.match(run.stderr, new RegExp(`alloc\\.${rich}\\.balance: expected a non-negative number`));
});

test('a fork block that is not a number fails start-up naming the file and the field', () => {
  const bad = writeTemp('bad-fork.json', { ...genesis, config: { ...genesis.config, londonBlock: 'x' } });
  const run = spawnSync(process.execPath, ['dist/cli.js', 'node', '--port', '0', '--genesis', bad], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(run.status, 1);
  assert.equal(run.stderr, `evm-tracer: ${bad}: config.londonBlock: expected a non-negative number (0x-hex or decimal), got "x"\n`);
});

test('a genesis holding 10 MB of code starts, and the code reads back whole', async () => {
  const code = '0x' + '5b'.repeat(10 * 1024 * 1024);
  const big = { ...genesis, alloc: { ...genesis.alloc, [contract.slice(2)]: { balance: '0x0', code } } };
  const node = await startNode(['--genesis', writeTemp('big-genesis.json', big)]);
  try {
    assert.equal((await call<string>(node.url, 'eth_getCode', [contract, 'latest'])).length, code.length);
  } finally {
    await node.stop();
  }
});
