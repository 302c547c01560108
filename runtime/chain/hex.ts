// Strict parsing of the quantities and byte strings found in genesis files, RPC params and fixtures,
// with errors that say which field was wrong.

/** A quantity given as 0x-hex, a decimal string or a JS number. */
export function parseQuantity(value: unknown, where: string): bigint {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === 'string') {
    if (/^0x[0-9a-fA-F]+$/.test(value)) return BigInt(value);
    if (/^[0-9]+$/.test(value)) return BigInt(value);
  }
  throw new Error(`${where}: expected a non-negative number (0x-hex or decimal), got ${JSON.stringify(value)}`);
}

export function parseData(value: unknown, where: string): string {
  if (typeof value === 'string' && /^(0x)?([0-9a-fA-F]{2})*$/.test(value))
    return (value.startsWith('0x') ? value : '0x' + value).toLowerCase();
  throw new Error(`${where}: expected hex bytes, got ${JSON.stringify(value)}`);
}

export function parseAddress(value: unknown, where: string): string {
  if (typeof value === 'string' && /^(0x)?[0-9a-fA-F]{40}$/.test(value))
    return (value.startsWith('0x') ? value : '0x' + value).toLowerCase();
  throw new Error(`${where}: expected a 20-byte hex address, got ${JSON.stringify(value)}`);
}

/** A 32-byte word from 0x-hex of any length up to 32 bytes, left-padded. */
export function parseWord(value: unknown, where: string): string {
  if (typeof value === 'string' && /^(0x)?[0-9a-fA-F]{1,64}$/.test(value)) {
    return '0x' + value.replace(/^0x/, '').toLowerCase().padStart(64, '0');
  }
  throw new Error(`${where}: expected a hex word of up to 32 bytes, got ${JSON.stringify(value)}`);
}

export const toQuantity = (value: bigint | number): string => '0x' + value.toString(16);
