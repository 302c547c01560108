// `evm-tracer node --seed examples`: the example contracts deployed and one transaction of each kind mined,
// each traced with examples/call.tracer.js (flattened as a provider gets it) on the node.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, test } from 'node:test';
import type { LocalNode } from '../../core/local-node-launcher';
import type { SeedInfo } from '../../runtime/node/seed-examples';
import { call, rpc, startNode } from './node-helpers';

interface CallFrame {
  type: string;
  from: string;
  to?: string;
  input: string;
  output?: string;
  error?: string;
  gasUsed: string;
  logs?: { address: string; topics: string[]; data: string }[];
  calls?: CallFrame[];
}

let node: LocalNode;
let seed: SeedInfo;
let tracer: string;

before(async () => {
  const flatten = spawnSync(process.execPath, ['dist/cli.js', 'flatten', 'examples/call.tracer.js'], { encoding: 'utf8' });
  assert.equal(flatten.status, 0, flatten.stderr);
  tracer = flatten.stdout.trim();
  node = await startNode(['--seed', 'examples']);
  seed = await call<SeedInfo>(node.url, 'evmtracer_seedInfo');
});

after(() => node?.stop());

const address = (name: string) => seed.contracts.find((contract) => contract.name === name)!.address;
const txNamed = (title: string) => seed.transactions.find((tx) => tx.title === title)!.hash;
const trace = (title: string) =>
  call<CallFrame>(node.url, 'debug_traceTransaction', [txNamed(title), { tracer, tracerConfig: { withLog: true } }]);
const receipt = (title: string) =>
  call<{ status: string; contractAddress: string | null }>(node.url, 'eth_getTransactionReceipt', [txNamed(title)]);
const topic = (hexAddress: string) => '0x' + hexAddress.slice(2).padStart(64, '0');

test('the seed deploys every example contract and mines the example transactions, one per block', async () => {
  assert.deepEqual(
    seed.contracts.map((contract) => contract.name),
    ['ExampleToken', 'PriceOracle', 'VaultLogic', 'Vault', 'Router', 'Create2Factory', 'GasBurner', 'Child'],
  );
  for (const contract of seed.contracts) {
    assert.notEqual(await call<string>(node.url, 'eth_getCode', [contract.address, 'latest']), '0x', `${contract.name} has code`);
    assert.ok(contract.abi.length > 0, `${contract.name} has an ABI`);
  }
  assert.equal(seed.transactions.length, 12);
  assert.equal(await call<string>(node.url, 'eth_blockNumber'), '0xc');
  assert.equal((await receipt('deploy ExampleToken')).contractAddress, address('ExampleToken'));
});

test('the token transfer logs Transfer(from, to, value)', async () => {
  const [deployer, holder] = await call<string[]>(node.url, 'eth_accounts');
  const frame = await trace('token transfer with a Transfer event');
  assert.equal(frame.to, address('ExampleToken'));
  assert.equal(frame.error, undefined);
  assert.equal(frame.logs?.length, 1);
  const [log] = frame.logs!;
  assert.equal(log.address, address('ExampleToken'));
  // keccak256("Transfer(address,address,uint256)")
  assert.deepEqual(log.topics, ['0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef', topic(deployer), topic(holder)]);
  assert.equal(BigInt(log.data), 250n * 10n ** 18n);
});

test('the router call nests CALL → DELEGATECALL → STATICCALL three levels deep', async () => {
  const frame = await trace('nested CALL → DELEGATECALL → STATICCALL');
  assert.equal(frame.to, address('Router'));
  const vault = frame.calls!.at(-1)!;
  assert.deepEqual([vault.type, vault.to], ['CALL', address('Vault')]);
  const logic = vault.calls!.at(-1)!;
  assert.deepEqual([logic.type, logic.from, logic.to], ['DELEGATECALL', address('Vault'), address('VaultLogic')]);
  const oracle = logic.calls!.at(-1)!;
  // The delegated code runs as the vault: the vault is the STATICCALL's sender.
  assert.deepEqual([oracle.type, oracle.from, oracle.to], ['STATICCALL', address('Vault'), address('PriceOracle')]);
  assert.equal(BigInt(oracle.output!), 1500n);
  // route(vault, oracle, 3) returns 3 × the oracle's 1500.
  assert.equal(BigInt(frame.output!), 4500n);
});

test('the failing transfer reverts with its reason in the output', async () => {
  const frame = await trace('transfer reverting with a reason');
  assert.equal(frame.error, 'execution reverted');
  assert.equal((await receipt('transfer reverting with a reason')).status, '0x0');
  // Error(string): selector, offset, length, UTF-8 bytes.
  const output = frame.output!;
  assert.equal(output.slice(0, 10), '0x08c379a0');
  const length = Number(BigInt('0x' + output.slice(74, 138)));
  assert.equal(Buffer.from(output.slice(138, 138 + 2 * length), 'hex').toString('utf8'), 'ExampleToken: transfer amount exceeds balance');
  assert.equal(frame.logs, undefined);
});

test('the factory deploys its child with CREATE2 at the address the event names', async () => {
  const frame = await trace('CREATE2 factory deployment');
  const create = frame.calls!.find((inner) => inner.type === 'CREATE2');
  assert.ok(create, JSON.stringify(frame.calls));
  assert.equal(create.from, address('Create2Factory'));
  assert.equal(create.to, address('Child'));
  assert.equal(frame.logs?.[0].address, address('Create2Factory'));
  assert.equal('0x' + frame.logs![0].data.slice(26, 66), address('Child'));
  const owner = await call<string>(node.url, 'eth_call', [{ to: address('Child'), data: '0x8da5cb5b' }, 'latest']);
  assert.equal(owner, topic((await call<string[]>(node.url, 'eth_accounts'))[0]));
});

test('the burner call runs out of gas and fails', async () => {
  const frame = await trace('call running out of gas');
  assert.equal(frame.error, 'out of gas');
  assert.equal(BigInt(frame.gasUsed), 80_000n);
  assert.equal((await receipt('call running out of gas')).status, '0x0');
});

test('a node without --seed is empty and says so', async () => {
  const empty = await startNode();
  try {
    assert.deepEqual(await call(empty.url, 'evmtracer_seedInfo'), { seed: 'empty', contracts: [], transactions: [] });
    assert.equal(await call<string>(empty.url, 'eth_blockNumber'), '0x0');
    assert.match((await rpc(empty.url, 'evmtracer_seedInfo', [1])).error!.message, /too many arguments/);
  } finally {
    await empty.stop();
  }
});

test('--seed names its choices, and examples need CREATE2', () => {
  const node = (...args: string[]) =>
    spawnSync(process.execPath, ['dist/cli.js', 'node', '--port', '0', ...args], { encoding: 'utf8', timeout: 30_000 });
  const unknown = node('--seed', 'demo');
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /--seed must be examples or empty \(got 'demo'\)/);
  const old = node('--seed', 'examples', '--hardfork', 'byzantium');
  assert.equal(old.status, 1);
  assert.match(old.stderr, /--seed examples needs --hardfork constantinople or later/);
  const forked = node('--seed', 'examples', '--fork', 'http://127.0.0.1:1');
  assert.match(forked.stderr, /--seed examples starts a fresh chain: not with --fork/);
});
