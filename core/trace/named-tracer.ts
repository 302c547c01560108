// A built-in tracer chosen by name (geth's callTracer, …): sent as the tracer text as geth takes it, with no
// flattening and no positions to map errors back to. In the extension a trace spec names it by a
// `evm-tracer-builtin:/NAME` URI where a tracer file's URI would be.
import type { SendableTracer } from './requests';

export function namedTracer(name: string): SendableTracer {
  return { fileName: name, code: name, toSourcePosition: () => undefined };
}

const scheme = 'evm-tracer-builtin:/';

export function builtinTracerUri(name: string): string {
  return scheme + name;
}

/** The name a built-in tracer URI stands for, else undefined (a tracer file). */
export function builtinTracerOfUri(uri: string): string | undefined {
  return uri.startsWith(scheme) ? uri.slice(scheme.length) : undefined;
}
