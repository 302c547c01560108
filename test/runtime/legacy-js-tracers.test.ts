// geth's named JS tracers by name on a small contract: A stores a selector, CALLs B with 8 bytes of it, and
// B adds 1 + 2 and returns the word; the call into A carries selector 0x12345678 and one word.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { TraceJob } from '../../runtime/evm/job';
import { runTraceJob } from '../../runtime/trace/run';
import { forksThrough } from '../support/genesis-config';

const A = '0x00000000000000000000000000000000000000aa';
const B = '0x00000000000000000000000000000000000000bb';
// PUSH4 deadbeef PUSH1 e0 SHL PUSH1 0 MSTORE; CALL(gas, 0xbb, 0, in 0..8, out 0..32); STOP
const codeA = '0x63deadbeef60e01b60005260206000600860006000' + '60bb5af100';
// PUSH1 1 PUSH1 2 ADD PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN
const codeB = '0x600160020160005260206000f3';

async function run(tracer: string) {
  const job: TraceJob = {
    chainConfig: forksThrough(1, 'london'),
    preState: { [A]: { code: codeA, balance: '0x0' }, [B]: { code: codeB, balance: '0x0' } },
    block: {
      number: '1',
      timestamp: '1',
      gasLimit: '30000000',
      coinbase: '0x0000000000000000000000000000000000000000',
      baseFeePerGas: '0',
    },
    transactions: [
      { call: { from: '0x00000000000000000000000000000000000000cc', to: A, input: '0x12345678' + '00'.repeat(32), gas: '0x100000' } },
    ],
    trace: [0],
    tracer,
    timeoutMs: 10_000,
  };
  const [outcome] = await runTraceJob(job);
  assert.ok('json' in outcome, `${tracer} failed: ${'error' in outcome ? outcome.error : ''}`);
  return JSON.parse(outcome.json);
}

test('opcountTracer, unigramTracer: 14 steps in A, 8 in B', async () => {
  assert.equal(await run('opcountTracer'), 22);
  assert.deepEqual(await run('unigramTracer'), { PUSH4: 1, PUSH1: 13, SHL: 1, MSTORE: 2, GAS: 1, CALL: 1, STOP: 1, ADD: 1, RETURN: 1 });
});

test('bigramTracer, trigramTracer: pairs and triples within a frame, as geth counts them at frame changes', async () => {
  assert.deepEqual(await run('bigramTracer'), {
    'PUSH4-PUSH1': 1,
    'PUSH1-SHL': 1,
    'SHL-PUSH1': 1,
    'PUSH1-MSTORE': 2,
    'MSTORE-PUSH1': 2,
    'PUSH1-PUSH1': 7,
    'PUSH1-GAS': 1,
    'GAS-CALL': 1,
    'PUSH1-ADD': 1,
    'ADD-PUSH1': 1,
    'PUSH1-RETURN': 1,
  });
  assert.deepEqual(await run('trigramTracer'), {
    '--PUSH1': 2,
    '-PUSH1-SHL': 1,
    'PUSH1-SHL-PUSH1': 1,
    'SHL-PUSH1-MSTORE': 1,
    'PUSH1-MSTORE-PUSH1': 2,
    'MSTORE-PUSH1-PUSH1': 2,
    'PUSH1-PUSH1-PUSH1': 4,
    'PUSH1-PUSH1-GAS': 1,
    'PUSH1-GAS-CALL': 1,
    '-PUSH1-ADD': 1,
    'PUSH1-ADD-PUSH1': 1,
    'ADD-PUSH1-MSTORE': 1,
    'PUSH1-PUSH1-RETURN': 1,
  });
});

test('4byteTracerLegacy: the call selectors with their argument sizes; noopTracerLegacy: {}', async () => {
  assert.deepEqual(await run('4byteTracerLegacy'), { '0xdeadbeef-4': 1, '0x12345678-32': 1 });
  assert.deepEqual(await run('noopTracerLegacy'), {});
});

test('evmdisTracer: the executed ops of the top frame, the call with its own ops and the values each op pushed', async () => {
  const ops = await run('evmdisTracer');
  assert.deepEqual(
    ops.map((o: { op: number }) => o.op),
    [0x63, 0x60, 0x1b, 0x60, 0x52, 0x60, 0x60, 0x60, 0x60, 0x60, 0x60, 0x5a, 0xf1],
  );
  assert.deepEqual(ops[0], { op: 0x63, depth: 1, result: ['deadbeef'], len: 5 });
  assert.deepEqual(ops[1].result, ['e0']);
  assert.deepEqual(ops[2].result, [], "geth's push table predates SHL: no result for it");
  const call = ops[12];
  assert.equal(call.to, 'bb');
  assert.equal(call.value, '0');
  assert.equal(call.error, null);
  assert.deepEqual(
    call.ops.map((o: { op: number; result: string[] }) => [o.op, o.result]),
    [
      [0x60, ['1']],
      [0x60, ['2']],
      [0x01, ['3']],
      [0x60, ['0']],
      [0x52, []],
      [0x60, ['20']],
      [0x60, ['0']],
      [0xf3, []],
    ],
  );
});

test('callTracerLegacy: the call into B with its input, output and gas', async () => {
  const trace = await run('callTracerLegacy');
  assert.equal(trace.type, 'CALL');
  assert.equal(trace.to, A);
  assert.equal(trace.calls.length, 1);
  const [inner] = trace.calls;
  assert.deepEqual(Object.keys(inner), ['type', 'from', 'to', 'value', 'gas', 'gasUsed', 'input', 'output']);
  assert.deepEqual([inner.type, inner.from, inner.to, inner.value, inner.input], ['CALL', A, B, '0x0', '0xdeadbeef00000000']);
  assert.equal(inner.output, '0x' + '0'.repeat(63) + '3');
  assert.equal(inner.gasUsed, '0x' + (5 * 3 + 3 + 3 + 3).toString(16), 'B: five pushes, ADD, MSTORE and one word of memory');
});

test('prestateTracerLegacy: the accounts the call touched, before it', async () => {
  const state = await run('prestateTracerLegacy');
  assert.deepEqual(Object.keys(state).sort(), [A, B, '0x00000000000000000000000000000000000000cc']);
  assert.equal(state[B].code, codeB);
  assert.equal(state[A].nonce, 0);
});

test("the sources pass the project's own lint: no error or warning (one information: geth's fee arithmetic)", () => {
  const dir = join('runtime', 'builtin', 'js');
  const files = readdirSync(dir).map((name) => join(dir, name));
  assert.equal(files.length, 9);
  const lint = spawnSync(process.execPath, ['dist/cli.js', 'lint', ...files], { encoding: 'utf8' });
  assert.equal(lint.status, 0, lint.stdout + lint.stderr);
  const findings = lint.stdout.trim().split('\n').filter(Boolean);
  assert.deepEqual(
    findings.map((line) => line.split(' ').slice(1, 3).join(' ')),
    ['information gas-price-tip'],
  );
});
