// A number the node answers as a hex quantity (eth_chainId, eth_blockNumber), checked: an answer that is not
// one, or is past what a number holds exactly, is an error that quotes it (masked, cut short).
import type { RpcClient } from '../rpc/client';
import { quantity } from './shapes';

export async function numberAnswer(client: RpcClient, method: 'eth_chainId' | 'eth_blockNumber'): Promise<number> {
  const answer = await client.request<unknown>(method, []);
  const value = quantity(answer);
  if (value === undefined || value > BigInt(Number.MAX_SAFE_INTEGER))
    throw new Error(`${method}: the node answered ${client.shown(JSON.stringify(answer), 80)}, not a hex quantity`);
  return Number(value);
}
