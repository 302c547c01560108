// X-Chain Balance: avm.getBalance on the selected node's X-Chain URL (its own setting, or the C-Chain
// host's /ext/bc/X).
import * as vscode from 'vscode';
import { xChainUrl, xChainUrlFromCChain } from '../../core/rpc/endpoint';
import type { XChainBalance } from '../../core/xchain-balance';
import type { CommandFactory } from './command';

interface XChainArgs {
  address?: string;
  assetID?: string;
  node?: string;
}

export const xChainBalance: CommandFactory =
  (ctx) =>
  async (args?: XChainArgs): Promise<XChainBalance | undefined> => {
    const node = args?.node === undefined ? ctx.nodes.selected() : ctx.nodes.find(args.node);
    if (!node) throw new Error(`No node named "${args?.node}".`);
    if (ctx.nodes.isLocal(node)) throw new Error('The local node has no X-Chain: select an Avalanche node (with an X-Chain URL) first.');
    const { checkXChainAddress, getXChainBalance } = await import('../../core/xchain-balance');
    const address =
      args?.address ??
      (await vscode.window.showInputBox({
        title: 'X-Chain Balance',
        prompt: 'X-Chain address (X-avax1…)',
        ignoreFocusOut: true,
        validateInput: (text) => {
          try {
            checkXChainAddress(text.trim());
            return undefined;
          } catch (error) {
            return (error as Error).message;
          }
        },
      }));
    if (!address) return undefined;
    const assetID =
      args?.assetID ??
      (await vscode.window.showInputBox({ title: 'X-Chain Balance', prompt: 'Asset id or alias', value: 'AVAX', ignoreFocusOut: true }));
    if (!assetID) return undefined;
    const endpoint = await ctx.nodes.endpoint(node);
    const { createRpcClient } = await import('../../core/rpc/client');
    const url = endpoint.xChainUrl ? xChainUrl(endpoint.xChainUrl) : xChainUrlFromCChain(endpoint.url);
    const client = createRpcClient(endpoint, { url, log: (line) => ctx.log.trace(line) });
    try {
      const balance = await getXChainBalance(client, address.trim(), assetID.trim());
      const shown =
        balance.amount !== undefined
          ? `${balance.amount} ${balance.symbol ?? balance.assetID}`
          : `${balance.balance} (smallest unit of ${balance.assetID})`;
      ctx.log.info(`avm.getBalance on ${node.name} (${client.where}): ${shown}`);
      void vscode.window.showInformationMessage(`${balance.address}: ${shown}`);
      return balance;
    } finally {
      await client.close();
    }
  };
