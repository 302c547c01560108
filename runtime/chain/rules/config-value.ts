// A geth chain config and how it is read: keys are matched case-insensitively (geth accepts `IstanbulBlock`), and fork
// blocks, times and the terminal total difficulty may be JSON numbers, decimal or hex strings.

/** geth genesis `config`: chain id plus fork activation blocks (…Block) and times (…Time). */
export interface GethChainConfig {
  chainId: number | string;
  [fork: string]: unknown;
}

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
