// Typed access to the `evmTracer.*` settings: the one place that knows their names, shapes and defaults.
import * as vscode from 'vscode';

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
  ecmaVersion(): 5 | 2017 {
    return section().get<number>('ecmaVersion') === 2017 ? 2017 : 5;
  },
  async setNodes(nodes: NodeSettings[]): Promise<void> {
    await section().update('nodes', nodes, vscode.ConfigurationTarget.Global);
  },
  async setSelectedNode(name: string): Promise<void> {
    await section().update('selectedNode', name, vscode.ConfigurationTarget.Global);
  },
  affects(event: vscode.ConfigurationChangeEvent, key: 'nodes' | 'selectedNode'): boolean {
    return event.affectsConfiguration(`${SECTION}.${key}`);
  },
};

function isNodeSettings(value: unknown): value is NodeSettings {
  const node = value as NodeSettings;
  return typeof node === 'object' && node !== null && typeof node.name === 'string' && typeof node.url === 'string';
}
