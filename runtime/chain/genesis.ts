// Genesis of the dev chain: either a geth genesis file (`--genesis FILE`) or the default dev genesis
// (chain id, hardfork, prefunded dev accounts).
import type { AllocAccount } from '../state/alloc';
import type { GethChainConfig } from './rules/config-value';
import { gethForks } from './rules/forks';
import { avalancheUpgrades, subnetEvmKey } from './rules/avalanche';
import { devChainDefaults } from './rules/registry';
import { parseAddress, parseData, parseQuantity, parseWord, toQuantity } from './hex';
import { devAccountBalance, type DevAccount } from './dev-accounts';
import { isRecord } from '../../core/chain/shapes';

type Alloc = Record<string, AllocAccount>;

export interface GenesisSpec {
  config: GethChainConfig;
  /** Normalised: lowercase 0x addresses, hex balances, numeric nonces, 32-byte storage words. */
  alloc: Alloc;
  timestamp: bigint;
  gasLimit: bigint;
  difficulty: bigint;
  extraData: string;
  coinbase: string;
  mixHash: string;
  baseFeePerGas?: bigint;
}

/** geth's initial base fee (params.InitialBaseFee) when London is active at genesis. */
const initialBaseFee = 1_000_000_000n;

export function normaliseAlloc(alloc: unknown, where: string): Alloc {
  if (!isRecord(alloc)) throw new Error(`${where}: expected an object of address → account`);
  const result: Alloc = {};
  for (const [key, account] of Object.entries(alloc)) {
    const address = parseAddress(key, `${where}: address`);
    const at = `${where}.${key}`;
    if (!isRecord(account)) throw new Error(`${at}: expected an account object`);
    const normalised: AllocAccount = { balance: toQuantity(parseQuantity(account.balance ?? '0x0', `${at}.balance`)) };
    if (account.nonce !== undefined) normalised.nonce = Number(parseQuantity(account.nonce, `${at}.nonce`));
    if (account.code !== undefined) normalised.code = parseData(account.code, `${at}.code`);
    if (account.storage !== undefined) {
      if (!isRecord(account.storage)) throw new Error(`${at}.storage: expected an object of slot → value`);
      normalised.storage = Object.fromEntries(
        Object.entries(account.storage).map(([slot, value]) => [
          parseWord(slot, `${at}.storage: slot`),
          parseWord(value, `${at}.storage.${slot}`),
        ]),
      );
    }
    result[address] = normalised;
  }
  return result;
}

/** Config keys holding a block number, a timestamp or a total difficulty (read as integers later), by their
 * lower-case form (geth matches keys in any case). */
const scheduleKeys = new Map(
  [
    ...gethForks.flatMap((fork) => [fork.key, ...(fork.companions ?? [])]),
    ...avalancheUpgrades.map((upgrade) => upgrade.key),
    'terminalTotalDifficulty',
  ].map((key) => [key.toLowerCase(), key]),
);

/** Each fork block/time (keys matched case-insensitively, as geth does) must be a non-negative integer or null. */
function checkForkSchedule(config: Record<string, unknown>, where: string): void {
  for (const [key, value] of Object.entries(config)) {
    if (!scheduleKeys.has(key.toLowerCase()) || value === null) continue;
    // A JSON number past 2^53 is still an integer (mainnet's terminalTotalDifficulty is one).
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) continue;
    parseQuantity(value, `${where}.${key}`);
  }
}

/** A geth (or coreth) chain config, checked: chain id, fork blocks and times; `where` names it in errors. */
export function parseChainConfig(json: unknown, where: string): GethChainConfig {
  if (!isRecord(json)) throw new Error(`${where}: expected a chain config object`);
  const chainId = parseQuantity(json.chainId, `${where}.chainId`);
  if (chainId > BigInt(Number.MAX_SAFE_INTEGER))
    throw new Error(`${where}.chainId: must be at most ${Number.MAX_SAFE_INTEGER} (got ${chainId})`);
  checkForkSchedule(json, where);
  if (Object.keys(json).some((key) => key.toLowerCase() === subnetEvmKey.toLowerCase())) {
    throw new Error(`${where}: a Subnet-EVM config (${subnetEvmKey}): Subnet-EVM's fee and precompile rules are not modelled`);
  }
  return { ...json, chainId: Number(chainId) };
}

/** What the runtime reads of a config (chain id, fork blocks and times, terminal total difficulty), each key as
 * geth spells it, the first of any case as configValue finds it: an upstream's config may carry anything else,
 * and each trace job takes the config to its worker. */
export function rulesOnly(config: GethChainConfig): GethChainConfig {
  const kept: GethChainConfig = { chainId: config.chainId };
  for (const [key, value] of Object.entries(config)) {
    const name = scheduleKeys.get(key.toLowerCase());
    if (name !== undefined && !Object.hasOwn(kept, name)) kept[name] = value;
  }
  return kept;
}

/** `--chain-config FILE`: a geth genesis (its "config") or a bare chain config. */
export function chainConfigOf(json: unknown, where: string): GethChainConfig {
  return isRecord(json) && isRecord(json.config) ? parseChainConfig(json.config, `${where}: config`) : parseChainConfig(json, where);
}

/** Reads a geth genesis JSON object; `where` names it in errors (e.g. the file name). */
export function parseGenesis(json: unknown, where: string): GenesisSpec {
  if (!isRecord(json)) throw new Error(`${where}: a genesis must be a JSON object`);
  if (!isRecord(json.config)) throw new Error(`${where}: missing "config" object`);
  const config = parseChainConfig(json.config, `${where}: config`);
  const londonAtGenesis = config.londonBlock === 0;
  return {
    config,
    alloc: normaliseAlloc(json.alloc ?? {}, `${where}: alloc`),
    timestamp: parseQuantity(json.timestamp ?? 0, `${where}: timestamp`),
    gasLimit: parseQuantity(json.gasLimit ?? 30_000_000, `${where}: gasLimit`),
    difficulty: parseQuantity(json.difficulty ?? 0, `${where}: difficulty`),
    extraData: parseData(json.extraData ?? '0x', `${where}: extraData`),
    coinbase: parseAddress(json.coinbase ?? '0x' + '00'.repeat(20), `${where}: coinbase`),
    mixHash: parseWord(json.mixHash ?? '0x0', `${where}: mixHash`),
    baseFeePerGas:
      json.baseFeePerGas !== undefined
        ? parseQuantity(json.baseFeePerGas, `${where}: baseFeePerGas`)
        : londonAtGenesis
          ? initialBaseFee
          : undefined,
  };
}

/** A dev genesis for a config whose forks are active from block 0 (accounts are funded later). */
export function devGenesis(config: GethChainConfig, timestamp: bigint): GenesisSpec {
  const defaults = devChainDefaults(config);
  return {
    config,
    alloc: {},
    timestamp,
    gasLimit: defaults.gasLimit ?? 30_000_000n,
    difficulty: defaults.difficulty ?? (config.terminalTotalDifficulty === 0 ? 0n : 1n),
    extraData: '0x',
    coinbase: defaults.coinbase ?? '0x' + '00'.repeat(20),
    mixHash: '0x' + '00'.repeat(32),
    baseFeePerGas: config.londonBlock === 0 ? (defaults.baseFeePerGas ?? initialBaseFee) : undefined,
  };
}

/** Adds the dev accounts (unless the alloc already has them) with their balance. */
export function fundAccounts(alloc: Alloc, accounts: DevAccount[]): Alloc {
  const funded = { ...alloc };
  for (const { address } of accounts) funded[address] ??= { balance: toQuantity(devAccountBalance) };
  return funded;
}
