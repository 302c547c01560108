// `evm-tracer node --hardfork NAME` at Ethereum's early forks and under the names anvil, geth and Hardhat give
// them: Frontier (a config with no fork in it) charges a creation no more than a call, Constantinople charges
// SSTORE by EIP-1283 (geth: 21,412 gas for storing and resetting a slot, where Petersburg charges 31,012),
// and an unknown name is a usage error that lists the known ones.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { call, startNode, waitForReceipt, type MinedReceipt } from './node-helpers';

/** `PUSH1 5 PUSH1 0 SSTORE PUSH1 0 PUSH1 0 SSTORE STOP`, deployed by init code that returns it. */
const storeAndReset = '6005600055600060005500';
const storeAndResetInitcode = `0x6a${storeAndReset}600052600b6015f3`;

async function send(url: string, tx: Record<string, string>): Promise<MinedReceipt & { gasUsed: string }> {
  const [from] = await call<string[]>(url, 'eth_accounts');
  const hash = await call<string>(url, 'eth_sendTransaction', [{ from, gas: '0x100000', ...tx }]);
  return (await waitForReceipt(url, hash)) as MinedReceipt & { gasUsed: string };
}

/** Runs `check` on a fresh node started with `--hardfork NAME`, for each name. */
async function atEach<T>(cases: ReadonlyArray<readonly [string, T]>, check: (url: string, name: string, expected: T) => Promise<void>) {
  for (const [name, expected] of cases) {
    const node = await startNode(['--hardfork', name]);
    try {
      await check(node.url, name, expected);
    } finally {
      await node.stop();
    }
  }
}

test('--hardfork frontier: no fork in the chain config; a creation costs 21,000 plus its data, as a call does (Homestead: 53,000)', async () => {
  const cases: Array<[string, { forks: string[]; intrinsic: number }]> = [
    ['frontier', { forks: [], intrinsic: 21_000 }],
    ['homestead', { forks: ['homesteadBlock'], intrinsic: 53_000 }],
  ];
  await atEach(cases, async (url, name, { forks, intrinsic }) => {
    const config = await call<Record<string, unknown>>(url, 'debug_chainConfig');
    assert.deepEqual(
      Object.keys(config).filter((key) => /(Block|Time)$/.test(key)),
      forks,
    );
    // Init code STOP: one zero byte of data (4 gas), nothing deployed.
    const receipt = await send(url, { data: '0x00' });
    assert.deepEqual([receipt.status, Number(receipt.gasUsed)], ['0x1', intrinsic + 4], name);
  });
});

test('--hardfork constantinople charges SSTORE by EIP-1283: storing and resetting a slot uses 21,412 gas, as on geth (petersburg: 31,012)', async () => {
  const cases = [
    ['constantinople', 21_412],
    ['petersburg', 31_012],
  ] as const;
  await atEach(cases, async (url, name, gasUsed) => {
    const contract = (await send(url, { data: storeAndResetInitcode })).contractAddress!;
    assert.equal(await call(url, 'eth_getCode', [contract, 'latest']), `0x${storeAndReset}`);
    assert.equal(Number((await send(url, { to: contract })).gasUsed), gasUsed, name);
  });
});

test("--hardfork takes anvil's, geth's and Hardhat's spellings (Tangerine, EIP158, merge, chainstart) in any case", async () => {
  const node = await startNode(['--hardfork', 'Tangerine']);
  try {
    const config = await call<Record<string, unknown>>(node.url, 'debug_chainConfig');
    assert.deepEqual([config.eip150Block, config.eip155Block], [0, undefined]);
  } finally {
    await node.stop();
  }
  for (const name of ['EIP158', 'merge', 'ChainStart', 'DAO']) {
    const help = spawnSync(process.execPath, ['dist/cli.js', 'node', '--hardfork', name, '--port', 'x'], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    // Accepted: the usage error is the port's, not the name's.
    assert.match(help.stderr, /--port/, name);
    assert.doesNotMatch(help.stderr, /unknown --hardfork/, name);
  }
  const unknown = spawnSync(process.execPath, ['dist/cli.js', 'node', '--hardfork', 'tangerinewhistl'], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(unknown.status, 2);
  assert.match(
    unknown.stderr,
    /unknown --hardfork 'tangerinewhistl' \(known: frontier, homestead, tangerineWhistle, spuriousDragon, byzantium, .*osaka\)/,
  );
});
