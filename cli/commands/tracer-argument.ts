// `--tracer VALUE`: a tracer file, else the name of one of geth's built-in tracers (sent as the tracer text,
// as geth takes it). A bare name that is neither gets the answer the node gives for it.
import { existsSync } from 'node:fs';
import { isBareIdentifier, isBuiltinName, unknownTracer } from '../../runtime/builtin/registry';

type TracerArgument = { kind: 'file'; path: string } | { kind: 'name'; name: string };

/** Throws geth's error (with the list of built-in names) for a bare name that is no file and no tracer. */
export function tracerArgument(value: string): TracerArgument {
  if (existsSync(value)) return { kind: 'file', path: value };
  // Before the identifier test: 4byteTracer and 4byteTracerLegacy are names but not identifiers.
  if (isBuiltinName(value)) return { kind: 'name', name: value };
  if (isBareIdentifier(value)) throw new Error(unknownTracer(value));
  return { kind: 'file', path: value };
}
