// The node list: the built-in local node (always first, the default) plus the nodes in settings. Keys and
// passwords live in SecretStorage under the node's name; settings never hold them.
import * as vscode from 'vscode';
import { LOCAL_NODE_NAME } from '../core/ecma-level';
import type { Endpoint } from '../core/rpc/endpoint';
import { config, type NodeSettings } from './config';
import type { LocalNodeManager } from './local-node-manager';

export { LOCAL_NODE_NAME };

const NETWORK_LABELS: Record<number, string> = { 43114: 'Avalanche C-Chain', 43113: 'Avalanche Fuji', 43112: 'Avalanche local' };

/** Whether a node's chain id is what the node said (`confirmed`, or `mismatch` with what it said), or only
 * what its settings expect because no check has reached it yet. */
export type ChainStatus =
  | { state: 'expected'; expected: number }
  | { state: 'confirmed'; chainId: number }
  | { state: 'mismatch'; chainId: number; expected: number }
  | { state: 'reported'; chainId: number }
  | { state: 'unknown' };

export function isAvalancheNetwork(network: NodeSettings['network']): boolean {
  return typeof network === 'number' && network in NETWORK_LABELS;
}

export class Nodes implements vscode.Disposable {
  /** Chain ids the nodes reported this session, by node name (a changed URL is checked again). */
  private readonly reported = new Map<string, { url: string; chainId: number }>();
  private readonly changed = new vscode.EventEmitter<void>();
  /** A node's chain status changed. */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly localNode: LocalNodeManager,
  ) {}

  dispose(): void {
    this.changed.dispose();
  }

  /** Records the chain id a node reported (Check Node Support, or the check after Add Node). */
  recordChainId(node: NodeSettings, chainId: number): void {
    this.reported.set(node.name, { url: node.url, chainId });
    this.changed.fire();
  }

  chainStatus(node: NodeSettings): ChainStatus {
    const expected = expectedChainId(node);
    const reported = this.reported.get(node.name);
    const chainId = reported?.url === node.url ? reported.chainId : undefined;
    if (chainId === undefined) return expected === undefined ? { state: 'unknown' } : { state: 'expected', expected };
    if (expected === undefined) return { state: 'reported', chainId };
    return chainId === expected ? { state: 'confirmed', chainId } : { state: 'mismatch', chainId, expected };
  }

  /** The local node's settings (its URL is only known once it runs). */
  private localSettings(): NodeSettings {
    return { name: LOCAL_NODE_NAME, url: this.localNode.url ?? 'http://127.0.0.1 (started on demand)', auth: 'none', network: 'custom' };
  }

  list(): NodeSettings[] {
    return [this.localSettings(), ...config.nodes().filter((node) => node.name !== LOCAL_NODE_NAME)];
  }

  find(name: string): NodeSettings | undefined {
    return this.list().find((node) => node.name === name);
  }

  /** The selected node; the local node when none is selected or the selected one was removed. */
  selected(): NodeSettings {
    const name = config.selectedNode();
    return (name && this.find(name)) || this.localSettings();
  }

  isLocal(node: NodeSettings): boolean {
    return node.name === LOCAL_NODE_NAME;
  }

  /** "name · network · chain id (confirmed or expected)" for the status bar. */
  describe(node: NodeSettings): string {
    return [node.name, this.details(node)].filter(Boolean).join(' · ');
  }

  /** What `describe` says after the name: for pickers, whose label is the name. */
  details(node: NodeSettings): string {
    if (this.isLocal(node)) {
      const chainId = this.localNode.chainId;
      return [chainId !== undefined ? `chain ${chainId}` : undefined, this.localNode.url ? 'running' : 'stopped']
        .filter(Boolean)
        .join(' · ');
    }
    const network = typeof node.network === 'number' ? NETWORK_LABELS[node.network] : undefined;
    return [network, chainText(this.chainStatus(node))].filter(Boolean).join(' · ');
  }

  /**
   * The endpoint for a node, with its secret. Starts the local node when needed; asks for a missing key or
   * password (and stores it) unless `interactive` is false, in which case a missing secret is an error.
   */
  async endpoint(node: NodeSettings, interactive = true): Promise<Endpoint> {
    if (this.isLocal(node)) {
      const local = await this.localNode.ensure();
      return { name: node.name, url: local.url, auth: { kind: 'none' } };
    }
    const base = { name: node.name, url: node.url, xChainUrl: node.xChainUrl, expectedChainId: expectedChainId(node) };
    const kind = node.auth ?? 'none';
    if (kind === 'none') return { ...base, auth: { kind: 'none' } };
    const secret = (await this.secret(node.name)) ?? (interactive ? await this.askSecret(node) : undefined);
    if (secret === undefined) {
      throw new Error(
        `No ${kind === 'key' ? 'access key' : 'password'} stored for node "${node.name}": run "EVM Tracer: Edit Node" to enter it.`,
      );
    }
    return kind === 'key'
      ? { ...base, auth: { kind: 'key', key: secret } }
      : { ...base, auth: { kind: 'basic', username: node.username ?? '', password: secret } };
  }

  secret(name: string): Thenable<string | undefined> {
    return this.secrets.get(secretKey(name));
  }

  async storeSecret(name: string, secret: string | undefined): Promise<void> {
    if (secret === undefined) await this.secrets.delete(secretKey(name));
    else await this.secrets.store(secretKey(name), secret);
  }

  private async askSecret(node: NodeSettings): Promise<string | undefined> {
    const what = node.auth === 'key' ? 'access key' : `password for ${node.username ?? 'the user'}`;
    const secret = await vscode.window.showInputBox({
      title: `EVM Tracer: ${node.name}`,
      prompt: `The ${what} (kept in VS Code's secret storage)`,
      password: true,
      ignoreFocusOut: true,
    });
    if (secret) await this.storeSecret(node.name, secret);
    return secret || undefined;
  }
}

function chainText(status: ChainStatus): string | undefined {
  switch (status.state) {
    case 'expected':
      return `chain ${status.expected} (expected)`;
    case 'confirmed':
      return `chain ${status.chainId} (confirmed)`;
    case 'mismatch':
      return `chain ${status.chainId}, not ${status.expected}!`;
    case 'reported':
      return `chain ${status.chainId}`;
    case 'unknown':
      return undefined;
  }
}

function expectedChainId(node: NodeSettings): number | undefined {
  return typeof node.network === 'number' ? node.network : node.chainId;
}

function secretKey(name: string): string {
  return `evmTracer.node.${name}`;
}
