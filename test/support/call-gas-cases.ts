// debug_traceCall requests of CALL-family opcodes short of their dynamic gas, for comparing a node with the
// local node forked from it: each of the four opcodes, a cold and a warm target (the contract itself), with
// and without value, with and without a memory expansion, at gas levels that fail the cold access, the value
// transfer, the memory, the new account or the gas asked for. The contract's code is a state override.
import { assemble } from '../differential/asm';

const contract = '0x00000000000000000000000000000000000000cc';
const coldTarget = '0x00000000000000000000000000000000000000dd';

/** A JavaScript tracer of the CALL-family steps and faults: gas, cost and error of each. */
export const callStepsTracer = `{r: [], step: function(l) { var o = l.op.toString(); if (o.indexOf('CALL') >= 0) this.r.push([o, l.getGas(), l.getCost(), '' + l.getError()]); },
  fault: function(l) { this.r.push(['fault', l.op.toString(), l.getCost(), '' + l.getError()]); },
  result: function(ctx) { return {r: this.r, error: ctx.error, gasUsed: ctx.gasUsed}; }}`;

const ops = ['CALL', 'CALLCODE', 'DELEGATECALL', 'STATICCALL'] as const;
/** Gas left for the CALL after its constant gas: short of the cold access, of the value transfer after it,
 * of everything, and enough for a child that recurses into the same failure. */
const gasLeft = [50, 2600, 5500, 8000, 10000, 11600, 20000];
/** The gas the code spends before the CALL (its PUSHes; DELEGATECALL and STATICCALL push no value). */
const pushGas = (op: string) => (op === 'CALL' || op === 'CALLCODE' ? 21 : 18);

export interface CallGasCase {
  name: string;
  call: { to: string; gas: string };
  stateOverrides: Record<string, { code: string }>;
}

export function callGasCases(): CallGasCase[] {
  const cases: CallGasCase[] = [];
  for (const op of ops)
    for (const [kind, target] of [
      ['cold', coldTarget],
      ['warm', contract],
    ])
      for (const value of op === 'CALL' || op === 'CALLCODE' ? [0n, 1n] : [0n])
        for (const returnSize of [0n, 0x10000n])
          for (const left of gasLeft) {
            const withValue = op === 'CALL' || op === 'CALLCODE' ? [value] : [];
            // No PUSH0: the forks before Shanghai run it too.
            const code = assemble([returnSize, 0n, 0n, 0n, ...withValue, BigInt(target), 0x100000n, op, 'POP', 'STOP'], [], false);
            cases.push({
              name: `${op} ${kind} value ${value} return size ${returnSize} gas left ${left}`,
              call: { to: contract, gas: '0x' + (21000 + pushGas(op) + 100 + left).toString(16) },
              stateOverrides: { [contract]: { code } },
            });
          }
  return cases;
}
