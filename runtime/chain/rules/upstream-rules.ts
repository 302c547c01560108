// Fork mode: which rules the upstream chain runs, found without flags. A known chain (registry.ts) is
// recognised by its chain id and genesis hash; otherwise the upstream is asked what it is: its chain config
// (debug_chainConfig, which this project's node answers; coreth's eth_getChainConfig, the C-Chain and Avalanche
// L1s), anvil's anvil_nodeInfo (its hardfork), its forks from Cancun on (EIP-7910's eth_config, geth v1.16+). `--chain-config FILE` and `--hardfork NAME` override all of this.
import { toBigInt, type GethChainConfig } from './config-value';
import { parseChainConfig, rulesOnly } from '../genesis';
import { chainConfigFor, hardforkName } from '../hardforks';
import { gethForks } from './forks';
import { checkForkOrder } from './fork-order';
import { configFromEthConfig } from './eth-config';
import { identifyChain } from './registry';
import { UpstreamBadReply, UpstreamRefusal } from '../../state/upstream';
import { isRecord } from '../../../core/chain/shapes';

export interface UpstreamRules {
  config: GethChainConfig;
  /** Where the rules came from, for the start-up line (no URL in it). */
  source: string;
}

type Ask = (method: string, params: unknown[]) => Promise<unknown>;

/** A `--hardfork`-style config for anvil's hardfork name (`Frontier`, `Tangerine`, `Dao`, `ArrowGlacier`, `Osaka`,
 * `Bpo1`…): the blob-parameter forks are Osaka plus each BPO fork up to the named one. */
function anvilConfig(chainId: number, name: string): GethChainConfig | undefined {
  const known = hardforkName(name);
  if (known) return chainConfigFor(chainId, known);
  const bpo = /^bpo(\d+)$/i.exec(name);
  if (!bpo) return undefined;
  const keys = Array.from({ length: Number(bpo[1]) }, (_, i) => `bpo${i + 1}Time`);
  if (!keys.every((key) => gethForks.some((fork) => fork.key === key))) return undefined;
  return { ...chainConfigFor(chainId, 'osaka'), ...Object.fromEntries(keys.map((key) => [key, 0])) };
}

async function answer(ask: Ask, method: string, params: unknown[] = []): Promise<unknown> {
  try {
    return await ask(method, params);
  } catch (error) {
    // Refused (a JSON-RPC or HTTP error): the method does not exist there, ask the next one. An upstream gone,
    // too slow or answering past the size bound is not one lacking the method: the next would blame the wrong thing.
    if (error instanceof UpstreamRefusal || error instanceof UpstreamBadReply) return undefined;
    throw error;
  }
}

/** A chain config an upstream gave (now, or kept in the cache), checked as geth checks one before it runs a
 * chain (the forks in order too); only what the runtime reads of it is kept. */
export function upstreamConfig(value: unknown, where: string): GethChainConfig {
  const config = parseChainConfig(value, where);
  checkForkOrder(config, where);
  const kept = rulesOnly(config);
  // Each block computes its rules from these: a number of a million digits would cost every trace.
  for (const [key, at] of Object.entries(kept))
    if ((toBigInt(at) ?? 0n) >= 2n ** 256n) throw new Error(`${where}.${key}: a number of more than 256 bits`);
  return kept;
}

/** The upstream's own chain config, checked, with its chain id as the upstream reports it. */
function ownConfig(value: unknown, chainId: number, method: string): GethChainConfig | undefined {
  if (!isRecord(value)) return undefined;
  const config = upstreamConfig(value, `the upstream's ${method} answer`);
  if (Number(config.chainId) !== chainId) {
    throw new Error(`the upstream's ${method} names chain id ${config.chainId}, but eth_chainId says ${chainId}`);
  }
  return config;
}

export async function upstreamRules(ask: Ask, chainId: number): Promise<UpstreamRules> {
  const genesis = (await answer(ask, 'eth_getBlockByNumber', ['0x0', false])) as { hash?: unknown } | null | undefined;
  const known = typeof genesis?.hash === 'string' ? identifyChain(chainId, genesis.hash) : undefined;
  if (known) return { config: known.config, source: `${known.title} (chain id ${chainId}, genesis ${known.genesisHash.slice(0, 10)}…)` };
  for (const method of ['debug_chainConfig', 'eth_getChainConfig']) {
    const config = ownConfig(await answer(ask, method), chainId, method);
    if (config) return { config, source: `the upstream's ${method}` };
  }
  const node = (await answer(ask, 'anvil_nodeInfo')) as { hardFork?: unknown } | undefined;
  if (typeof node?.hardFork === 'string') {
    const config = anvilConfig(chainId, node.hardFork);
    if (!config)
      throw new Error(
        `the upstream's anvil_nodeInfo names hardfork '${node.hardFork}', which this runtime does not know: give --hardfork NAME`,
      );
    return { config, source: `the upstream's anvil_nodeInfo (hardfork ${node.hardFork})` };
  }
  const fromForks = configFromEthConfig(await answer(ask, 'eth_config'), chainId);
  if (fromForks) return { config: fromForks, source: "the upstream's eth_config" };
  throw new Error(
    `cannot tell which rules the upstream chain (chain id ${chainId}) runs: it is not a known chain (by chain id and genesis hash) and answers none of ` +
      'debug_chainConfig, eth_getChainConfig, anvil_nodeInfo and eth_config (from Cancun on); give them with --chain-config FILE (a geth genesis or its "config") or --hardfork NAME (Ethereum rules)',
  );
}
