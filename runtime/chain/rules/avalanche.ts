// The Avalanche C-Chain's upgrade schedule (coreth's network upgrades, avalanchego's upgrade package) and the
// chain configs of the three C-Chains, in coreth's own JSON form: geth's fork keys (coreth aligns Berlin with
// Apricot Phase 2, London with Apricot Phase 3, Shanghai with Durango, Cancun with Etna, and never schedules
// Prague or Osaka) plus one `…Timestamp` key per Avalanche upgrade. A config from a C-Chain node's
// `eth_getChainConfig` has the same keys, so the rules below apply to it as well.
import type { GethChainConfig } from './config-value';
import { configValue, toBigInt } from './config-value';

/** The upgrades whose rules a replay must know, in activation order: coreth's config key for each. */
export const avalancheUpgrades = [
  { name: 'apricotPhase1', key: 'apricotPhase1BlockTimestamp' },
  { name: 'apricotPhase2', key: 'apricotPhase2BlockTimestamp' },
  { name: 'apricotPhase3', key: 'apricotPhase3BlockTimestamp' },
  { name: 'apricotPhase4', key: 'apricotPhase4BlockTimestamp' },
  { name: 'apricotPhase5', key: 'apricotPhase5BlockTimestamp' },
  { name: 'apricotPhasePre6', key: 'apricotPhasePre6BlockTimestamp' },
  { name: 'apricotPhase6', key: 'apricotPhase6BlockTimestamp' },
  { name: 'apricotPhasePost6', key: 'apricotPhasePost6BlockTimestamp' },
  { name: 'banff', key: 'banffBlockTimestamp' },
  { name: 'cortina', key: 'cortinaBlockTimestamp' },
  { name: 'durango', key: 'durangoBlockTimestamp' },
  { name: 'etna', key: 'etnaTimestamp' },
  { name: 'fortuna', key: 'fortunaTimestamp' },
  { name: 'granite', key: 'graniteTimestamp' },
] as const;

type AvalancheUpgrade = (typeof avalancheUpgrades)[number]['name'];

/** Which Avalanche upgrades are active for a block (by its timestamp, as coreth decides). */
export type AvalancheRules = Record<AvalancheUpgrade, boolean>;

/** A C-Chain config: coreth's keys (Apricot Phase 1 is set on every C-Chain). */
export function isAvalancheConfig(config: GethChainConfig): boolean {
  return configValue(config, avalancheUpgrades[0].key) !== undefined;
}

/** The Avalanche rules of a block, or undefined when the config is not a C-Chain's. */
export function avalancheRulesAt(config: GethChainConfig, timestamp: bigint): AvalancheRules | undefined {
  if (!isAvalancheConfig(config)) return undefined;
  const rules = {} as AvalancheRules;
  for (const { name, key } of avalancheUpgrades) {
    const at = toBigInt(configValue(config, key));
    rules[name] = at !== undefined && at <= timestamp;
  }
  return rules;
}

/** Subnet-EVM's own upgrade key: its fee and precompile rules are not modelled. */
export const subnetEvmKey = 'subnetEVMTimestamp';

/** The C-Chain's fee recipient: consensus requires every block's coinbase to be this address. */
export const avalancheCoinbase = '0x0100000000000000000000000000000000000000';

type Schedule = Record<AvalancheUpgrade, number>;

/** avalanchego's upgrade.Mainnet (UTC instants as Unix seconds). */
const mainnetSchedule: Schedule = {
  apricotPhase1: 1617199200, // 2021-03-31 14:00
  apricotPhase2: 1620644400, // 2021-05-10 11:00
  apricotPhase3: 1629813600, // 2021-08-24 14:00
  apricotPhase4: 1632344400, // 2021-09-22 21:00
  apricotPhase5: 1638468000, // 2021-12-02 18:00
  apricotPhasePre6: 1662341400, // 2022-09-05 01:30
  apricotPhase6: 1662494400, // 2022-09-06 20:00
  apricotPhasePost6: 1662519600, // 2022-09-07 03:00
  banff: 1666108800, // 2022-10-18 16:00
  cortina: 1682434800, // 2023-04-25 15:00
  durango: 1709740800, // 2024-03-06 16:00
  etna: 1734368400, // 2024-12-16 17:00
  fortuna: 1744124400, // 2025-04-08 15:00
  granite: 1763568000, // 2025-11-19 16:00
};

/** avalanchego's upgrade.Fuji. */
const fujiSchedule: Schedule = {
  apricotPhase1: 1616767200, // 2021-03-26 14:00
  apricotPhase2: 1620223200, // 2021-05-05 14:00
  apricotPhase3: 1629140400, // 2021-08-16 19:00
  apricotPhase4: 1631826000, // 2021-09-16 21:00
  apricotPhase5: 1637766000, // 2021-11-24 15:00
  apricotPhasePre6: 1662494400, // 2022-09-06 20:00
  apricotPhase6: 1662494400, // 2022-09-06 20:00
  apricotPhasePost6: 1662530400, // 2022-09-07 06:00
  banff: 1664805600, // 2022-10-03 14:00
  cortina: 1680793200, // 2023-04-06 15:00
  durango: 1707840000, // 2024-02-13 16:00
  etna: 1732550400, // 2024-11-25 16:00
  fortuna: 1741878000, // 2025-03-13 15:00
  granite: 1761750000, // 2025-10-29 15:00
};

/** avalanchego's upgrade.Default (local networks): every upgrade active from 2020-12-05 05:00 UTC. */
const initiallyActive = 1607144400;
const localSchedule = Object.fromEntries(avalancheUpgrades.map(({ name }) => [name, initiallyActive])) as Schedule;

/** The C-Chain config coreth builds for a network: Ethereum forks aligned with the Avalanche upgrades. */
function cChainConfig(chainId: number, schedule: Schedule, berlinBlock: number, londonBlock: number): GethChainConfig {
  const config: GethChainConfig = { chainId };
  for (const key of [
    'homesteadBlock',
    'daoForkBlock',
    'eip150Block',
    'eip155Block',
    'eip158Block',
    'byzantiumBlock',
    'constantinopleBlock',
    'petersburgBlock',
    'istanbulBlock',
    'muirGlacierBlock',
  ]) {
    config[key] = 0;
  }
  config.daoForkSupport = true;
  config.berlinBlock = berlinBlock;
  config.londonBlock = londonBlock;
  config.shanghaiTime = schedule.durango;
  config.cancunTime = schedule.etna;
  for (const { name, key } of avalancheUpgrades) config[key] = schedule[name];
  return config;
}

// Berlin and London by block number: the Apricot Phase 2 and 3 activation blocks coreth names for each network.
export const avalancheMainnetConfig = cChainConfig(43114, mainnetSchedule, 1640340, 3308552);
export const avalancheFujiConfig = cChainConfig(43113, fujiSchedule, 184985, 805078);
export const avalancheLocalConfig = cChainConfig(43112, localSchedule, 0, 0);
