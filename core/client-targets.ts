// The clients whose tracers the local node can reproduce (runtime/evm/target.ts), named alike by the node's
// --target, a trace config's "target" member, `evm-tracer trace --target` and a node's `target` in the
// extension's settings, which the language server checks tracers against (editorNodeTarget).
import { settingsNode } from './ecma-level';

export const clientTargets = ['geth', 'coreth'] as const;
export type ClientTarget = (typeof clientTargets)[number];

/** The client and version each target reproduces, for messages. */
export const targetTitles: Record<ClientTarget, string> = {
  geth: 'geth v1.17.5',
  coreth: 'coreth v0.16 of avalanchego v1.14.0 (libevm, geth v1.13 tracers)',
};

export function isClientTarget(value: unknown): value is ClientTarget {
  return typeof value === 'string' && (clientTargets as readonly string[]).includes(value);
}

/** A target named by an option: undefined when absent, an error naming `option` when unknown. */
export function checkClientTarget(value: string | undefined, option: string): ClientTarget | undefined {
  if (value === undefined || isClientTarget(value)) return value;
  throw new Error(`${option} must be ${clientTargets.join(' or ')} (got '${value}')`);
}

/** The built-in local node's chains (`evmTracer.localNode.chain`) that are C-Chains: coreth's. */
const avalancheLocalChains = new Set(['avalanche', 'fuji', 'avalanche-local']);

/**
 * The target the editor checks tracers against while the node named `nodeName` is selected, from the
 * extension's `evmTracer` settings: the node's own `target` in `evmTracer.nodes`, else coreth for a node on an
 * Avalanche network (`network` 43114, 43113 or 43112) and for the built-in local node running a C-Chain
 * (`evmTracer.localNode.chain`), as the local node itself chooses; else geth. An unknown `target` is ignored
 * and described in `problems`.
 */
export function editorNodeTarget(
  settings: { nodes?: unknown; localNode?: unknown },
  nodeName: string | undefined,
): { target: ClientTarget; problems: string[] } {
  const node = settingsNode(settings.nodes, nodeName);
  if (!node) {
    const chain = (settings.localNode as { chain?: unknown } | undefined)?.chain;
    return { target: typeof chain === 'string' && avalancheLocalChains.has(chain) ? 'coreth' : 'geth', problems: [] };
  }
  const byNetwork: ClientTarget = typeof node.network === 'number' ? 'coreth' : 'geth';
  try {
    return {
      target: checkClientTarget(node.target as string | undefined, `evmTracer.nodes "${nodeName}": target`) ?? byNetwork,
      problems: [],
    };
  } catch (error) {
    return { target: byNetwork, problems: [(error as Error).message] };
  }
}
