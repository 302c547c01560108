// An @ethereumjs Common for a geth chain config at a given block: the hardfork active at that block number
// and timestamp, and the chain id. geth reads config keys case-insensitively (`IstanbulBlock` works).
import { createCustomCommon, Hardfork, Mainnet, type Common } from '@ethereumjs/common';
import type { GethChainConfig } from '../trace/job';
import { gethForks } from './forks';
import { noKzg } from './no-kzg';


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
  for (const { key, hardfork } of gethForks) {
    const at = toBigInt(configValue(config, key));
    if (at === undefined) continue;
    if (at <= (key.endsWith('Time') ? timestamp : number)) active = hardfork;
  }
  // Merged chains: a terminal total difficulty of 0 means proof of stake from genesis.
  const ttd = toBigInt(configValue(config, 'terminalTotalDifficulty'));
  if (ttd === 0n && forkIndex(active) < forkIndex(Hardfork.Paris)) {
    const london = toBigInt(configValue(config, 'londonBlock'));
    if (london !== undefined && london <= number) active = Hardfork.Paris;
  }
  return active;
}

function forkIndex(hardfork: string): number {
  return gethForks.findIndex((fork) => fork.hardfork === hardfork);
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
