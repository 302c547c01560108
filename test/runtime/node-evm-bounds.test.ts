// The node's own EVM work (eth_call, eth_estimateGas, mining a sent transaction) is bounded as geth bounds it:
// a gas cap (--rpc.gascap, 50,000,000) and a time-out (--rpc.evmtimeout, 5 s), in a worker, so an endless
// loop never holds the node: other clients are answered meanwhile and SIGTERM stops it. Calls skip the EOA
// check (EIP-3607) as geth's do.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LocalNode } from '../../core/local-node-launcher';
import { processTree, stillRunning } from '../support/nodes/process';
import { call, post, rpc, spawnNodeWithOutput, startNode } from './node-helpers';

const target = '0x00000000000000000000000000000000000000aa';
/** JUMPDEST PUSH1 0 JUMP: loops until the gas runs out. */
const endless = { [target]: { code: '0x5b600056' } };
const hugeGas = '0xffffffffffffff';

/** Milliseconds `work` took. */
async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

describe('a node with no gas cap and a 1 s EVM time-out', () => {
  let node: LocalNode;
  before(async () => {
    node = await startNode(['--rpc-gas-cap', '0', '--rpc-evm-timeout', '1s']);
  });
  after(() => node?.stop());

  test("an endless call is stopped at the time-out with geth's text, and another client is answered meanwhile", async () => {
    const looping = rpc(node.url, 'eth_call', [{ to: target, gas: hugeGas }, 'latest', endless]);
    const other = await timed(() => call(node.url, 'eth_chainId'));
    assert.ok(other.ms < 500, `eth_chainId took ${Math.round(other.ms)} ms while the call looped`);
    const reply = await looping;
    assert.deepEqual(reply.error, { code: -32000, message: 'execution aborted (timeout = 1s)' });
  });

  test('a batch of looping calls leaves another client served', async () => {
    const batch = Array.from({ length: 20 }, (_, id) => ({
      jsonrpc: '2.0',
      id,
      method: 'eth_call',
      params: [{ to: target, gas: hugeGas }, 'latest', endless],
    }));
    const looping = post(node.url, JSON.stringify(batch));
    const other = await timed(() => call(node.url, 'eth_blockNumber'));
    assert.ok(other.ms < 500, `eth_blockNumber took ${Math.round(other.ms)} ms beside the batch`);
    const answers = JSON.parse((await looping).text) as Array<{ error?: { message: string } }>;
    assert.equal(answers.length, 20);
    for (const answer of answers) assert.equal(answer.error?.message, 'execution aborted (timeout = 1s)');
  });
});

describe('a node with geth’s default bounds', () => {
  let node: LocalNode;
  before(async () => {
    node = await startNode(['--accounts', '1']);
  });
  after(() => node?.stop());

  test('a call above the gas cap runs with the cap: out of gas, as geth answers it', async () => {
    const reply = await rpc(node.url, 'eth_call', [{ to: target, gas: hugeGas }, 'latest', endless]);
    assert.deepEqual(reply.error, { code: -32000, message: 'out of gas' });
  });

  test('debug_traceCall gives a call at most the gas cap; callTracer shows it', async () => {
    const tracer = { tracer: 'callTracer' };
    const capped = await call<{ gas: string }>(node.url, 'debug_traceCall', [{ to: target, gas: hugeGas }, 'latest', tracer]);
    assert.equal(capped.gas, '0x2faf080');
    const unnamed = await call<{ gas: string }>(node.url, 'debug_traceCall', [{ to: target }, 'latest', tracer]);
    assert.equal(unnamed.gas, '0x2faf080');
  });

  test('eth_estimateGas of an endless loop reports the capped allowance', async () => {
    const code = '0x5b600056';
    const deployer = (await call<string[]>(node.url, 'eth_accounts'))[0];
    // Deploy the loop (init code returning it) so that estimateGas, which takes no overrides, can call it.
    const init = '0x6004600c60003960046000f3' + code.slice(2);
    const hash = await call<string>(node.url, 'eth_sendTransaction', [{ from: deployer, data: init, gas: '0x30000' }]);
    const receipt = await call<{ contractAddress: string }>(node.url, 'eth_getTransactionReceipt', [hash]);
    const reply = await rpc(node.url, 'eth_estimateGas', [{ to: receipt.contractAddress, gas: hugeGas }]);
    assert.deepEqual(reply.error, { code: -32000, message: 'gas required exceeds allowance (50000000)' });
  });

  test('calls from a sender with code run, as geth runs them (no EIP-3607 check for calls)', async () => {
    const withCode = { [target]: { code: '0x00', balance: '0x0' } };
    assert.equal(await call(node.url, 'eth_call', [{ from: target, to: target }, 'latest', withCode]), '0x');
    const traced = await call<{ from: string; type: string }>(node.url, 'debug_traceCall', [
      { from: target, to: target },
      'latest',
      { tracer: 'callTracer', stateOverrides: withCode },
    ]);
    assert.equal(traced.from, target);
    assert.equal(traced.type, 'CALL');
  });
});

test('SIGTERM stops a node while a call loops in its worker, leaving no process behind', async () => {
  const node = await spawnNodeWithOutput(['--rpc-gas-cap', '0', '--rpc-evm-timeout', '10m']);
  const looping = rpc(node.url, 'eth_call', [{ to: target, gas: hugeGas }, 'latest', endless]).catch(() => 'gone');
  // The call is running once the node has a worker process busy with it.
  let tree: number[] = [];
  for (let tries = 0; tries < 200 && tree.length < 2; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    tree = processTree(node.pid);
  }
  assert.ok(tree.length >= 2, 'no worker started');
  const stopped = await timed(() => node.stop());
  assert.ok(stopped.ms < 5_000, `the node took ${Math.round(stopped.ms)} ms to stop`);
  assert.equal(await looping, 'gone');
  for (let tries = 0; tries < 100 && stillRunning(tree).length > 0; tries++) await new Promise((resolve) => setTimeout(resolve, 50));
  assert.deepEqual(stillRunning(tree), []);
});
