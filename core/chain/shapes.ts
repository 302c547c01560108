// Checks for values read from a node: anything that does not have the expected shape is treated as absent,
// so a broken or hostile answer can neither crash a picker nor put odd text in it.
export const isHash = (value: unknown): value is string => typeof value === 'string' && /^0x[0-9a-fA-F]{64}$/.test(value);
export const isAddress = (value: unknown): value is string => typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value);
/** 0x-prefixed hex bytes (an even number of digits). Not `/^0x([0-9a-f]{2})*$/`: a group repeated over
 * megabytes of input (contract code) overflows the regular expression engine's stack. */
export const isHexData = (value: unknown): value is string =>
  typeof value === 'string' && value.length % 2 === 0 && /^0x[0-9a-fA-F]*$/.test(value);

/** A hex quantity as a bigint, or undefined (at most 64 hex digits: a word). */
export function quantity(value: unknown): bigint | undefined {
  return typeof value === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(value) ? BigInt(value) : undefined;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** "0xf39f…2266": an address or hash short enough for a picker line. */
export const shortHex = (value: string) => (value.length > 14 ? `${value.slice(0, 6)}…${value.slice(-4)}` : value);
