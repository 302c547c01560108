// geth's tracers by name: `tracer: NAME` selects one of these before the name is tried as JavaScript.
import type { BuiltinFactory } from './builtin-tracer';
import { noopTracer } from './noop';

const natives: Record<string, BuiltinFactory> = {
  noopTracer,
};

export function builtinTracer(name: string): BuiltinFactory | undefined {
  return Object.hasOwn(natives, name) ? natives[name] : undefined;
}

export function builtinNames(): string[] {
  return Object.keys(natives);
}
