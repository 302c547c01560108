// ethereumjs error texts → geth's (spec §2.2, §2.3). Stack and invalid-opcode errors need the failing
// opcode, which the caller knows from the frame's last step.
import { opcodeName } from './opcode-names';

const fixed: Record<string, string> = {
  'out of gas': 'out of gas',
  revert: 'execution reverted',
  'static state change': 'write protection',
  'code store out of gas': 'contract creation code storage out of gas',
  'code size to deposit exceeds maximum code size': 'max code size exceeded',
  'create collision': 'contract address collision',
  'insufficient balance': 'insufficient balance for transfer',
  'invalid bytecode deployed': 'invalid code: must not begin with 0xef',
  'initcode exceeds max initcode size': 'max initcode size exceeded',
};

/** Errors raised while the opcode executes (after its step ran cleanly): these trigger `fault`. */
const duringExecution = new Set(['revert', 'invalid JUMP', 'invalid opcode', 'static state change']);

export function gethError(ethereumjsError: string, failingOp: number | undefined): string {
  if (ethereumjsError.startsWith('invalid JUMP')) return 'invalid jump destination';
  if (ethereumjsError === 'invalid opcode') return `invalid opcode: ${failingOp === undefined ? 'INVALID' : opcodeName(failingOp)}`;
  return fixed[ethereumjsError] ?? ethereumjsError;
}

export function failsDuringExecution(ethereumjsError: string): boolean {
  return duringExecution.has(ethereumjsError) || ethereumjsError.startsWith('invalid JUMP');
}
