// geth's `cost` and pre-execution gas error of a step (spec §2.3; geth's interpreter loop): the constant gas
// is charged first, and when it cannot be paid it is all the step reports; otherwise the dynamic part is
// added (memory expansion, access costs and, for CALL-family opcodes, the gas forwarded to the child) and a
// step that cannot pay the total reports the total.
import type { InterpreterStep } from '@ethereumjs/evm';
import type { ForkRules } from './trace-tx';

const callOps = new Set([0xf1, 0xf2, 0xf4, 0xfa]);
const SSTORE = 0x55;
/** Under EIP-2929 geth charges the warm access (100) of these as constant gas; ethereumjs charges it all as
 * dynamic gas (its constant is 0). */
const warmAccessConstant = new Set([0x31, 0x3b, 0x3c, 0x3f, ...callOps]);
const warmAccessGas = 100;

export interface StepGas {
  cost: number;
  /** The opcode's own gas (cost minus the gas forwarded to a child). */
  baseCost: number;
  error: string | undefined;
}

export function stepGas(ev: InterpreterStep, op: number, stackProblem: string | undefined, rules: ForkRules): StepGas {
  const constant = rules.eip2929 && warmAccessConstant.has(op) ? warmAccessGas : ev.opcode.fee;
  const gas = Number(ev.gasLeft);
  if (stackProblem !== undefined) return { cost: constant, baseCost: constant, error: stackProblem };
  if (gas < constant) return { cost: constant, baseCost: constant, error: 'out of gas' };
  // ethereumjs' constant plus dynamic gas, or only its constant when its gas handler itself found the
  // dynamic part unaffordable (it still emits the step).
  const charged = Number(ev.opcode.dynamicFee ?? BigInt(ev.opcode.fee));
  if (callOps.has(op)) {
    // A CALL-family handler that succeeds under EIP-2929 charges at least the warm access, so nothing
    // beyond the constant means it failed: geth fails the step too. (Its exact cost then depends on the
    // account being cold and on the geth version; the constant is what all of them report for a cold one.)
    if (rules.eip2929 && charged === ev.opcode.fee) return { cost: constant, baseCost: constant, error: 'out of gas' };
    const available = ev.gasLeft - BigInt(charged);
    if (available >= 0n) {
      // geth's cost for CALL-family opcodes includes the gas forwarded to the child (EIP-150 capped).
      const capped = rules.eip150 ? available - available / 64n : available;
      const requested = ev.stack[ev.stack.length - 1];
      return { cost: charged + Number(requested < capped ? requested : capped), baseCost: charged, error: undefined };
    }
  }
  return { cost: charged, baseCost: charged, error: gas < charged ? 'out of gas' : sstoreSentry(op, gas, rules) };
}

/** EIP-2200: SSTORE with 2300 gas or less fails in its dynamic gas (ethereumjs reports no cost for it). */
function sstoreSentry(op: number, gas: number, rules: ForkRules): string | undefined {
  return op === SSTORE && rules.eip2200 && gas <= 2300 ? 'out of gas: not enough gas for reentrancy sentry' : undefined;
}
