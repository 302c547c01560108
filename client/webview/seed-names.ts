// What the local node's seeded example chain names (`evmtracer_seedInfo`): its contracts by address
// ("Router") and their ABIs' functions, learnt after each trace on that node, for the result panel's
// pictures and HTML reports. Other nodes have no seed: nothing is asked of them.
import { nameTable, type NameTable } from '../../core/abi/names';
import { readSeedInfo } from '../../core/chain/seed-info';
import type { RpcClient } from '../../core/rpc/client';

const byNode = new Map<string, NameTable>();

export async function learnSeedNames(nodeName: string, client: RpcClient): Promise<void> {
  const seed = await readSeedInfo(client);
  if (seed.contracts.length === 0) {
    byNode.delete(nodeName);
    return;
  }
  const names = nameTable(seed.contracts.flatMap((contract) => contract.functions.map((fn) => fn.abi)));
  names.contracts = Object.fromEntries(seed.contracts.flatMap((contract) => (contract.address ? [[contract.address, contract.name]] : [])));
  byNode.set(nodeName, names);
}

/** The seed's names for a node, once a trace on it has learnt them. */
export const seedNames = (nodeName: string): NameTable | undefined => byNode.get(nodeName);
