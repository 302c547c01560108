// The node list: the built-in local node (always first, the default) plus the nodes in settings. Keys and
// passwords live in SecretStorage under the node's name; settings never hold them.
import * as vscode from 'vscode';
import { LOCAL_NODE_NAME } from '../core/ecma-level';
import type { Endpoint } from '../core/rpc/endpoint';
import { config, type NodeSettings } from './config';
import type { LocalNodeManager } from './local-node';

export { LOCAL_NODE_NAME };

const NETWORK_LABELS: Record<number, string> = { 43114: 'C-Chain mainnet', 43113: 'Fuji testnet', 43112: 'local network' };

export class Nodes {
  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly localNode: LocalNodeManager,
  ) {}

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

  /** "name · network · chain id" for pickers and the status bar. */
  describe(node: NodeSettings): string {
    if (this.isLocal(node)) {
      const chainId = this.localNode.chainId;
      return [node.name, chainId !== undefined ? `chain ${chainId}` : undefined, this.localNode.url ? 'running' : 'stopped'].filter(Boolean).join(' · ');
    }
    const chainId = expectedChainId(node);
    const network = typeof node.network === 'number' ? NETWORK_LABELS[node.network] : 'custom';
    return [node.name, network, chainId !== undefined ? `chain ${chainId}` : undefined].filter(Boolean).join(' · ');
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
      throw new Error(`No ${kind === 'key' ? 'access key' : 'password'} stored for node "${node.name}": run "EVM Tracer: Edit Node" to enter it.`);
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

export function expectedChainId(node: NodeSettings): number | undefined {
  return typeof node.network === 'number' ? node.network : node.chainId;
}

function secretKey(name: string): string {
  return `evmTracer.node.${name}`;
}
