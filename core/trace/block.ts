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
