// The example tracers in examples/, flattened as a provider gets them, run on the local runtime against one
// contract that stores, loads and calls out with a 4-byte selector.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import type { TraceJob } from '../../runtime/evm/job';
import { runTraceJob } from '../../runtime/trace/run';
import { forksThrough } from '../support/genesis-config';

const root = join(__dirname, '..', '..');
const contract = '0x00000000000000000000000000000000000000aa';
const sender = '0x00000000000000000000000000000000000000bb';
const zeroWord = '0x' + '00'.repeat(32);
// SSTORE 0x2a at 0; SLOAD 0; POP; MSTORE 0xdeadbeef<<224 at 0; CALL(0xffff, sender, 0, 0, 8, 0, 0); POP; STOP
const code = '0x602a600055' + '60005450' + '63deadbeef60e01b600052' + '6000600060086000600073' + sender.slice(2) + '61fffff1' + '5000';

function flattened(name: string): string {
  const run = spawnSync(process.execPath, [join(root, 'dist', 'cli.js'), 'flatten', join(root, 'examples', name)], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  return run.stdout.trim();
}

async function traceExample(name: string, tracerConfig?: string, contractCode = code): Promise<unknown> {
  const job: TraceJob = {
    chainConfig: forksThrough(1337, 'cancun'),
    preState: { [contract]: { code: contractCode }, [sender]: { balance: '0x1000000000000000', nonce: '0x3' } },
    block: {
      number: '5',
      timestamp: '100',
      gasLimit: '30000000',
      coinbase: '0x00000000000000000000000000000000000000cc',
      baseFeePerGas: '0',
    },
    transactions: [{ call: { from: sender, to: contract, gas: '0x30000', gasPrice: '0x0' } }],
    trace: [0],
    tracer: flattened(name),
    tracerConfig,
    timeoutMs: 10_000,
  };
  const [outcome] = await runTraceJob(job);
  assert.ok('json' in outcome, 'error' in outcome ? outcome.error : '');
  return JSON.parse(outcome.json);
}

test('opcount counts every executed opcode', async () => {
  assert.equal(await traceExample('opcount.tracer.js'), 21);
});

test('4byte counts the inner call selector with its argument size', async () => {
  assert.deepEqual(await traceExample('4byte.tracer.js'), { '0xdeadbeef-4': 1 });
});

test('call-stack records the CALL with its stack arguments', async () => {
  assert.deepEqual(await traceExample('call-stack.tracer.js'), [{ depth: 1, pc: 54, gas: '65535', to: sender, value: '0' }]);
});

test('storage records SSTORE and SLOAD with the value before', async () => {
  assert.deepEqual(await traceExample('storage.tracer.js'), [
    { op: 'SSTORE', address: contract, slot: zeroWord, before: zeroWord, value: '0x' + '00'.repeat(31) + '2a' },
    { op: 'SLOAD', address: contract, slot: zeroWord, before: '0x' + '00'.repeat(31) + '2a' },
  ]);
});

test("call tracer builds the call tree; a callee without code has gas and gasUsed, as in geth's callTracer", async () => {
  const tree = (await traceExample('call.tracer.js')) as Record<string, unknown>;
  assert.equal(tree.type, 'CALL');
  assert.equal(tree.from, sender);
  assert.equal(tree.to, contract);
  assert.equal(tree.gas, '0x30000');
  assert.deepEqual(tree.calls, [
    { type: 'CALL', from: contract, to: sender, input: '0xdeadbeef00000000', value: '0x0', gas: '0xffff', gasUsed: '0x0' },
  ]);
});

test("call tracer: a precompile call has gas and gasUsed (identity: 15 + 3 per word), as in geth's callTracer", async () => {
  const identity = '0x0000000000000000000000000000000000000004';
  const tree = (await traceExample('call.tracer.js', undefined, code.replace(sender.slice(2), identity.slice(2)))) as Record<
    string,
    unknown
  >;
  assert.deepEqual(tree.calls, [
    {
      type: 'CALL',
      from: contract,
      to: identity,
      input: '0xdeadbeef00000000',
      output: '0xdeadbeef00000000',
      value: '0x0',
      gas: '0xffff',
      gasUsed: '0x12',
    },
  ]);
});

test('prestate tracer reports touched accounts before the transaction, honouring disableStorage', async () => {
  const pre = (await traceExample('prestate.tracer.js')) as Record<string, Record<string, unknown>>;
  assert.deepEqual(pre[contract], { balance: '0x0', code, storage: { [zeroWord]: zeroWord } });
  assert.deepEqual(pre[sender], { balance: '0x1000000000000000', nonce: 3 });
  const noStorage = (await traceExample('prestate.tracer.js', '{"disableStorage":true,"disableCode":true}')) as Record<
    string,
    Record<string, unknown>
  >;
  assert.deepEqual(noStorage[contract], { balance: '0x0' });
});

test('call tracer with withLog adds the logs of each frame', async () => {
  // MSTORE8 0xaa at 0; LOG1(offset 0, size 1, topic 0x07); STOP
  const logging = '0x60aa600053' + '6007' + '60016000a1' + '00';
  const tree = (await traceExample('call.tracer.js', '{"withLog":true}', logging)) as Record<string, unknown>;
  assert.deepEqual(tree.logs, [{ address: contract, topics: ['0x' + '00'.repeat(31) + '07'], data: '0xaa', position: '0x0' }]);
  const plain = (await traceExample('call.tracer.js', undefined, logging)) as Record<string, unknown>;
  assert.equal(plain.logs, undefined);
});

test('call tracer with onlyTopCall leaves out nested calls', async () => {
  const tree = (await traceExample('call.tracer.js', '{"onlyTopCall":true}')) as Record<string, unknown>;
  assert.equal(tree.type, 'CALL');
  assert.equal(tree.calls, undefined);
});
