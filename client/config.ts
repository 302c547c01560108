// Typed access to the `evmTracer.*` settings: the one place that knows their names, shapes and defaults.
import * as vscode from 'vscode';
import type { ClientTarget } from '../core/client-targets';
import { editorNodeLevel, type EcmaLevel } from '../core/ecma-level';
import type { EcmaVersion } from '../core/tracer/diagnostic';

export type AuthKind = 'none' | 'key' | 'basic';
export type Network = 43114 | 43113 | 43112 | 'custom';

/** A node as stored in settings: never holds a key or password (those live in SecretStorage). */
export interface NodeSettings {
  name: string;
  url: string;
  xChainUrl?: string;
  auth?: AuthKind;
  username?: string;
  network?: Network;
  chainId?: number;
  /** The JavaScript level the node's tracer engine takes; else `evmTracer.ecmaVersion`. */
  ecmaVersion?: EcmaVersion;
  /** Whose tracer API the language server checks against (core/client-targets.ts, editorNodeTarget). */
  target?: ClientTarget;
}

const SECTION = 'evmTracer';
/** package.json's maximum for `evmTracer.traceTimeout`. */
export const maxTraceTimeoutSeconds = 3600;

function section(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration(SECTION);
}

export const config = {
  nodes(): NodeSettings[] {
    const nodes = section().get<unknown>('nodes');
    return Array.isArray(nodes) ? nodes.filter(isNodeSettings) : [];
  },
  selectedNode(): string | undefined {
    return section().get<string>('selectedNode') || undefined;
  },
  /** Seconds (at most maxTraceTimeoutSeconds); the same figure goes to the node (`timeout`) and bounds the request. */
  traceTimeoutSeconds(): number {
    const value = section().get<number>('traceTimeout', 60);
    return Number.isFinite(value) && value > 0 ? value : 60;
  },
  /** The known chain the built-in local node runs (`evm-tracer node --chain`), or undefined for a plain dev chain. */
  localNodeChain(): string | undefined {
    const chain = section().get<string>('localNode.chain');
    return chain ? chain : undefined;
  },
  /** What the built-in local node is seeded with when it starts (`evm-tracer node --seed`). */
  localNodeSeed(): 'examples' | 'empty' {
    return section().get<string>('localNode.seed') === 'empty' ? 'empty' : 'examples';
  },
  /** The level tracers are checked and flattened at for the node named `nodeName` (the language server
   * applies the same rule to the selected node, see server/features/settings.ts). */
  level(nodeName: string): EcmaLevel {
    const settings = section();
    return editorNodeLevel({ ecmaVersion: settings.get('ecmaVersion'), nodes: settings.get('nodes') }, nodeName).level;
  },
  async setNodes(nodes: NodeSettings[]): Promise<void> {
    await section().update('nodes', nodes, vscode.ConfigurationTarget.Global);
  },
  async setSelectedNode(name: string): Promise<void> {
    await section().update('selectedNode', name, vscode.ConfigurationTarget.Global);
  },
  affects(event: vscode.ConfigurationChangeEvent, key: 'nodes' | 'selectedNode' | 'ecmaVersion'): boolean {
    return event.affectsConfiguration(`${SECTION}.${key}`);
  },
};

function isNodeSettings(value: unknown): value is NodeSettings {
  const node = value as NodeSettings;
  return typeof node === 'object' && node !== null && typeof node.name === 'string' && typeof node.url === 'string';
}
