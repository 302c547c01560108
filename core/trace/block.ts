// The block parameter: tags, numbers and hashes, with `latest` made a number (eth_blockNumber) because
// providers document the block parameter as a hex quantity.
import type { RpcClient, RequestOptions } from '../rpc/client';
import { toQuantity } from './call';

/** Parses a block tag as typed: latest/earliest/pending/safe/finalized, a decimal or hex number, or a hash. */
export function parseBlockTag(text: string): string {
  const value = text.trim();
  if (['latest', 'earliest', 'pending', 'safe', 'finalized'].includes(value.toLowerCase())) return value.toLowerCase();
  if (/^0x[0-9a-fA-F]{64}$/.test(value)) return value;
  return toQuantity(value, 'block');
}

/** The block parameter to send: `latest` resolved to the current number, `earliest` to 0x0. */
export async function resolveBlock(client: RpcClient, tag: string, options: RequestOptions = {}): Promise<string> {
  const parsed = parseBlockTag(tag);
  if (parsed === 'latest') return client.request<string>('eth_blockNumber', [], options);
  if (parsed === 'earliest') return '0x0';
  return parsed;
}

/** A block to trace as typed: a 32-byte hash, or a number (decimal or hex) or `latest`; throws saying which it is not. */
export function parseBlockTarget(text: string): { hash: string } | { number: string } {
  const value = text.trim();
  if (/^0x[0-9a-fA-F]{64}$/.test(value)) return { hash: value };
  // A hash cut short is not taken for a (huge) block number.
  if (/^0x[0-9a-fA-F]{17,}$/.test(value) || !/^(?:latest|\d+|0x[0-9a-fA-F]+)$/i.test(value))
    throw new Error(`block '${text}' is neither a 0x-prefixed 32-byte hash, a block number nor latest`);
  return { number: parseBlockTag(value) };
}
