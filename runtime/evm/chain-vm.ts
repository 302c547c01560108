// The one place a VM is built for a chain's block rules, for every execution path (the dev chain's blocks
// and calls, the trace worker's jobs), so that a chain's own rules (avalanche.ts) apply everywhere alike.
import type { HeaderData } from '@ethereumjs/block';
import type { EVMMockBlockchainInterface } from '@ethereumjs/evm';
import type { StateManagerInterface } from '@ethereumjs/common';
import { createAddressFromString, type Address } from '@ethereumjs/util';
import { createVM, type VM } from '@ethereumjs/vm';
import { avalancheExecution, avalancheRandao } from './avalanche';
import type { BlockRules } from './block-rules';

export async function createChainVM(
  rules: BlockRules,
  stateManager: StateManagerInterface,
  options: { coinbase: Address | string; blockchain?: EVMMockBlockchainInterface },
): Promise<VM> {
  const avalanche = avalancheExecution(rules);
  const vm = await createVM({ common: rules.common, stateManager, blockchain: options.blockchain, evmOpts: avalanche?.evmOpts });
  const coinbase = typeof options.coinbase === 'string' ? createAddressFromString(options.coinbase) : options.coinbase;
  avalanche?.install(vm, coinbase);
  return vm;
}

/** A block header as the chain's rules want it run (on the C-Chain: PREVRANDAO gives the difficulty). */
export function ruledHeader<T extends HeaderData>(rules: BlockRules, header: T): T {
  if (!rules.avalanche) return header;
  const difficulty = header.difficulty === undefined ? 0n : BigInt(header.difficulty as bigint);
  return { ...header, mixHash: avalancheRandao(difficulty) };
}
