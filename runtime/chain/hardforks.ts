// Geth chain configs for the dev chain: `--hardfork NAME` activates every fork up to NAME at genesis.
import { Hardfork } from '@ethereumjs/common';
import { gethForks } from './rules/forks';
import type { GethChainConfig } from './rules/config-value';

const selectable = gethForks.filter((fork) => fork.selectable);

/** The names `--hardfork` takes, in activation order: Frontier (a config that turns no fork on), then
 * ethereumjs' names of geth's forks. */
export const hardforkNames: readonly string[] = ['frontier', ...selectable.map((fork) => fork.hardfork)];

/** Other spellings of these forks: ethereumjs' and Hardhat 2's chainstart, anvil's Tangerine and Dao (the DAO
 * fork moved balances once and changed no rule: Homestead's rules), geth's test names EIP150, EIP158 and
 * ConstantinopleFix, Hardhat's merge. */
const aliases: Record<string, string> = {
  chainstart: 'frontier',
  dao: Hardfork.Homestead,
  tangerine: Hardfork.TangerineWhistle,
  eip150: Hardfork.TangerineWhistle,
  eip158: Hardfork.SpuriousDragon,
  constantinoplefix: Hardfork.Petersburg,
  merge: Hardfork.Paris,
};

/** The `--hardfork` name a fork is known by, from any of its spellings in any case; undefined if none. */
export function hardforkName(name: string): string | undefined {
  const lower = name.toLowerCase();
  return hardforkNames.find((known) => known.toLowerCase() === lower) ?? aliases[lower];
}

/** A block no chain reaches: geth reads a config without `petersburgBlock` as Petersburg from Constantinople's
 * block on, so Constantinople alone (EIP-1283's SSTORE gas) needs Petersburg scheduled out of reach. */
const never = Number.MAX_SAFE_INTEGER;

/** The genesis `config` of a chain where every fork up to `hardfork` (inclusive) is active from block 0. */
export function chainConfigFor(chainId: number, hardfork: string): GethChainConfig {
  const name = hardforkName(hardfork);
  if (name === undefined) throw new Error(`unknown hardfork '${hardfork}' (known: ${hardforkNames.join(', ')})`);
  const last = hardforkNames.indexOf(name);
  const config: GethChainConfig = { chainId };
  // hardforkNames[i] is selectable[i - 1]: Frontier turns nothing on.
  for (const fork of selectable.slice(0, last)) for (const key of [fork.key, ...(fork.companions ?? [])]) config[key] = 0;
  if (name === Hardfork.Constantinople) config.petersburgBlock = never;
  if (last >= hardforkNames.indexOf(Hardfork.Paris)) {
    config.terminalTotalDifficulty = 0;
    config.terminalTotalDifficultyPassed = true;
  }
  return config;
}
