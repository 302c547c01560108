// An @ethereumjs Common for a geth chain config at a given block: the hardfork active at that block number
// and timestamp, and the chain id. geth reads config keys case-insensitively (`IstanbulBlock` works).
import { createCustomCommon, Hardfork, Mainnet, type Common } from '@ethereumjs/common';
import type { GethChainConfig } from '../trace/job';
import { noKzg } from './no-kzg';

/** Forks in activation order: the geth config key and the ethereumjs hardfork it switches on. */
const forks: Array<[key: string, hardfork: string]> = [
  ['homesteadBlock', Hardfork.Homestead],
  ['daoForkBlock', Hardfork.Dao],
  ['eip150Block', Hardfork.TangerineWhistle],
  ['eip158Block', Hardfork.SpuriousDragon],
  ['byzantiumBlock', Hardfork.Byzantium],
  ['constantinopleBlock', Hardfork.Constantinople],
  ['petersburgBlock', Hardfork.Petersburg],
  ['istanbulBlock', Hardfork.Istanbul],
  ['muirGlacierBlock', Hardfork.MuirGlacier],
  ['berlinBlock', Hardfork.Berlin],
  ['londonBlock', Hardfork.London],
  ['arrowGlacierBlock', Hardfork.ArrowGlacier],
  ['grayGlacierBlock', Hardfork.GrayGlacier],
  ['mergeNetsplitBlock', Hardfork.Paris],
  ['shanghaiTime', Hardfork.Shanghai],
  ['cancunTime', Hardfork.Cancun],
  ['pragueTime', Hardfork.Prague],
  ['osakaTime', Hardfork.Osaka],
];

function configValue(config: GethChainConfig, key: string): unknown {
  const lower = key.toLowerCase();
  for (const [k, v] of Object.entries(config)) if (k.toLowerCase() === lower) return v;
  return undefined;
}

export function toBigInt(value: unknown): bigint | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return BigInt(value);
  if (typeof value === 'string') return BigInt(value);
  return undefined;
}

/** The ethereumjs hardfork geth would apply at this block number and timestamp. */
function hardforkAt(config: GethChainConfig, number: bigint, timestamp: bigint): string {
  let active: string = Hardfork.Chainstart;
  for (const [key, hardfork] of forks) {
    const at = toBigInt(configValue(config, key));
    if (at === undefined) continue;
    if (at <= (key.endsWith('Time') ? timestamp : number)) active = hardfork;
  }
  // Merged chains: a terminal total difficulty of 0 means proof of stake from genesis.
  const ttd = toBigInt(configValue(config, 'terminalTotalDifficulty'));
  if (ttd === 0n && forks.findIndex(([, h]) => h === active) < forks.findIndex(([, h]) => h === Hardfork.Paris)) {
    const london = toBigInt(configValue(config, 'londonBlock'));
    if (london !== undefined && london <= number) active = Hardfork.Paris;
  }
  return active;
}

function chainIdOf(config: GethChainConfig): bigint {
  return toBigInt(configValue(config, 'chainId')) ?? 1n;
}

export function commonFor(config: GethChainConfig, number: bigint, timestamp: bigint): Common {
  return createCustomCommon({ chainId: Number(chainIdOf(config)) }, Mainnet, {
    hardfork: hardforkAt(config, number, timestamp),
    customCrypto: { kzg: noKzg },
  });
}
