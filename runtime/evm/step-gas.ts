// geth's `cost` and pre-execution gas error of a step (spec §2.3; geth's interpreter loop): the constant gas
// is charged first, and when it cannot be paid it is all the step reports; otherwise the dynamic part is
// added (memory expansion, access costs and, for CALL-family opcodes, the gas forwarded to the child) and a
// step that cannot pay the total reports the total.
import type { InterpreterStep } from '@ethereumjs/evm';
import { dynamicGasError, mayFailBeforeDynamicGas } from './dynamic-gas-errors';
import type { ForkRules } from './fork-rules';
import { callStepGas, preBerlinSelfdestructGas } from './state-gas';
import { expansionGas } from './memory';
import type { StateReader } from '../state/state-reader';
import { callOpcodes, op } from '../../core/api/opcodes';

const { SSTORE, RETURNDATACOPY, SELFDESTRUCT } = op;
const coldAccess = 2600;
const newAccount = 25000;
const LOG0 = 0xa0;
const LOG4 = 0xa4;
/** Under EIP-2929 geth charges the warm access (100) of these as constant gas; ethereumjs charges it all as
 * dynamic gas (its constant is 0). */
const warmAccessConstant = new Set([0x31, 0x3b, 0x3c, 0x3f, ...callOpcodes]);
const warmAccessGas = 100;

interface StepGas {
  cost: bigint;
  /** The opcode's own gas (cost minus the gas forwarded to a child). */
  baseCost: bigint;
  error: string | undefined;
}

/** A step whose cost is the opcode's own (no gas forwarded). */
function own(cost: number, error: string | undefined): StepGas {
  const gas = BigInt(cost);
  return { cost: gas, baseCost: gas, error };
}

/** geth's constant gas of the opcode. */
function constantGas(ev: InterpreterStep, op: number, rules: ForkRules): number {
  if (rules.eip2929 && warmAccessConstant.has(op)) return warmAccessGas;
  // geth charges a LOG's 375 as part of its dynamic gas (so a LOG that cannot pay reports its whole cost), and
  // before Berlin all of a SELFDESTRUCT's gas.
  if ((op >= LOG0 && op <= LOG4) || (op === SELFDESTRUCT && !rules.eip2929)) return 0;
  return ev.opcode.fee;
}

/** `isStatic`: the step's frame runs under STATICCALL; `state`: the state the step reads (a CALL's target);
 * `self`: the address of the step's frame; `targetWasCold`: a CALL-family step's target was cold before it. */
export function stepGas(
  ev: InterpreterStep,
  op: number,
  stackProblem: string | undefined,
  rules: ForkRules,
  isStatic: boolean,
  state: StateReader,
  self: Uint8Array,
  targetWasCold: () => boolean,
): StepGas {
  const constant = constantGas(ev, op, rules);
  const gas = Number(ev.gasLeft);
  if (stackProblem !== undefined) return own(constant, stackProblem);
  if (gas < constant) return own(constant, 'out of gas');
  const refused = mayFailBeforeDynamicGas[op] ? dynamicGasError(op, ev.stack, rules, isStatic, ev.gasLeft - BigInt(constant)) : undefined;
  if (refused !== undefined) return own(constant, refused);
  if (op === SELFDESTRUCT && !rules.eip2929) return preBerlinSelfdestructGas(ev, rules, state, self);
  // ethereumjs' constant plus dynamic gas, or only its constant when its gas handler itself found the
  // dynamic part unaffordable (it still emits the step).
  const charged = Number(ev.opcode.dynamicFee ?? BigInt(ev.opcode.fee));
  if (callOpcodes.has(op)) {
    if (!rules.eip2929) return callStepGas(ev, op, rules, state, constant);
    const available = ev.gasLeft - BigInt(charged);
    if (available >= 0n && charged !== ev.opcode.fee) {
      // geth's cost for CALL-family opcodes includes the gas forwarded to the child (EIP-150 capped).
      const capped = available - available / 64n;
      const requested = ev.stack[ev.stack.length - 1];
      const baseCost = BigInt(charged);
      return { cost: baseCost + (requested < capped ? requested : capped), baseCost, error: undefined };
    }
    // A CALL-family handler that succeeds under EIP-2929 charges at least the warm access, so nothing beyond
    // the constant means it failed. From Prague on geth charges every part inside its gas function, so any
    // such failure reads 'out of gas: out of gas' with the constant as cost; before, geth adds up the parts
    // (a cold target's access first).
    if (rules.eip7702) return own(constant, 'out of gas: out of gas');
    return callStepGas(ev, op, rules, state, constant, targetWasCold());
  }
  // geth's SELFDESTRUCT charges a cold beneficiary's access in its gas function first and fails there when
  // the gas left cannot pay it (ethereumjs' dynamic part is 2600 for the access, plus 25000 for a new account).
  const dynamic = charged - constant;
  if (
    op === SELFDESTRUCT &&
    rules.selfdestructColdCheck &&
    (dynamic === coldAccess || dynamic === coldAccess + newAccount) &&
    gas - constant < coldAccess
  ) {
    return own(constant, 'out of gas: out of gas');
  }
  const total = charged === ev.opcode.fee ? (dynamicAfterBailout(op, ev.stack, ev.memory.length) ?? charged) : charged;
  return own(total, gas < total ? 'out of gas' : sstoreSentry(op, gas, rules));
}

/** Offsets and sizes from which geth's gas arithmetic is not reproduced here (it reports an overflow). */
const sizeLimit = 1n << 32n;

/** The dynamic gas geth charges before these opcodes execute, where ethereumjs' gas handler stops before
 * computing it: a LOG in a static frame or one it cannot pay (geth refuses the LOG only when it executes),
 * a RETURNDATACOPY past the return data (geth checks the bounds when it executes). */
export function dynamicAfterBailout(op: number, stack: bigint[], memoryBytes: number): number | undefined {
  if (op !== RETURNDATACOPY && (op < LOG0 || op > LOG4)) return undefined;
  const top = (i: number) => stack[stack.length - 1 - i];
  if (op >= LOG0 && op <= LOG4 && stack.length >= 2 + op - LOG0) {
    const [offset, size] = [top(0), top(1)];
    if (offset >= sizeLimit || size >= sizeLimit) return undefined;
    return Number(375n + 375n * BigInt(op - LOG0) + 8n * size + expansionGas(memoryBytes, offset, size));
  }
  if (op === RETURNDATACOPY && stack.length >= 3) {
    const [offset, size] = [top(0), top(2)];
    if (offset >= sizeLimit || size >= sizeLimit) return undefined;
    return Number(3n + 3n * ((size + 31n) / 32n) + expansionGas(memoryBytes, offset, size));
  }
  return undefined;
}

/** EIP-2200: SSTORE with 2300 gas or less fails in its dynamic gas (ethereumjs reports no cost for it). */
function sstoreSentry(op: number, gas: number, rules: ForkRules): string | undefined {
  return op === SSTORE && rules.eip2200 && gas <= 2300 ? 'out of gas: not enough gas for reentrancy sentry' : undefined;
}
