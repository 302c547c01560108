// The clients whose tracers the local node can reproduce (runtime/evm/target.ts), named alike by the node's
// --target, a trace config's "target" member, and `evm-tracer trace --target`.
export const clientTargets = ['geth', 'coreth'] as const;
export type ClientTarget = (typeof clientTargets)[number];

export function isClientTarget(value: unknown): value is ClientTarget {
  return typeof value === 'string' && (clientTargets as readonly string[]).includes(value);
}

/** A target named by an option: undefined when absent, an error naming `option` when unknown. */
export function checkClientTarget(value: string | undefined, option: string): ClientTarget | undefined {
  if (value === undefined || isClientTarget(value)) return value;
  throw new Error(`${option} must be ${clientTargets.join(' or ')} (got '${value}')`);
}
