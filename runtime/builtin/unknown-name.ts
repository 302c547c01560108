// geth evaluates a tracer name it does not know as JavaScript, so a misspelt name fails as an undefined
// variable; a bare identifier gets that answer plus the list of names that would have worked.
import { builtinNames } from './registry';

const identifier = /^[A-Za-z_$][\w$]*$/;

export function isBareIdentifier(text: string): boolean {
  return identifier.test(text.trim());
}

export function builtinHint(): string {
  return `(built-in tracers: ${builtinNames().join(', ')})`;
}

/** geth's error for an unknown name, with the hint. */
export function unknownTracer(name: string): string {
  return `ReferenceError: ${name.trim()} is not defined at <eval>:1:1 ${builtinHint()}`;
}

/** The JS compile error of a tracer text, with the hint appended when the text was a bare name. */
export function withBuiltinHint(source: string, error: string): string {
  return isBareIdentifier(source) && error.startsWith('ReferenceError:') ? `${error} ${builtinHint()}` : error;
}
