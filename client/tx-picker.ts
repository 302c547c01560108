// Trace Transaction's picker: the node's latest transactions (status, what they call, block, from → to),
// the ones recently traced on this node, or a hash typed in. A hash the node does not know is explained
// (empty local chain, another network, pruned history) and not remembered.
import * as vscode from 'vscode';
import { nameTable, type NameTable } from '../core/abi/names';
import { signatureOf } from '../core/abi/signature';
import { recentTransactions, type RecentTransaction } from '../core/chain/recent-transactions';
import { readSeedInfo, type SeedInfo } from '../core/chain/seed-info';
import { transactionNotFound } from '../core/chain/not-found';
import { quantity, shortHex } from '../core/chain/shapes';
import type { RpcClient } from '../core/rpc/client';
import type { NodeSettings } from './config';
import type { Ctx } from './ctx';
import { withNodeClient } from './node-client';
import { hashError } from './prompts';
import { pick } from './quick-input';

const RECENT_LIMIT = 10;

interface TxItem extends vscode.QuickPickItem {
  hash: string;
}

const recentKey = (node: NodeSettings) => `evmTracer.recentTransactions.${node.name}`;

/** A line for one of the latest transactions: status and what it does (the example's title, else the function
 * called, named from the seeded ABIs or the built-in table of standard signatures), then where. */
function describeTransaction(tx: RecentTransaction, seed: SeedInfo, names: NameTable): TxItem {
  const contract = seed.contracts.find((known) => known.address === tx.to);
  const icon = tx.status === 'success' ? '$(pass)' : tx.status === 'failed' ? '$(error)' : '$(circle-outline)';
  const target = tx.to === null ? 'new contract' : (contract?.name ?? shortHex(tx.to));
  const known = tx.selector && names.functions[tx.selector];
  const called = known ? signatureOf(known) : tx.selector;
  const what = seed.titles.get(tx.hash) ?? (tx.to === null ? 'contract creation' : (called ?? 'plain transfer'));
  const status = tx.status === 'failed' ? ' · failed' : '';
  return {
    label: `${icon} ${what}`,
    description: `block ${tx.block} · ${shortHex(tx.from)} → ${target}${status}`,
    detail: tx.hash,
    hash: tx.hash,
  };
}

async function latestItems(client: RpcClient, node: NodeSettings): Promise<TxItem[]> {
  const [scan, seed] = await Promise.all([recentTransactions(client), readSeedInfo(client)]);
  const range = scan.oldest === scan.head ? `block ${scan.head}` : `blocks ${scan.oldest}–${scan.head}`;
  const separator = { label: `latest on ${node.name} (${range})`, kind: vscode.QuickPickItemKind.Separator, hash: '' };
  if (scan.transactions.length === 0) return [separator, { label: `$(info) no transactions in ${range}`, hash: '', alwaysShow: true }];
  const names = nameTable(seed.contracts.flatMap((contract) => contract.functions.map((fn) => fn.abi)));
  return [separator, ...scan.transactions.map((tx) => describeTransaction(tx, seed, names))];
}

/**
 * Why the latest transactions could not be listed, in a row of the list (its detail holds the whole
 * message) and in a notification that shows it in full, with the log and, for a node of the user's, Edit Node.
 */
function unreachableRows(ctx: Ctx, node: NodeSettings, error: unknown): TxItem[] {
  const message = error instanceof Error ? error.message : String(error);
  ctx.log.warn(`${node.name}: the latest transactions could not be read: ${message}`);
  const actions = ctx.nodes.isLocal(node) ? ['Show Log'] : ['Show Log', 'Edit Node'];
  void vscode.window
    .showErrorMessage(`EVM Tracer: the latest transactions of ${node.name} could not be read: ${message}`, ...actions)
    .then((choice) => {
      if (choice === 'Show Log') ctx.log.show();
      if (choice === 'Edit Node') void vscode.commands.executeCommand('evmTracer.editNode', node.name);
    });
  return [
    {
      label: `$(error) ${node.name} did not list its transactions: paste a hash, or fix the node`,
      detail: message,
      hash: '',
      alwaysShow: true,
    },
  ];
}

/** Throws the explanation when `node` answers that it does not know the transaction (a failed check passes: the trace will tell). */
async function checkKnown(client: RpcClient, node: NodeSettings, local: boolean, hash: string): Promise<void> {
  const found = await client.request<unknown>('eth_getTransactionByHash', [hash]).catch(() => 'unknown');
  if (found !== null) return;
  const [head, chainId] = await Promise.all([
    client.request<unknown>('eth_blockNumber', []).then(quantity, () => undefined),
    client.request<unknown>('eth_chainId', []).then(quantity, () => undefined),
  ]);
  throw new Error(
    transactionNotFound(hash, { nodeName: node.name, local, head, chainId: chainId === undefined ? undefined : Number(chainId) }),
  );
}

/** Asks for the transaction to trace on `node` (or checks `given`); undefined when cancelled. */
export async function pickTransaction(ctx: Ctx, node: NodeSettings, given?: string): Promise<string | undefined> {
  return withNodeClient(ctx, node, async (client) => {
    const recent = ctx.extension.workspaceState.get<string[]>(recentKey(node), []);
    let hash = given;
    if (hash === undefined) {
      const recentItems: TxItem[] = recent.length
        ? [
            { label: 'recently traced', kind: vscode.QuickPickItemKind.Separator, hash: '' },
            ...recent.map((item) => ({ label: item, description: 'recently traced', hash: item })),
          ]
        : [];
      const chosen = await pick<TxItem>({
        position: { title: `Trace Transaction on ${node.name}`, step: 1, totalSteps: 1 },
        placeholder: 'Pick a transaction, or paste a hash (0x + 64 hex digits)',
        items: recentItems,
        more: latestItems(client, node),
        failed: (error) => unreachableRows(ctx, node, error),
        typed: (text) => hashError(text, 'transaction hash') ?? { label: text, description: 'typed', hash: text },
        canGoBack: false,
      });
      if (!chosen || typeof chosen === 'symbol' || !chosen.hash) return undefined;
      hash = chosen.hash;
    }
    await checkKnown(client, node, ctx.nodes.isLocal(node), hash);
    await ctx.extension.workspaceState.update(recentKey(node), [hash, ...recent.filter((item) => item !== hash)].slice(0, RECENT_LIMIT));
    return hash;
  });
}
