// The fork facts the event translator (trace-tx.ts) and its gas and error helpers need, as flags: a module of
// its own so that those helpers do not import the translator that imports them.
import type { Bn254Words, PrecompileRules } from './precompile-errors';

export interface ForkRules {
  /** EIP-150: a call forwards at most all but 1/64 of the remaining gas (before it, the requested gas). */
  eip150: boolean;
  /** EIP-158 (Spurious Dragon): empty accounts count as absent (a CALL pays for a new account only when it
   * sends value to an empty one). */
  eip158: boolean;
  /** EIP-2200 (Istanbul): SSTORE needs more than the 2300 stipend. */
  eip2200: boolean;
  /** EIP-2929 (Berlin): warm and cold account access. */
  eip2929: boolean;
  /** Before London a SELFDESTRUCT adds 24000 to the refund counter (once per contract and transaction). */
  selfdestructRefund?: boolean;
  /** EIP-3860 (Shanghai): CREATE and CREATE2 refuse init code over 49152 bytes. */
  eip3860?: boolean;
  /** EIP-7702 (Prague): geth's CALL-family gas functions charge every part inside, failing as one. */
  eip7702?: boolean;
  /** geth ≥ 1.14's SELFDESTRUCT charges a cold beneficiary inside its gas function, failing there with the
   * constant as cost; coreth's (geth 1.13's) asks for constant and access together. */
  selfdestructColdCheck?: boolean;
  /** geth ≥ 1.17's CALL checks its memory and value transfer gas before it reads the state, failing there with
   * the constant as cost; coreth's (geth 1.13's) adds up every part first and reports the sum. */
  callStatelessCheck?: boolean;
  /** The gas schedule and EIPs a failing precompile's error depends on. */
  precompiles: PrecompileRules;
  /** Whose words a failing bn254 precompile's error is in (geth's when absent). */
  bn254Words?: Bn254Words;
}
