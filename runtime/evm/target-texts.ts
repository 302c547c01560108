// The boundary where the hook sequence's texts (geth v1.17's, as errors.ts, step-gas.ts and
// dynamic-gas-errors.ts word them) become the target's: coreth words every dynamic gas failure as plain
// `out of gas`, a code size over the limit without the sizes, and names no opcode its table lacks (a failing
// bn254 precompile's cause is worded by precompile-errors.ts in its library's words).
import { opcodeName, undefinedOpcodeName } from './opcode-names';
import type { TargetTraits } from './target';
import type { TxHooks } from './tx-hooks';

/** A geth v1.17 error text as the target words it. */
function targetText(traits: TargetTraits, text: string): string {
  if (!traits.detailedGasErrors) {
    if (text.startsWith('out of gas: ')) return 'out of gas';
    if (text.startsWith('max code size exceeded: ')) return 'max code size exceeded';
  }
  for (const code of traits.unnamedOpcodes)
    if (text === `invalid opcode: ${opcodeName(code)}`) return `invalid opcode: ${undefinedOpcodeName(code)}`;
  return text;
}

/** An opcode's name as the target's table gives it. */
export function targetOpcodeName(traits: TargetTraits, code: number): string {
  return traits.unnamedOpcodes.includes(code) ? undefinedOpcodeName(code) : opcodeName(code);
}

/** `hooks` seeing the target's texts (geth's hooks unchanged). */
export function withTargetTexts(hooks: TxHooks, traits: TargetTraits): TxHooks {
  if (traits.detailedGasErrors && traits.unnamedOpcodes.length === 0) return hooks;
  const text = (error: string | undefined) => (error === undefined ? undefined : targetText(traits, error));
  return {
    setContext: (fields) => hooks.setContext(fields.error === undefined ? fields : { ...fields, error: text(fields.error) }),
    step: (view) => hooks.step(view.error === undefined ? view : { ...view, error: text(view.error) }),
    fault: (view) => hooks.fault({ ...view, error: text(view.error) }),
    enter: (view) => hooks.enter(view),
    failedCheck: () => hooks.failedCheck?.(),
    topFailedCheck: () => hooks.topFailedCheck?.(),
    exit: (view) => hooks.exit(view.error === undefined ? view : { ...view, error: text(view.error) }),
  };
}
