// The node's own accounts (eth_accounts: the dev accounts on the local node) with their balances, for the
// `from` pickers. Bounded: a node listing thousands of accounts shows the first few.
import type { RpcClient } from '../rpc/client';
import { formatUnits } from '../xchain-balance';
import { isAddress, quantity } from './shapes';

interface NodeAccount {
  address: string;
  /** In wei; undefined when the node did not tell. */
  balance?: bigint;
}

const maxAccounts = 20;

export async function nodeAccounts(client: RpcClient, signal?: AbortSignal): Promise<NodeAccount[]> {
  const listed = await client.request<unknown>('eth_accounts', [], { signal }).catch(() => []);
  const addresses = (Array.isArray(listed) ? listed.slice(0, maxAccounts) : []).filter(isAddress);
  return Promise.all(
    addresses.map(async (address) => ({
      address,
      balance: await client.request<unknown>('eth_getBalance', [address, 'latest'], { signal }).then(quantity, () => undefined),
    })),
  );
}

/** The native coin of a chain, for balances: AVAX on the Avalanche C-Chains (and the local node's 43112), else ETH. */
export const nativeSymbol = (chainId: number | undefined) => (chainId === 43114 || chainId === 43113 || chainId === 43112 ? 'AVAX' : 'ETH');

/** "10000 AVAX", "0.25 ETH": 18 decimals, at most 4 shown. */
export function formatBalance(wei: bigint, symbol: string): string {
  const [whole, fraction = ''] = formatUnits(wei.toString(), 18).split('.');
  const shown = fraction.slice(0, 4).replace(/0+$/, '');
  return `${whole}${shown ? '.' + shown : ''} ${symbol}`;
}
