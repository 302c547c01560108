// The rules of one block of a chain, from its geth (or coreth) chain config: the @ethereumjs Common of the
// Ethereum hardfork active at the block's number and timestamp, and on an Avalanche C-Chain the Avalanche
// upgrades active at its timestamp (which change fees, refunds and precompiles, see avalanche.ts).
import { createCustomCommon, Hardfork, Mainnet, type Common } from '@ethereumjs/common';
import type { GethChainConfig } from '../chain/rules/config-value';
import { avalancheRulesAt } from '../chain/rules/avalanche';
import { configValue, toBigInt } from '../chain/rules/config-value';
import { avalancheCommonOptions } from './avalanche';
import { gethForks } from '../chain/rules/forks';
import { noKzg } from './no-kzg';
import type { BlockRules } from './block-rules';
import { Unreproducible } from './unreproducible';

export { toBigInt };

/** A block as far as its rules go: geth also counts a block with zero difficulty as past the merge. */
interface BlockPosition {
  number: bigint;
  timestamp: bigint;
  difficulty?: bigint;
}

function forkIndex(hardfork: string): number {
  return gethForks.findIndex((fork) => fork.hardfork === hardfork);
}

/** The block or time at which a fork activates; geth reads a missing Petersburg as Constantinople's block. */
function activation(config: GethChainConfig, key: string): bigint | undefined {
  const at = toBigInt(configValue(config, key));
  return at === undefined && key === 'petersburgBlock' ? toBigInt(configValue(config, 'constantinopleBlock')) : at;
}

/** The ethereumjs hardfork geth would apply to this block. */
function hardforkAt(config: GethChainConfig, { number, timestamp, difficulty }: BlockPosition): string {
  let active: string = Hardfork.Chainstart;
  for (const { key, hardfork } of gethForks) {
    const at = activation(config, key);
    if (at !== undefined && at <= (key.endsWith('Time') ? timestamp : number)) active = hardfork;
  }
  // Past the merge: proof of stake from genesis (a terminal total difficulty of 0), or, as geth decides for
  // a block it executes, a London block whose difficulty is 0 on a chain that has a terminal difficulty.
  const ttd = toBigInt(configValue(config, 'terminalTotalDifficulty'));
  const london = forkIndex(active) >= forkIndex(Hardfork.London);
  if (london && forkIndex(active) < forkIndex(Hardfork.Paris) && (ttd === 0n || (ttd !== undefined && difficulty === 0n)))
    active = Hardfork.Paris;
  return active;
}

function chainIdOf(config: GethChainConfig): bigint {
  return toBigInt(configValue(config, 'chainId')) ?? 1n;
}

export function rulesFor(config: GethChainConfig, block: BlockPosition): BlockRules {
  const hardfork = hardforkAt(config, block);
  const avalanche = avalancheRulesAt(config, block.timestamp);
  const unreproducible = new Unreproducible();
  const common = createCustomCommon({ chainId: Number(chainIdOf(config)) }, Mainnet, {
    hardfork,
    customCrypto: { kzg: noKzg(unreproducible) },
    ...(avalanche ? avalancheCommonOptions(avalanche, hardfork) : {}),
  });
  return { common, avalanche, timestamp: block.timestamp, unreproducible };
}

export function commonFor(config: GethChainConfig, number: bigint, timestamp: bigint): Common {
  return rulesFor(config, { number, timestamp }).common;
}
