// The order a chain config's forks must come in, as geth checks it before it runs a chain
// (params.ChainConfig.CheckConfigForkOrder): no fork left out before a later one is scheduled, but the optional
// ones; each at or after the one before it (blocks compared with blocks, times with times). coreth checks the
// same of the Ethereum forks, and of the Avalanche upgrades in their own order.
import type { GethChainConfig } from './config-value';
import { configValue, toBigInt } from './config-value';
import { avalancheUpgrades, isAvalancheConfig } from './avalanche';
import { gethForks } from './forks';

/** The forks geth lets a chain leave out while it schedules later ones. */
const optional = new Set([
  'daoForkBlock',
  'muirGlacierBlock',
  'arrowGlacierBlock',
  'grayGlacierBlock',
  'mergeNetsplitBlock',
  'cancunTime',
  'pragueTime',
  'osakaTime',
  'bpo1Time',
  'bpo2Time',
]);

/** geth's order: EIP-155 comes just before EIP-158. */
const ethereumOrder = gethForks.flatMap((fork) => [...(fork.companions ?? []), fork.key]);
const avalancheOrder = avalancheUpgrades.map((upgrade) => upgrade.key);

const unit = (key: string) => (/(Time|Timestamp)$/.test(key) ? 'timestamp' : 'block');

/** Throws geth's error for the first fork out of order in `keys`. */
function checkOrder(config: GethChainConfig, keys: readonly string[]): void {
  let last: { key: string; at: bigint | undefined } | undefined;
  for (const key of keys) {
    const at = toBigInt(configValue(config, key));
    if (last && at !== undefined) {
      if (last.at === undefined)
        throw new Error(`unsupported fork ordering: ${last.key} not enabled, but ${key} enabled at ${unit(key)} ${at}`);
      if (unit(last.key) === unit(key) && last.at > at)
        throw new Error(
          `unsupported fork ordering: ${last.key} enabled at ${unit(key)} ${last.at}, but ${key} enabled at ${unit(key)} ${at}`,
        );
    }
    if (!optional.has(key) || at !== undefined) last = { key, at };
  }
}

/** Throws, prefixed with `where`, if the config's forks are out of geth's (and on a C-Chain coreth's) order. */
export function checkForkOrder(config: GethChainConfig, where: string): void {
  try {
    checkOrder(config, ethereumOrder);
    if (isAvalancheConfig(config)) checkOrder(config, avalancheOrder);
  } catch (error) {
    throw new Error(`${where}: ${(error as Error).message}`);
  }
}
