// geth's tracers by name: `tracer: NAME` selects one of these before the name is tried as JavaScript.
import type { BuiltinFactory } from './builtin-tracer';
import { erc7562Tracer } from './erc7562';
import { noopTracer } from './noop';
import { callTracer } from './call';
import { flatCallTracer } from './call-flat';
import { fourByteTracer } from './four-byte';
import { keccak256PreimageTracer } from './keccak256-preimage';
import { muxTracer } from './mux';
import { legacyJsSources } from './legacy-js';
import { prestateTracer } from './prestate';

const natives: Record<string, BuiltinFactory> = {
  noopTracer,
  callTracer,
  flatCallTracer,
  '4byteTracer': fourByteTracer,
  muxTracer,
  prestateTracer,
  erc7562Tracer,
  keccak256PreimageTracer,
};

export function builtinTracer(name: string): BuiltinFactory | undefined {
  return Object.hasOwn(natives, name) ? natives[name] : undefined;
}

/** geth's named JavaScript tracers: the source that runs in place of the name. */
export function builtinJsSource(name: string): string | undefined {
  return Object.hasOwn(legacyJsSources, name) ? legacyJsSources[name] : undefined;
}

/** Whether `name` is one of geth's tracers, native or JavaScript. */
export function isBuiltinName(name: string): boolean {
  return builtinTracer(name) !== undefined || builtinJsSource(name) !== undefined;
}

export function builtinNames(): string[] {
  return [...Object.keys(natives), ...Object.keys(legacyJsSources)];
}
