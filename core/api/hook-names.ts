// The tracer object's members geth calls, by name: one list for the checker (core/tracer) and the runtime
// (runtime/tracer, in the host and inside the tracer's realm). No imports: the realm's code takes its type.

export const HOOK_NAMES = ['step', 'fault', 'result', 'enter', 'exit', 'setup'] as const;

export type HookName = (typeof HOOK_NAMES)[number];
