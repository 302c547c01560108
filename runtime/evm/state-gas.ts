// geth's gas of the steps that read the state (its gasCall… functions, callGas and gasSelfdestruct): before
// Berlin every part is known from the stack, the memory and the state, and from Berlin a CALL-family step
// also pays its target's cold access, known from the access list; so the step's cost is geth's also when it
// cannot be paid. ethereumjs' gas handler stops at the first part it cannot pay and reports only its constant
// gas; geth adds up the cold access, memory, value transfer, a new account and the gas handed to the child,
// and reports the sum.
import type { InterpreterStep } from '@ethereumjs/evm';
import { memorySize } from './dynamic-gas-errors';
import type { ForkRules } from './fork-rules';
import { expansionGas } from './memory';
import type { StateReader } from '../state/state-reader';
import { bigIntToBytes, setLengthLeft } from '@ethereumjs/util';
import { op } from '../../core/api/opcodes';

const { CALL, CALLCODE } = op;
const u64 = 1n << 64n;
const valueTransfer = 9000n;
const newAccount = 25000n;
const selfdestructGas = 5000n;
/** What a cold target's access costs beyond the warm access charged as constant gas (EIP-2929). */
const coldSurcharge = 2500n;
const overflow = 'out of gas: gas uint64 overflow';

interface StepGas {
  cost: bigint;
  baseCost: bigint;
  error: string | undefined;
}

function isEmpty(state: StateReader, address: Uint8Array): boolean {
  return !state.exists(address) || (state.balance(address) === 0n && state.nonce(address) === 0n && state.code(address).length === 0);
}

/** The address in a stack word. */
const addressOf = (word: bigint) => setLengthLeft(bigIntToBytes(word & ((1n << 160n) - 1n)), 20);

/** A new account's charge: before EIP-158 for a target that does not exist, from it for a value sent to an
 * empty one. */
function newAccountGas(target: Uint8Array, rules: ForkRules, state: StateReader, value: bigint): bigint {
  const charged = rules.eip158 ? value !== 0n && isEmpty(state, target) : !state.exists(target);
  return charged ? newAccount : 0n;
}

/** A SELFDESTRUCT's cost (all of it dynamic gas before Berlin), for `self`'s frame: nothing before EIP-150,
 * then 5000 and a new beneficiary's account. */
export function preBerlinSelfdestructGas(ev: InterpreterStep, rules: ForkRules, state: StateReader, self: Uint8Array): StepGas {
  const total = rules.eip150
    ? selfdestructGas + newAccountGas(addressOf(ev.stack[ev.stack.length - 1]), rules, state, state.balance(self))
    : 0n;
  return { cost: total, baseCost: total, error: ev.gasLeft < total ? 'out of gas' : undefined };
}

/** The step's cost and error, for a CALL-family opcode whose constant gas `constant` was paid and whose memory
 * size geth can compute (the caller checked both); `cold`: under EIP-2929, its target was not accessed yet. */
export function callStepGas(
  ev: InterpreterStep,
  opcode: number,
  rules: ForkRules,
  state: StateReader,
  constant: number,
  cold = false,
): StepGas {
  const stack = ev.stack;
  const target = addressOf(stack[stack.length - 2]);
  const constantGas = BigInt(constant);
  let gas = ev.gasLeft - constantGas;
  const failed = (error: string): StepGas => ({ cost: constantGas, baseCost: constantGas, error });
  // geth charges a cold target's access before anything else, and fails there when it cannot.
  const surcharge = cold ? coldSurcharge : 0n;
  if (gas < surcharge) return failed('out of gas: out of gas');
  gas -= surcharge;
  const size = memorySize(opcode, stack);
  const memory = size === 'overflow' ? 0n : expansionGas(ev.memory.length, 0n, size);
  const value = opcode === CALL || opcode === CALLCODE ? stack[stack.length - 3] : 0n;
  let intrinsic = memory + (value !== 0n ? valueTransfer : 0n);
  if (opcode === CALL) {
    // geth's CALL stops before reading the state when memory and value transfer cannot be paid (coreth's
    // adds up every part first).
    if (rules.callStatelessCheck !== false && gas < intrinsic) return failed('out of gas: out of gas');
    // CALLCODE, DELEGATECALL and STATICCALL never create an account.
    intrinsic += newAccountGas(target, rules, state, value);
  }
  const requested = stack[stack.length - 1];
  let forwarded = requested;
  if (rules.eip150) {
    // All but one 64th of what is left after the intrinsic gas (geth's uint64 arithmetic wraps below zero).
    const available = BigInt.asUintN(64, gas - intrinsic);
    const capped = available - available / 64n;
    if (requested >= u64 || capped < requested) forwarded = capped;
  } else if (requested >= u64) return failed(overflow);
  const total = intrinsic + forwarded;
  if (total >= u64) return failed(overflow);
  return {
    cost: constantGas + surcharge + total,
    baseCost: constantGas + surcharge + intrinsic,
    error: gas < total ? 'out of gas' : undefined,
  };
}
