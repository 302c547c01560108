// geth's noopTracer: hooks nothing, returns {}.
import type { BuiltinFactory } from './builtin-tracer';

export const noopTracer: BuiltinFactory = () => ({
  steps: [],
  setContext() {},
  step() {},
  fault() {},
  enter() {},
  exit() {},
  result: () => ({ json: '{}' }),
});
