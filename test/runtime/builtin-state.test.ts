// The state tracers' options on small hand-made transactions (the geth corpus covers the rest): config errors
// in geth's words, prestateTracer's includeEmpty, erc7562Tracer's withLog and ignoredOpcodes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runTraceJob } from '../../runtime/trace/run';
import type { TraceJob, TraceOutcome } from '../../runtime/evm/job';
import { forksThrough } from '../support/genesis-config';

const parent = '0x00000000000000000000000000000000000000aa';
const child = '0x00000000000000000000000000000000000000cc';
const sender = '0x00000000000000000000000000000000000000bb';
/** Parent: LOG0, BALANCE of the absent 0x…dd, CALL the child, STOP. Child: LOG0, then REVERT. */
const parentCode = '0x60006000a0' + '60dd3150' + '6000600060006000600060cc5af150' + '00';
const childCode = '0x60006000a0' + '60006000fd';

function job(tracer: string, tracerConfig?: object): TraceJob {
  return {
    chainConfig: forksThrough(43112, 'cancun'),
    preState: { [parent]: { code: parentCode }, [child]: { code: childCode }, [sender]: { balance: '0x0' } },
    block: {
      number: '1',
      timestamp: '10',
      gasLimit: '0x1c9c380',
      coinbase: '0x0000000000000000000000000000000000000000',
      baseFeePerGas: '0',
    },
    transactions: [{ call: { from: sender, to: parent, gas: '0x100000', gasPrice: '0x0' } }],
    trace: [0],
    tracer,
    tracerConfig: tracerConfig === undefined ? undefined : JSON.stringify(tracerConfig),
    timeoutMs: 60_000,
  };
}

async function traced(tracer: string, tracerConfig?: object): Promise<TraceOutcome> {
  const [outcome] = await runTraceJob(job(tracer, tracerConfig));
  return outcome;
}

async function json(tracer: string, tracerConfig?: object) {
  const outcome = await traced(tracer, tracerConfig);
  assert.ok('json' in outcome, `trace failed: ${'error' in outcome ? outcome.error : ''}`);
  return JSON.parse(outcome.json);
}

test('prestateTracer refuses diffMode with includeEmpty, and a config field of the wrong type, as geth does', async () => {
  assert.deepEqual(await traced('prestateTracer', { diffMode: true, includeEmpty: true }), {
    error: 'cannot use diffMode with includeEmpty',
  });
  assert.deepEqual(await traced('prestateTracer', { diffMode: 1 }), {
    error: 'json: cannot unmarshal number into Go struct field PrestateTracerConfig.diffMode of type bool',
  });
});

test('prestateTracer leaves out accounts that were empty unless includeEmpty', async () => {
  const absent = '0x00000000000000000000000000000000000000dd';
  const coinbase = '0x0000000000000000000000000000000000000000';
  const plain = await json('prestateTracer');
  // The sender (no balance, no nonce), the coinbase and 0x…dd were empty before the transaction.
  assert.deepEqual(Object.keys(plain), [parent, child]);
  const all = await json('prestateTracer', { includeEmpty: true });
  assert.deepEqual(Object.keys(all), [coinbase, parent, sender, child, absent], 'in ascending address order');
  assert.deepEqual(all[absent], { balance: '0x0' });
});

test('erc7562Tracer withLog keeps the logs of frames that did not revert, with their position among the calls', async () => {
  const result = await json('erc7562Tracer', { withLog: true });
  assert.deepEqual(result.logs, [{ address: parent, topics: [], data: '0x', index: '0x0', position: '0x0' }]);
  assert.equal(result.calls.length, 1);
  assert.equal(result.calls[0].error, 'execution reverted');
  assert.equal('logs' in result.calls[0], false, 'the reverted frame logged, but its log never happened');
  const without = await json('erc7562Tracer');
  assert.equal('logs' in without, false);
});

test("erc7562Tracer counts geth's default-ignored opcodes only when ignoredOpcodes replaces the list", async () => {
  const defaults = await json('erc7562Tracer');
  // LOG0, BALANCE, CALL (the GAS before it is not counted: a call consumes it), STOP; PUSH1 and POP are ignored.
  assert.deepEqual(defaults.usedOpcodes, { '0xa0': 1, '0x31': 1, '0xf1': 1, '0x0': 1 });
  assert.deepEqual(defaults.calls[0].usedOpcodes, { '0xa0': 1, '0xfd': 1 });
  assert.deepEqual(defaults.contractSize, { [child]: { contractSize: 10, opcode: 0xf1 } });
  const none = await json('erc7562Tracer', { ignoredOpcodes: [] });
  assert.deepEqual(none.usedOpcodes, { '0x60': 9, '0xa0': 1, '0x31': 1, '0x50': 2, '0xf1': 1, '0x0': 1 });
  assert.deepEqual(await traced('erc7562Tracer', { ignoredOpcodes: ['sixty'] }), {
    error: 'json: cannot unmarshal "sixty" into Go struct field erc7562TracerConfig.ignoredOpcodes of type hexutil.Uint64',
  });
});
