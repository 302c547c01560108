// Strict parsing of the quantities and byte strings found in genesis files, RPC params and fixtures,
// with errors that say which field was wrong.
import { isHexData } from '../../core/chain/shapes';

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
  if (typeof value === 'string' && isHexData(value.startsWith('0x') ? value : '0x' + value))
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

/** A JSON-RPC quantity as geth decodes one (hexutil): `0x` and hex digits without leading zeros, at most `bits` bits. */
export function parseRpcQuantity(value: unknown, where: string, bits: 64 | 256): bigint {
  if (typeof value === 'string' && /^0[xX](0|[1-9a-fA-F][0-9a-fA-F]*)$/.test(value) && value.length - 2 <= bits / 4) return BigInt(value);
  throw new Error(`${where}: expected a hex quantity of at most ${bits} bits (0x, no leading zeros), got ${JSON.stringify(value)}`);
}

/** Exactly `bytes` bytes of 0x-hex, as geth decodes a hash or an address from JSON-RPC; lower-case. */
export function parseRpcBytes(value: unknown, where: string, bytes: 20 | 32): string {
  if (typeof value === 'string' && value.length === 2 + 2 * bytes && /^0[xX][0-9a-fA-F]*$/.test(value))
    return '0x' + value.slice(2).toLowerCase();
  throw new Error(`${where}: expected ${bytes} bytes of 0x-hex, got ${JSON.stringify(value)}`);
}

export const toQuantity = (value: bigint | number): string => '0x' + value.toString(16);
