// SLOAD and SSTORE on the seeded state run synchronous twins of ethereumjs' handlers (build/ethereumjs-
// patches.mjs) with the hex of the last address and slot remembered: a real trace on the bundled worker where
// slots differ only in their first byte (the byte the memo compares last) and a slot with an original value
// is cleared and restored, so the original-value cache decides the gas and refunds (EIP-2200, -2929, -3529).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TraceJob } from '../../runtime/evm/job';
import { runTraceJob } from '../../runtime/trace/run';
import { forksThrough } from '../support/genesis-config';

const contract = '0x00000000000000000000000000000000000000aa';
const sender = '0x00000000000000000000000000000000000000bb';
const slotA = '01' + '00'.repeat(31);
const slotB = '02' + '00'.repeat(31);
// SSTORE(A, 0x11) SSTORE(B, 0x22) SLOAD(A) SLOAD(B) SSTORE(3, 0) SSTORE(3, 5) STOP; slot 3 starts at 5.
const code = `0x60117f${slotA}55` + `60227f${slotB}55` + `7f${slotA}54` + `7f${slotB}54` + '6000600355' + '6005600355' + '00';

const tracer = `{
  steps: [],
  step: function(log) {
    this.steps.push([log.op.toString(), log.getCost(), log.getRefund(), log.stack.length() > 0 ? log.stack.peek(0).toString(16) : '']);
  },
  fault: function() {},
  result: function(ctx, db) {
    var slots = ['0x${slotA}', '0x${slotB}', '0x' + '00'.repeat(31) + '03'];
    return { steps: this.steps, state: slots.map(function(s) { return toHex(db.getState(ctx.to, toWord(s))); }) };
  }
}`;

function job(): TraceJob {
  return {
    chainConfig: forksThrough(1337, 'cancun'),
    preState: { [contract]: { code, storage: { '0x03': '0x05' } }, [sender]: { balance: '0x0' } },
    block: {
      number: '1',
      timestamp: '10',
      gasLimit: '0x1c9c380',
      coinbase: '0x0000000000000000000000000000000000000000',
      baseFeePerGas: '0',
    },
    transactions: [{ call: { from: sender, to: contract, gas: '0x100000', gasPrice: '0x0' } }],
    trace: [0],
    tracer,
    timeoutMs: 60_000,
  };
}

test('slots differing only in their first byte keep their own values; clearing and restoring an original value refunds as geth does', async () => {
  const [outcome] = await runTraceJob(job());
  assert.ok('json' in outcome, JSON.stringify(outcome));
  const { steps, state } = JSON.parse(outcome.json) as { steps: [string, number, number, string][]; state: string[] };
  const after = (index: number) => steps[index + 1];
  const at = (op: string, nth = 0) => steps.map((s, i) => [s[0], i] as const).filter(([name]) => name === op)[nth][1];
  // Two fresh cold slots: 20000 + 2100 each.
  assert.deepEqual([steps[at('SSTORE', 0)][1], steps[at('SSTORE', 1)][1]], [22100, 22100]);
  assert.deepEqual([after(at('SLOAD', 0))[3], after(at('SLOAD', 1))[3]], ['11', '22']);
  // Clearing slot 3 (original 5): 2900 + 2100 cold, refund 4800; restoring it: warm 100, refund 5000 - 2100 - 100.
  assert.deepEqual([steps[at('SSTORE', 2)][1], after(at('SSTORE', 2))[2]], [5000, 4800]);
  assert.deepEqual([steps[at('SSTORE', 3)][1], after(at('SSTORE', 3))[2]], [100, 2800]);
  assert.deepEqual(state, ['0x' + '00'.repeat(31) + '11', '0x' + '00'.repeat(31) + '22', '0x' + '00'.repeat(31) + '05']);
});
