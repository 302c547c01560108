// What the node tells about its seeded example chain (`evmtracer_seedInfo`, only our local node has it):
// contract names and ABIs by address, and the example transactions' titles. Other nodes answer
// "method not found", read as "nothing seeded".
import type { RpcClient } from '../rpc/client';
import { contractFromAbi, type ContractInfo } from './contracts';
import { isAddress, isHash, isRecord } from './shapes';

export interface SeedInfo {
  seed: 'examples' | 'empty' | 'unknown';
  contracts: ContractInfo[];
  /** Example transactions: hash → what it shows. */
  titles: Map<string, string>;
}

const nothing = (): SeedInfo => ({ seed: 'unknown', contracts: [], titles: new Map() });

export async function readSeedInfo(client: RpcClient, signal?: AbortSignal): Promise<SeedInfo> {
  let answer: unknown;
  try {
    answer = await client.request('evmtracer_seedInfo', [], { signal, timeoutMs: 10_000 });
  } catch {
    return nothing();
  }
  if (!isRecord(answer)) return nothing();
  const contracts = (Array.isArray(answer.contracts) ? answer.contracts.slice(0, 100) : [])
    .filter(
      (c): c is Record<string, unknown> & { name: string; address: string; abi: unknown[] } =>
        isRecord(c) && typeof c.name === 'string' && c.name.length <= 100 && isAddress(c.address) && Array.isArray(c.abi),
    )
    .map((c) => contractFromAbi(c.name, c.abi, 'seeded example', { address: c.address.toLowerCase() }));
  const titles = new Map<string, string>();
  for (const tx of Array.isArray(answer.transactions) ? answer.transactions.slice(0, 100) : []) {
    if (isRecord(tx) && isHash(tx.hash) && typeof tx.title === 'string') titles.set(tx.hash.toLowerCase(), tx.title.slice(0, 100));
  }
  const seed = answer.seed === 'examples' || answer.seed === 'empty' ? answer.seed : 'unknown';
  return { seed, contracts, titles };
}
