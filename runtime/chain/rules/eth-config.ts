// EIP-7910's eth_config (geth v1.16+; geth v1.17 has no debug_chainConfig): the current, next and last fork
// of a chain, each with its activation time, precompiles, system contracts and blob schedule, but not its
// name. The fork is told by what it adds: P256VERIFY (Osaka, with the blob-parameter forks told by their blob
// schedule), the BLS precompiles (Prague), the point-evaluation precompile (Cancun). Earlier forks add no
// precompile that tells them apart (and some nodes answer for them anyway: anvil at London does), so they are
// not told. A system contract this runtime does not know means a fork it does not know.
import type { GethChainConfig } from './config-value';
import { parseQuantity } from '../hex';
import { chainConfigFor } from '../hardforks';
import { isRecord } from '../../../core/chain/shapes';

interface ForkEntry {
  activationTime: number;
  chainId: string;
  precompiles: Record<string, string>;
  systemContracts?: Record<string, string>;
  blobSchedule?: { target: number; max: number; baseFeeUpdateFraction: number } | null;
}

const knownSystemContracts = new Set([
  'BEACON_ROOTS_ADDRESS',
  'HISTORY_STORAGE_ADDRESS',
  'WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS',
  'CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS',
  'DEPOSIT_CONTRACT_ADDRESS',
]);

/** geth's default blob schedules of the blob-parameter forks, which ethereumjs has as well. */
const bpoSchedules: Array<[string, number]> = [
  ['bpo1', 8346193],
  ['bpo2', 11684671],
];

/** The forks eth_config can be told apart by, in activation order, with the config key each is activated by. */
const timeForks: Array<[string, string]> = [
  ['cancun', 'cancunTime'],
  ['prague', 'pragueTime'],
  ['osaka', 'osakaTime'],
  ['bpo1', 'bpo1Time'],
  ['bpo2', 'bpo2Time'],
];

function forkOf(entry: ForkEntry, where: string): string | undefined {
  const unknown = Object.keys(entry.systemContracts ?? {}).filter((name) => !knownSystemContracts.has(name));
  if (unknown.length > 0)
    throw new Error(`${where} has system contracts of a fork this runtime does not know (${unknown.join(', ')}): give --hardfork NAME`);
  const has = (name: string) => name in entry.precompiles;
  if (has('P256VERIFY')) return bpoSchedules.find(([, fraction]) => entry.blobSchedule?.baseFeeUpdateFraction === fraction)?.[0] ?? 'osaka';
  if (has('BLS12_G1ADD')) return 'prague';
  if (has('KZG_POINT_EVALUATION')) return 'cancun';
  return undefined;
}

function entryOf(value: unknown, where: string): ForkEntry | undefined {
  if (value === null || value === undefined) return undefined;
  if (!isRecord(value) || !isRecord(value.precompiles)) throw new Error(`${where}: expected a fork object with "precompiles"`);
  parseQuantity(value.activationTime, `${where}.activationTime`);
  return value as unknown as ForkEntry;
}

const keyOf = (fork: string) => timeForks.find(([name]) => name === fork)![1];

/** The chain config an eth_config answer describes, or undefined when it names no fork this can tell (before
 * Cancun). The forks before the current one are taken as active from genesis (eth_config does not say when
 * they came), and forks between the next and the last one are not known. */
export function configFromEthConfig(answer: unknown, chainId: number): GethChainConfig | undefined {
  if (!isRecord(answer)) return undefined;
  const where = "the upstream's eth_config answer";
  const current = entryOf(answer.current, `${where}.current`);
  if (!current) return undefined;
  if (parseQuantity(current.chainId, `${where}.current.chainId`) !== BigInt(chainId)) {
    throw new Error(`${where} names chain id ${current.chainId}, but eth_chainId says ${chainId}`);
  }
  const fork = forkOf(current, `${where}.current`);
  if (!fork) return undefined;
  const index = timeForks.findIndex(([name]) => name === fork);
  const config = chainConfigFor(chainId, 'shanghai');
  for (const [, key] of timeForks.slice(0, index)) config[key] = 0;
  config[keyOf(fork)] = current.activationTime;
  for (const key of ['next', 'last'] as const) {
    const entry = entryOf(answer[key], `${where}.${key}`);
    const later = entry && forkOf(entry, `${where}.${key}`);
    if (later) config[keyOf(later)] = entry.activationTime;
  }
  return config;
}
