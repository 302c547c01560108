// geth's tracers by name: `tracer: NAME` selects one of these before the name is tried as JavaScript. geth
// evaluates a name it does not know as JavaScript, so a misspelt name fails as an undefined variable; a bare
// identifier gets that answer plus the list of names that would have worked.
import type { BuiltinFactory } from './builtin-tracer';
import { erc7562Tracer } from './erc7562';
import { noopTracer } from './noop';
import { callTracer } from './call';
import { flatCallTracer } from './call-flat';
import { fourByteTracer } from './four-byte';
import { keccak256PreimageTracer } from './keccak256-preimage';
import { muxTracerOver } from './mux';
import { legacyJsSources } from './legacy-js';
import { prestateTracer } from './prestate';
import { traitsOf, type TargetTraits } from '../evm/target';

const natives: Record<string, BuiltinFactory> = {
  noopTracer,
  callTracer,
  flatCallTracer,
  '4byteTracer': fourByteTracer,
  muxTracer: muxTracerOver(muxMember),
  prestateTracer,
  erc7562Tracer,
  keccak256PreimageTracer,
};

/** geth's natives that coreth's tracers (geth v1.13's) do not have: there they are unknown names. */
const newerThanGeth113 = new Set(['erc7562Tracer', 'keccak256PreimageTracer']);

export function builtinTracer(name: string, traits: TargetTraits = traitsOf(undefined)): BuiltinFactory | undefined {
  if (!Object.hasOwn(natives, name)) return undefined;
  return traits.builtins === 'geth-1.13' && newerThanGeth113.has(name) ? undefined : natives[name];
}

/** geth's named JavaScript tracers: the source that runs in place of the name. */
export function builtinJsSource(name: string): string | undefined {
  return Object.hasOwn(legacyJsSources, name) ? legacyJsSources[name] : undefined;
}

/** Whether `name` is one of geth's tracers, native or JavaScript. */
export function isBuiltinName(name: string): boolean {
  return builtinTracer(name) !== undefined || builtinJsSource(name) !== undefined;
}

function builtinNames(traits: TargetTraits): string[] {
  return [...Object.keys(natives).filter((name) => builtinTracer(name, traits)), ...Object.keys(legacyJsSources)];
}

/** A muxTracer member: a native tracer by name (geth's mux combines natives only). */
function muxMember(name: string, traits: TargetTraits): BuiltinFactory | { error: string } {
  return (
    builtinTracer(name, traits) ?? {
      error: isBareIdentifier(name) ? unknownTracer(name, traits) : `muxTracer combines built-in tracers only; "${name}" is not one`,
    }
  );
}

const identifier = /^[A-Za-z_$][\w$]*$/;

export function isBareIdentifier(text: string): boolean {
  return identifier.test(text.trim());
}

function builtinHint(traits: TargetTraits): string {
  return `(built-in tracers: ${builtinNames(traits).join(', ')})`;
}

/** geth's error for an unknown name, with the hint. */
export function unknownTracer(name: string, traits: TargetTraits = traitsOf(undefined)): string {
  return `ReferenceError: ${name.trim()} is not defined at <eval>:1:1 ${builtinHint(traits)}`;
}

/** The JS compile error of a tracer text, with the hint appended when the text was a bare name. */
export function withBuiltinHint(source: string, error: string, traits: TargetTraits = traitsOf(undefined)): string {
  return isBareIdentifier(source) && error.startsWith('ReferenceError:') ? `${error} ${builtinHint(traits)}` : error;
}
