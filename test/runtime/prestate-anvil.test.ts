// prestateTracer on our local node against anvil's: the same contracts deployed and called on both (a
// call that stores and logs, a call that reverts after a write, CREATE2 of a child that self-destructs in
// the same transaction, a BALANCE of an account that does not exist), traced with and without diffMode.
// The traces must agree once the known differences are taken out (see `normalise`).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LocalNode } from '../../core/local-node-launcher';
import { anvilAvailable, startAnvil } from '../support/nodes/anvil';
import type { RunningNode } from '../support/nodes/process';
import { call, startNode, storeAndLogRuntime, waitForReceipt } from './node-helpers';

type Prestate = Record<string, { balance?: string; nonce?: number; code?: string; storage?: Record<string, string> }>;

const hex = (n: number, bytes: number) => n.toString(16).padStart(bytes * 2, '0');
/** Init code that deploys `runtime` as is. */
const deployer = (runtime: string) => `0x61${hex(runtime.length / 2, 2)}80600c6000396000f3${runtime}`;

const beneficiary = 'beef'.padStart(40, '0');
/** Child: sends its balance to 0x…beef and self-destructs; its init code returns those 22 bytes. */
const childRuntime = `73${beneficiary}ff`;
const childInit = `6016600c60003960166000f3${childRuntime}`;
/** Writes slot 1, then reverts. */
const reverterRuntime = '6007600155' + '60006000fd';
/** Calldata: the store contract's address, then the reverter's. Writes slot 2, logs, calls both, reads the balance
 * of the absent 0x…cafe, creates the child with CREATE2 (salt 0x99) carrying the call value and calls it. */
function mainRuntime(): string {
  const body = [
    '6055600255', // SSTORE(2, 0x55)
    '600160006000a1', // LOG1(0, 0, topic 1)
    '602a600052', // MSTORE(0, 42)
    '600060006020600060006000355af150', // CALL(gas, calldata[0], 0, mem[0..32], 0) ; POP
    '600060006000600060006020355af150', // CALL(gas, calldata[32], 0, -, -) ; POP
    '61cafe3150', // BALANCE(0xcafe) ; POP
  ].join('');
  // CODECOPY the child's init code from behind STOP, then CREATE2 and call the child.
  const tail = (initOffset: number) =>
    [
      `6022`,
      `61${hex(initOffset, 2)}`,
      '6000',
      '39', // CODECOPY(0, init, 34)
      '6099',
      '6022',
      '6000',
      '34',
      'f5', // CREATE2(callvalue, 0, 34, 0x99)
      '60006000600060006000',
      '85',
      '5a',
      'f1',
      '50',
      '50', // CALL(gas, child, 0, -, -) ; POP ; POP
      '00',
    ].join('');
  return body + tail(body.length / 2 + tail(0).length / 2) + childInit;
}

interface Scenario {
  url: string;
  store: string;
  reverter: string;
  main: string;
  coinbase: string;
  sender: string;
  deployMain: string;
  callMain: string;
}

/** Deploys the three contracts and calls the main one with 5 wei; returns the transaction hashes. */
async function play(url: string): Promise<Scenario> {
  const [sender] = await call<string[]>(url, 'eth_accounts');
  const send = async (tx: Record<string, string>) => {
    const hash = await call<string>(url, 'eth_sendTransaction', [{ from: sender, gas: '0x200000', ...tx }]);
    return { hash, receipt: await waitForReceipt(url, hash) };
  };
  const store = (await send({ data: deployer(storeAndLogRuntime.slice(2)) })).receipt.contractAddress!;
  const reverter = (await send({ data: deployer(reverterRuntime) })).receipt.contractAddress!;
  const main = await send({ data: deployer(mainRuntime()) });
  const word = (address: string) => address.slice(2).toLowerCase().padStart(64, '0');
  const called = await send({ to: main.receipt.contractAddress!, value: '0x5', data: `0x${word(store)}${word(reverter)}` });
  assert.equal(called.receipt.status, '0x1');
  const block = await call<{ miner: string }>(url, 'eth_getBlockByNumber', ['latest', false]);
  return {
    url,
    store: store.toLowerCase(),
    reverter: reverter.toLowerCase(),
    main: main.receipt.contractAddress!.toLowerCase(),
    coinbase: block.miner.toLowerCase(),
    sender: sender.toLowerCase(),
    deployMain: main.hash,
    callMain: called.hash,
  };
}

const trace = (s: Scenario, hash: string, tracerConfig?: object) =>
  call<unknown>(s.url, 'debug_traceTransaction', [hash, { tracer: 'prestateTracer', ...(tracerConfig ? { tracerConfig } : {}) }]);

type Side = 'ours' | 'anvil';

function isEmpty(account: Prestate[string]): boolean {
  return (
    (account.balance ?? '0x0') === '0x0' &&
    !account.nonce &&
    (account.code ?? '0x') === '0x' &&
    Object.keys(account.storage ?? {}).length === 0
  );
}

/** One side's trace with the known differences taken out (docs/differences-from-geth.md, "anvil"): the sender's and
 * coinbase's balances depend on each node's fees; only we print `codeHash` (and geth's zero code hash in
 * `post` for accounts that do not exist after the transaction); anvil keeps accounts that were empty before. */
function normalise(state: Prestate, s: Scenario, side: Side, part: 'pre' | 'post' | 'plain'): Prestate {
  const out: Prestate = {};
  for (const [address, account] of Object.entries(state)) {
    const entry: Record<string, unknown> = { ...account };
    if (side === 'ours') {
      delete entry.codeHash;
      if (Object.keys(entry).length === 0) continue;
    } else if (part !== 'post' && isEmpty(account)) continue;
    const fees = address === s.sender || address === s.coinbase;
    if (fees && entry.balance !== undefined) entry.balance = 'FEES';
    out[address === s.sender ? 'SENDER' : address === s.coinbase ? 'COINBASE' : address] = entry;
  }
  return out;
}

function comparable(result: unknown, s: Scenario, side: Side): unknown {
  const r = result as Prestate | { pre: Prestate; post: Prestate };
  if ('pre' in r && 'post' in r)
    return { pre: normalise(r.pre as Prestate, s, side, 'pre'), post: normalise(r.post as Prestate, s, side, 'post') };
  return normalise(r as Prestate, s, side, 'plain');
}

describe(
  'prestateTracer: local node and anvil agree',
  { skip: anvilAvailable() ? false : 'anvil binary not installed (test/setup/nodes.mjs installs it)' },
  () => {
    let anvil: RunningNode;
    let local: LocalNode;
    let ours: Scenario;
    let theirs: Scenario;

    before(async () => {
      [anvil, local] = await Promise.all([startAnvil({ args: ['--hardfork', 'prague'] }), startNode()]);
      [ours, theirs] = await Promise.all([play(local.url), play(anvil.url)]);
    });
    after(async () => {
      await Promise.all([anvil?.stop(), local?.stop()]);
    });

    for (const [name, config] of [
      ['prestate', undefined],
      ['diffMode', { diffMode: true }],
    ] as const) {
      test(`${name}: nested calls, revert, CREATE2, SELFDESTRUCT, logs`, async () => {
        const [a, b] = await Promise.all([trace(ours, ours.callMain, config), trace(theirs, theirs.callMain, config)]);
        assert.deepEqual(comparable(a, ours, 'ours'), comparable(b, theirs, 'anvil'));
        const slot = (n: number) => `0x${hex(n, 32)}`;
        if (config) {
          const post = (a as { post: Prestate }).post;
          assert.deepEqual(post[ours.store].storage, { [slot(0)]: slot(42) });
          assert.deepEqual(
            post[ours.main],
            { nonce: 2, storage: { [slot(2)]: slot(0x55) } },
            'CREATE2 bumped the nonce; the child was deleted',
          );
          assert.deepEqual(post[`0x${beneficiary}`], { balance: '0x5' });
          assert.deepEqual(
            post[`0x${'cafe'.padStart(40, '0')}`],
            { codeHash: `0x${'00'.repeat(32)}` },
            "geth's code hash of an absent account",
          );
          assert.equal(ours.reverter in post, false, 'the reverted write is no change');
        } else {
          const pre = a as Prestate;
          assert.deepEqual(
            [ours.store, ours.reverter, ours.main].map((c) => Object.keys(pre[c].storage ?? {})),
            [[slot(0)], [slot(1)], [slot(2)]],
          );
          assert.equal(`0x${beneficiary}` in pre, false, 'an account empty before the transaction is left out');
        }
      });
      test(`${name}: contract creation`, async () => {
        const [a, b] = await Promise.all([trace(ours, ours.deployMain, config), trace(theirs, theirs.deployMain, config)]);
        assert.deepEqual(comparable(a, ours, 'ours'), comparable(b, theirs, 'anvil'));
      });
    }
  },
);
