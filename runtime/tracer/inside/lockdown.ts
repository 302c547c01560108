// V8 hands a realm's `Error.prepareStackTrace` the raw call sites of a stack; their getFunction() and
// getThis() return the functions and receivers of sloppy-mode frames, host frames included, and Node reads
// `globalThis.Error.prepareStackTrace` of the erroring realm afresh each time. Pinning both (the hook to
// undefined, the global `Error` binding to this realm's Error) closes that door before tracer code runs.
// geth's engine has no stack-trace API, so no tracer loses anything it could use on a node.
import { ErrorCtor, ObjectDefineProperty } from './intrinsics';

const pinned = { writable: false, configurable: false, enumerable: false } as const;

export function lockStackTraceApi(): void {
  ObjectDefineProperty(ErrorCtor, 'prepareStackTrace', { value: undefined, ...pinned });
  ObjectDefineProperty(globalThis, 'Error', { value: ErrorCtor, ...pinned });
  // V8 gives every context a `console` wired to the inspector; geth's tracers have none (spec §1.3).
  delete (globalThis as { console?: unknown }).console;
  // Deep enough to find the tracer's frame under the API's own frames (the realm's default is 10).
  (ErrorCtor as { stackTraceLimit?: number }).stackTraceLimit = 50;
}

/** Globals of V8 that geth's engine (goja) does not have. Most schedule work that V8 runs later on its own,
 * outside any hook and after the trace's answer (finalizer callbacks, Atomics.waitAsync wake-ups,
 * WebAssembly compilations); the rest would let a tracer run here and fail on a node. */
const notInGoja = [
  'FinalizationRegistry',
  'WeakRef',
  'Atomics',
  'SharedArrayBuffer',
  'WebAssembly',
  'Intl',
  'BigInt',
  'BigInt64Array',
  'BigUint64Array',
];

export function removeNonGojaGlobals(): void {
  for (const name of notInGoja) delete (globalThis as Record<string, unknown>)[name];
}
