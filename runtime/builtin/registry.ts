// geth's tracers by name: `tracer: NAME` selects one of these before the name is tried as JavaScript.
import type { BuiltinFactory } from './builtin-tracer';
import { erc7562Tracer } from './erc7562';
import { noopTracer } from './noop';
import { prestateTracer } from './prestate';

const natives: Record<string, BuiltinFactory> = {
  erc7562Tracer,
  noopTracer,
  prestateTracer,
};

export function builtinTracer(name: string): BuiltinFactory | undefined {
  return Object.hasOwn(natives, name) ? natives[name] : undefined;
}

export function builtinNames(): string[] {
  return Object.keys(natives);
}
