// Geth chain configs for the dev chain: `--hardfork NAME` activates every fork up to NAME at genesis.
import { Hardfork } from '@ethereumjs/common';
import { gethForks } from './rules/forks';
import type { GethChainConfig } from './rules/config-value';

const selectable = gethForks.filter((fork) => fork.selectable);

export const hardforkNames: readonly string[] = selectable.map((fork) => fork.hardfork);

/** The genesis `config` of a chain where every fork up to `hardfork` (inclusive) is active from block 0. */
export function chainConfigFor(chainId: number, hardfork: string): GethChainConfig {
  const last = selectable.findIndex((fork) => fork.hardfork.toLowerCase() === hardfork.toLowerCase());
  if (last < 0) throw new Error(`unknown hardfork '${hardfork}' (known: ${hardforkNames.join(', ')})`);
  const config: GethChainConfig = { chainId };
  for (const fork of selectable.slice(0, last + 1)) for (const key of [fork.key, ...(fork.companions ?? [])]) config[key] = 0;
  if (last >= selectable.findIndex((fork) => fork.hardfork === Hardfork.Paris)) {
    config.terminalTotalDifficulty = 0;
    config.terminalTotalDifficultyPassed = true;
  }
  return config;
}
