// Geth chain configs for the dev chain: `--hardfork NAME` activates every fork up to NAME at genesis.
import type { GethChainConfig } from '../trace/job';

/** Forks in activation order with the geth genesis `config` key that activates each one. */
const forkKeys: Array<[name: string, keys: string[]]> = [
  ['homestead', ['homesteadBlock']],
  ['tangerineWhistle', ['eip150Block']],
  ['spuriousDragon', ['eip155Block', 'eip158Block']],
  ['byzantium', ['byzantiumBlock']],
  ['constantinople', ['constantinopleBlock']],
  ['petersburg', ['petersburgBlock']],
  ['istanbul', ['istanbulBlock']],
  ['muirGlacier', ['muirGlacierBlock']],
  ['berlin', ['berlinBlock']],
  ['london', ['londonBlock']],
  ['arrowGlacier', ['arrowGlacierBlock']],
  ['grayGlacier', ['grayGlacierBlock']],
  ['paris', ['mergeNetsplitBlock']],
  ['shanghai', ['shanghaiTime']],
  ['cancun', ['cancunTime']],
  ['prague', ['pragueTime']],
  ['osaka', ['osakaTime']],
];

export const hardforkNames: readonly string[] = forkKeys.map(([name]) => name);

/** The genesis `config` of a chain where every fork up to `hardfork` (inclusive) is active from block 0. */
export function chainConfigFor(chainId: number, hardfork: string): GethChainConfig {
  const last = forkKeys.findIndex(([name]) => name.toLowerCase() === hardfork.toLowerCase());
  if (last < 0) throw new Error(`unknown hardfork '${hardfork}' (known: ${hardforkNames.join(', ')})`);
  const config: GethChainConfig = { chainId };
  for (const [, keys] of forkKeys.slice(0, last + 1)) for (const key of keys) config[key] = 0;
  if (last >= forkKeys.findIndex(([name]) => name === 'paris')) {
    config.terminalTotalDifficulty = 0;
    config.terminalTotalDifficultyPassed = true;
  }
  return config;
}
