// geth's struct logger on the dev node (no tracer in the trace config): each option on a contract that reads
// and writes storage, writes memory and gets return data from a precompile; then the same transaction beside
// anvil's default trace (--steps-tracing), which must agree on pc, op, gas, gasCost, depth and stack.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { LocalNode } from '../../core/local-node-launcher';
import { anvilAvailable, startAnvil } from '../support/nodes/anvil';
import type { RunningNode } from '../support/nodes/process';
import {
  call,
  post,
  rpc,
  spawnNodeWithOutput,
  startNode,
  waitForReceipt,
  word,
  wsExchange,
  type StructLog,
  type StructLogResult,
} from './node-helpers';

// slot0 += 1; slot1 = calldata[0]; mem[0] = slot0; STATICCALL identity(mem[0..32]) -> mem[32..64];
// RETURNDATACOPY mem[64..96] <- returndata; RETURN mem[32..96].
const runtime = '600054600101600055600035600155600054600052602060206020600060045afa506020600060403e60406020f3';
// CREATE a child whose init code stores 1 in slot 0 and returns the code 0x00, then CALL it (depth 2 runs STOP).
const factory = '6e600160005560006000536001' + '6000f3' + '600052' + '600f60116000f0' + '6000600060006000600085' + '5af100';

/** Init code that deploys `code` (under 256 bytes). */
function deployer(code: string): string {
  const size = (code.length / 2).toString(16).padStart(2, '0');
  return `0x60${size}600c60003960${size}6000f3${code}`;
}

const slot = (n: number) => '0x' + n.toString(16).padStart(64, '0');

/** Deploys `code` and calls it with each word of `inputs` in turn; the last call's hash. */
async function deployAndCall(url: string, code = runtime, inputs = [42]): Promise<string> {
  const [from] = await call<string[]>(url, 'eth_accounts');
  const deploy = await call<string>(url, 'eth_sendTransaction', [{ from, data: deployer(code) }]);
  const contract = (await waitForReceipt(url, deploy)).contractAddress!;
  let hash = '';
  for (const input of inputs) {
    hash = await call<string>(url, 'eth_sendTransaction', [{ from, to: contract, data: word(input), gas: '0x30000' }]);
    assert.equal((await waitForReceipt(url, hash)).status, '0x1');
  }
  return hash;
}

describe('struct logger (no tracer)', () => {
  let node: LocalNode;
  let hash: string;
  const trace = (config?: object) => call<StructLogResult>(node.url, 'debug_traceTransaction', config ? [hash, config] : [hash]);

  before(async () => {
    node = await startNode();
    hash = await deployAndCall(node.url);
  });
  after(() => node?.stop());

  test('defaults: stack and storage, no memory or return data; the result as geth shapes it', async () => {
    const result = await trace();
    assert.equal(result.failed, false);
    assert.equal(result.returnValue, '0x' + '00'.repeat(31) + '01' + '00'.repeat(31) + '01');
    const ops = result.structLogs.map((l) => l.op);
    assert.equal(ops.length, 29);
    assert.deepEqual(ops.slice(0, 3), ['PUSH1', 'SLOAD', 'PUSH1']);
    assert.equal(ops.at(-1), 'RETURN');
    const [first, sload] = result.structLogs;
    assert.deepEqual(first, { pc: 0, op: 'PUSH1', gas: first.gas, gasCost: 3, depth: 1, stack: [] });
    assert.deepEqual(sload.stack, ['0x0']);
    assert.deepEqual(sload.storage, { [slot(0)]: slot(0) }, 'SLOAD shows the slot it reads');
    const sstores = result.structLogs.filter((l) => l.op === 'SSTORE');
    assert.deepEqual(sstores[0].storage, { [slot(0)]: slot(1) });
    assert.deepEqual(sstores[1].storage, { [slot(0)]: slot(1), [slot(1)]: slot(42) }, "the contract's touched slots so far");
    assert.ok(result.structLogs.every((l) => l.memory === undefined && l.returnData === undefined));
    assert.ok(result.structLogs.filter((l) => l.op !== 'SLOAD' && l.op !== 'SSTORE').every((l) => l.storage === undefined));
    const staticcall = result.structLogs.find((l) => l.op === 'STATICCALL')!;
    assert.ok(staticcall.gasCost > staticcall.gas / 2, 'a call costs the gas it forwards');
    assert.ok(result.gas > 21000);
  });

  test('disableStack and disableStorage drop those fields (keys matched case-insensitively)', async () => {
    const result = await trace({ DisableStack: true, disablestorage: true });
    assert.equal(result.structLogs.length, 29);
    assert.ok(result.structLogs.every((l) => l.stack === undefined && l.storage === undefined));
  });

  test('enableMemory: memory as 32-byte words, before the opcode expands it', async () => {
    const result = await trace({ enableMemory: true });
    const mstore = result.structLogs.find((l) => l.op === 'MSTORE')!;
    assert.equal(mstore.memory, undefined, 'memory is still empty at the first MSTORE');
    const afterStore = result.structLogs[result.structLogs.indexOf(mstore) + 1];
    assert.deepEqual(afterStore.memory, [slot(1)]);
    assert.deepEqual(result.structLogs.at(-1)!.memory, [slot(1), slot(1), slot(1)]);
  });

  test("enableReturnData: the frame's return data once the precompile answered", async () => {
    const result = await trace({ enableReturnData: true });
    const at = result.structLogs.findIndex((l) => l.op === 'STATICCALL');
    assert.ok(result.structLogs.slice(0, at + 1).every((l) => l.returnData === undefined));
    assert.equal(result.structLogs[at + 1].returnData, slot(1));
    assert.equal(result.structLogs.at(-1)!.returnData, slot(1));
  });

  test('limit: stops logging once the entries exceed it', async () => {
    const full = await trace();
    const result = await trace({ limit: 200 });
    assert.ok(result.structLogs.length > 1 && result.structLogs.length < 10, `${result.structLogs.length} entries`);
    assert.deepEqual(result.structLogs, full.structLogs.slice(0, result.structLogs.length));
    assert.equal(result.gas, full.gas);
  });

  test("a failing step carries geth's error; an option of the wrong type is refused, naming it", async () => {
    const [from] = await call<string[]>(node.url, 'eth_accounts');
    const failing = await call<StructLogResult>(node.url, 'debug_traceCall', [{ from, data: '0x600101' }, 'latest', {}]);
    assert.equal(failing.failed, true);
    assert.equal(failing.returnValue, '0x');
    assert.deepEqual(failing.structLogs.at(-1), {
      pc: 2,
      op: 'ADD',
      gas: failing.structLogs.at(-1)!.gas,
      gasCost: 3,
      depth: 1,
      error: 'stack underflow (1 <=> 2)',
      stack: ['0x1'],
    });
    const blank = await rpc(node.url, 'debug_traceTransaction', [hash, { tracer: '' }]);
    assert.match(blank.error?.message ?? '', /"tracer" is empty: leave it out for the struct logger/);
    assert.equal(
      (await call<StructLogResult>(node.url, 'debug_traceTransaction', [hash, { tracer: null }])).structLogs.length,
      29,
      'null is no tracer',
    );
    const reply = await rpc(node.url, 'debug_traceTransaction', [hash, { disableStack: 'yes' }]);
    assert.equal(reply.error?.code, -32602);
    assert.match(reply.error!.message, /invalid argument 1: .*"disableStack" of type bool/);
  });

  test('debug_traceBlockByNumber: one struct log per transaction', async () => {
    const receipt = await call<{ blockNumber: string }>(node.url, 'eth_getTransactionReceipt', [hash]);
    const results = await call<Array<{ txHash: string; result: StructLogResult }>>(node.url, 'debug_traceBlockByNumber', [
      receipt.blockNumber,
      { disableStack: true },
    ]);
    assert.equal(results.length, 1);
    assert.equal(results[0].txHash, hash);
    assert.equal(results[0].result.structLogs.length, 29);
  });

  test('over WebSocket and in a batch: the struct log arrives whole (its parts spliced into one message)', async () => {
    const http = await trace({ enableMemory: true });
    const request = (id: number) => ({ jsonrpc: '2.0', id, method: 'debug_traceTransaction', params: [hash, { enableMemory: true }] });
    assert.deepEqual(await wsExchange(node.wsUrl, JSON.stringify(request(3))), { jsonrpc: '2.0', id: 3, result: http });
    const batch = await post(node.url, JSON.stringify([request(4), { jsonrpc: '2.0', id: 5, method: 'eth_chainId' }, request(6)]));
    assert.deepEqual(JSON.parse(batch.text), [
      { jsonrpc: '2.0', id: 4, result: http },
      { jsonrpc: '2.0', id: 5, result: '0xa868' },
      { jsonrpc: '2.0', id: 6, result: http },
    ]);
    assert.equal(Number(batch.headers.get('content-length')), Buffer.byteLength(batch.text));
  });

  test('the CLI: trace tx --struct-logs with the logger options in --config', () => {
    const cli = (args: string[]) =>
      spawnSync(process.execPath, ['dist/cli.js', 'trace', 'tx', hash, '--node', node.url, ...args], { encoding: 'utf8' });
    const traced = cli(['--struct-logs', '--config', '{"disableStack":true,"enableMemory":true}']);
    assert.equal(traced.status, 0, traced.stderr);
    const result = JSON.parse(traced.stdout) as StructLogResult;
    assert.equal(result.structLogs.length, 29);
    assert.ok(result.structLogs.every((l) => l.stack === undefined));
    assert.deepEqual(result.structLogs.at(-1)!.memory, [slot(1), slot(1), slot(1)]);
    const both = cli(['--struct-logs', '--tracer', 'x.tracer.js']);
    assert.equal(both.status, 2, both.stderr);
    assert.match(both.stderr, /--struct-logs runs no tracer: leave out --tracer/);
  });

  test('a struct log growing past --max-response-bytes is stopped while it is built: the node never holds it', async () => {
    const node = await spawnNodeWithOutput(['--max-response-bytes', '1000000']);
    try {
      // Each turn stores a word past the end of memory: with enableMemory every entry repeats all of it.
      const grows = { '0x00000000000000000000000000000000000000aa': { code: '0x5b600159526000' + '56' } };
      const reply = await rpc(node.url, 'debug_traceCall', [
        { to: '0x00000000000000000000000000000000000000aa' },
        'latest',
        { enableMemory: true, stateOverrides: grows, timeout: '60s' },
      ]);
      assert.equal(reply.error?.code, -32003, JSON.stringify(reply).slice(0, 300));
      assert.match(reply.error!.message, /^response too large: more than 1000000 bytes/);
      const peakKb = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${node.pid}/status`, 'utf8'))![1]);
      assert.ok(peakKb < 400_000, `the node peaked at ${Math.round(peakKb / 1024)} MB`);
    } finally {
      await node.stop();
    }
  });

  test('an answer over --max-response-bytes is refused with the sizes', async () => {
    const small = await startNode(['--max-response-bytes', '2000']);
    try {
      const tx = await deployAndCall(small.url);
      const reply = await rpc(small.url, 'debug_traceTransaction', [tx]);
      assert.match(
        reply.error?.message ?? '',
        /^response too large: more than 2000 bytes, the node's limit \(--max-response-bytes\); the struct log was stopped$/,
      );
    } finally {
      await small.stop();
    }
  });
});

describe(
  'struct logger beside anvil --steps-tracing',
  { skip: anvilAvailable() ? false : 'anvil binary not installed (test/setup/nodes.mjs installs it)' },
  () => {
    let node: LocalNode;
    let anvil: RunningNode;
    before(async () => {
      [node, anvil] = await Promise.all([startNode(), startAnvil({ chainId: 43112, args: ['--steps-tracing'] })]);
    });
    after(async () => {
      await node?.stop();
      await anvil?.stop();
    });

    const cases = [
      { what: 'storage, memory and a precompile call', code: runtime, inputs: [42] },
      { what: 'a slot cleared: a refund', code: runtime, inputs: [42, 0] },
      { what: 'CREATE and a CALL into the new contract', code: factory, inputs: [0] },
    ];
    for (const { what, code, inputs } of cases) {
      test(`the same transaction (${what}): pc, op, gas, gasCost, depth, stack and refund agree`, async () => {
        const [ours, theirs] = await Promise.all(
          [node.url, anvil.url].map(async (url) => {
            const tx = await deployAndCall(url, code, inputs);
            return call<StructLogResult>(url, 'debug_traceTransaction', [tx]);
          }),
        );
        const depthRuns = ours.structLogs.map((l) => l.depth).filter((d, i, all) => i === 0 || all[i - 1] !== d);
        if (code === factory) assert.deepEqual(depthRuns, [1, 2, 1, 2, 1], 'into the init code and back, into the new code and back');
        // anvil's one departure here: a CREATE's gasCost includes the gas it hands the init code, which geth
        // (and a JS tracer's log.getCost(), which callTracerLegacy's gas arithmetic relies on) leaves out.
        const creates = ours.structLogs.flatMap((l, at) => (l.op === 'CREATE' || l.op === 'CREATE2' ? [at] : []));
        for (const at of creates) assert.equal(theirs.structLogs[at].gasCost, ours.structLogs[at].gasCost + ours.structLogs[at + 1].gas);
        // anvil writes a zero refund that geth leaves out, and shows an SSTORE's refund change only from the next
        // step on (geth's gas function for SSTORE adjusts the counter before the step is logged).
        const refund = (logs: StructLog[], at: number, sstoreLag: boolean) =>
          logs[sstoreLag && logs[at].op === 'SSTORE' ? at + 1 : at].refund ?? 0;
        const pick = (l: StructLog, at: number, logs: StructLog[]) => ({
          pc: l.pc,
          op: l.op,
          gas: l.gas,
          gasCost: creates.includes(at) ? 0 : l.gasCost,
          depth: l.depth,
          stack: l.stack,
          refund: refund(logs, at, logs === theirs.structLogs),
        });
        if (inputs.at(-1) === 0 && code === runtime) assert.equal(ours.structLogs.at(-1)!.refund, 4800, 'slot 1 cleared');
        assert.equal(ours.structLogs.length, theirs.structLogs.length);
        assert.deepEqual(ours.structLogs.map(pick), theirs.structLogs.map(pick));
        assert.equal(ours.gas, theirs.gas);
        assert.equal(ours.returnValue, theirs.returnValue);
      });
    }
  },
);
