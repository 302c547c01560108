// The built-in local node: started on the first trace that needs it (or by command), stopped with the
// extension. A failed start is forgotten so that the next attempt starts afresh.
import * as vscode from 'vscode';
import type { LocalNode } from '../core/local-node-launcher';
import { config, maxTraceTimeoutSeconds } from './config';

export class LocalNodeManager implements vscode.Disposable {
  private starting: Promise<LocalNode> | undefined;
  private running: LocalNode | undefined;
  /** The chain id the running node reports (for the status bar). */
  chainId: number | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly cliPath: string,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  get url(): string | undefined {
    return this.running?.url;
  }

  ensure(): Promise<LocalNode> {
    this.starting ??= this.start().catch((error: unknown) => {
      this.starting = undefined;
      throw error;
    });
    return this.starting;
  }

  private async start(): Promise<LocalNode> {
    const { launchLocalNode } = await import('../core/local-node-launcher');
    // The node caps traces at 30 s by default (against other clients holding its slots); this node serves
    // only this machine and refuses web pages, so it takes any time-out the setting allows, and runs the
    // Debug Trace commands' debug runs (their inspector listens on 127.0.0.1 only, and only this extension,
    // which holds the node's debug secret, can start one).
    const chain = config.localNodeChain();
    const args = [
      '--max-trace-timeout',
      `${maxTraceTimeoutSeconds}s`,
      '--seed',
      config.localNodeSeed(),
      ...(chain ? ['--chain', chain] : []),
    ];
    const node = await launchLocalNode({ cliPath: this.cliPath, args, debugTraces: true });
    this.running = node;
    this.chainId = await this.askChainId(node.url);
    this.log.info(`local node listening on ${node.url} (chain ${this.chainId ?? 'unknown'})`);
    this.changed.fire();
    return node;
  }

  private async askChainId(url: string): Promise<number | undefined> {
    const { createRpcClient } = await import('../core/rpc/client');
    const client = createRpcClient({ name: 'local', url, auth: { kind: 'none' } }, { timeoutMs: 10_000 });
    try {
      return Number(BigInt(await client.request<string>('eth_chainId', [])));
    } catch (error) {
      this.log.warn(`the local node did not tell its chain id: ${(error as Error).message}`);
      return undefined;
    } finally {
      await client.close();
    }
  }

  async stop(): Promise<void> {
    const starting = this.starting;
    this.starting = undefined;
    this.running = undefined;
    this.chainId = undefined;
    if (!starting) return;
    const node = await starting.catch(() => undefined);
    await node?.stop();
    this.log.info('local node stopped');
    this.changed.fire();
  }

  dispose(): void {
    void this.stop();
    this.changed.dispose();
  }
}
