// The chains whose rules are known by name and id: Ethereum's public networks (geth's configs) and the three
// Avalanche C-Chains (coreth's). `evm-tracer node --chain NAME|ID` runs a dev chain with one of them, and fork
// mode recognises an upstream as one of them by its chain id and genesis hash.
import type { GethChainConfig } from './config-value';
import { avalancheCoinbase, avalancheFujiConfig, avalancheLocalConfig, avalancheMainnetConfig, isAvalancheConfig } from './avalanche';
import { configValue, toBigInt } from './config-value';
import { ethereumGenesisHashes, holeskyConfig, hoodiConfig, mainnetConfig, sepoliaConfig } from './ethereum';

interface KnownChain {
  name: string;
  title: string;
  chainId: number;
  config: GethChainConfig;
  /** The hash of block 0: an upstream with this chain id but another genesis is some other chain. */
  genesisHash: string;
}

/** Mainnet and Fuji share one C-Chain genesis; the local network's is avalanchego's (v1.14.0) local genesis. */
const cChainGenesis = '0x31ced5b9beb7f8782b014660da0cb18cc409f121f408186886e1ca3e8eeca96b';
const localCChainGenesis = '0x608ddbd611241719b64642d8e152537e2a5bdf46b6ddb9e8f15340c5e007b8b1';

export const knownChains: readonly KnownChain[] = [
  { name: 'mainnet', title: 'Ethereum mainnet', chainId: 1, config: mainnetConfig, genesisHash: ethereumGenesisHashes.mainnet },
  { name: 'sepolia', title: 'Sepolia', chainId: 11155111, config: sepoliaConfig, genesisHash: ethereumGenesisHashes.sepolia },
  { name: 'holesky', title: 'Holesky', chainId: 17000, config: holeskyConfig, genesisHash: ethereumGenesisHashes.holesky },
  { name: 'hoodi', title: 'Hoodi', chainId: 560048, config: hoodiConfig, genesisHash: ethereumGenesisHashes.hoodi },
  { name: 'avalanche', title: 'Avalanche C-Chain', chainId: 43114, config: avalancheMainnetConfig, genesisHash: cChainGenesis },
  { name: 'fuji', title: 'Avalanche Fuji C-Chain', chainId: 43113, config: avalancheFujiConfig, genesisHash: cChainGenesis },
  {
    name: 'avalanche-local',
    title: 'Avalanche local network C-Chain',
    chainId: 43112,
    config: avalancheLocalConfig,
    genesisHash: localCChainGenesis,
  },
];

export const knownChainNames = knownChains.map((chain) => chain.name);

/** A known chain by name (any case) or decimal chain id. */
export function knownChain(nameOrId: string): KnownChain | undefined {
  const wanted = nameOrId.trim().toLowerCase();
  return knownChains.find((chain) => chain.name === wanted || String(chain.chainId) === wanted);
}

/** The known chain with this id and genesis, if any. */
export function identifyChain(chainId: number, genesisHash: string): KnownChain | undefined {
  return knownChains.find((chain) => chain.chainId === chainId && chain.genesisHash === genesisHash.toLowerCase());
}

/** The rules a dev chain of this config runs: every fork active by `now` from block 0 (later ones as scheduled). */
export function latestRules(config: GethChainConfig, now: bigint): GethChainConfig {
  const latest: GethChainConfig = { ...config };
  for (const [key, value] of Object.entries(config)) {
    const at = /(Block|Time|Timestamp)$/.test(key) ? toBigInt(value) : undefined;
    if (at !== undefined && (key.endsWith('Block') || at <= now)) latest[key] = 0;
  }
  // A merged chain is past the merge from genesis.
  if (configValue(config, 'terminalTotalDifficulty') !== undefined) latest.terminalTotalDifficulty = 0;
  return latest;
}

/** What a dev chain with these rules starts from besides its config. */
export function devChainDefaults(config: GethChainConfig): {
  coinbase?: string;
  difficulty?: bigint;
  gasLimit?: bigint;
  baseFeePerGas?: bigint;
} {
  // The C-Chain: the fee recipient consensus requires, difficulty 1, and what ACP-176 (Fortuna) gives an idle
  // chain at its minimum gas target: a base fee of 1 wei and a gas limit (capacity) of 10,000,000.
  return isAvalancheConfig(config) ? { coinbase: avalancheCoinbase, difficulty: 1n, gasLimit: 10_000_000n, baseFeePerGas: 1n } : {};
}
