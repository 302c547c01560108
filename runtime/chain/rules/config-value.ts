// Reading a geth chain config: keys are matched case-insensitively (geth accepts `IstanbulBlock`), and fork
// blocks, times and the terminal total difficulty may be JSON numbers, decimal or hex strings.
import type { GethChainConfig } from '../../trace/job';

export function configValue(config: GethChainConfig, key: string): unknown {
  const lower = key.toLowerCase();
  for (const [k, v] of Object.entries(config)) if (k.toLowerCase() === lower) return v;
  return undefined;
}

export function toBigInt(value: unknown): bigint | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return BigInt(value);
  if (typeof value === 'string') return BigInt(value);
  return undefined;
}
