// Trace Block's picker: the node's latest blocks (number, transactions, age, hash), the blocks recently traced
// on this node, `latest`, or a hash or number typed in. What is typed is checked as core parses it, so a bad
// value never reaches the node.
import * as vscode from 'vscode';
import { recentBlocks, type RecentBlock } from '../core/chain/recent-blocks';
import { shortHex } from '../core/chain/shapes';
import { parseBlockTarget } from '../core/trace/block';
import type { NodeSettings } from './config';
import type { Ctx } from './ctx';
import { withNodeClient } from './node-client';
import { problem } from './prompts';
import { pick } from './quick-input';

const RECENT_LIMIT = 10;

/** The block as the trace target takes it: a hash, or a number or tag. */
type BlockChoice = { hash: string } | { number: string };

interface BlockItem extends vscode.QuickPickItem {
  /** The text the block is traced by ('' on rows that pick nothing). */
  block: string;
}

const recentKey = (node: NodeSettings) => `evmTracer.recentBlocks.${node.name}`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function age(timestamp: number | undefined): string {
  if (timestamp === undefined) return '';
  const seconds = Math.max(0, Math.round(Date.now() / 1000 - timestamp));
  const text = seconds < 90 ? `${seconds} s` : seconds < 5400 ? `${Math.round(seconds / 60)} min` : `${Math.round(seconds / 3600)} h`;
  return ` · ${text} ago`;
}

const blockItem = (block: RecentBlock): BlockItem => ({
  label: `$(package) block ${block.number}`,
  description: `${plural(block.transactions, 'transaction')}${age(block.timestamp)} · ${shortHex(block.hash)}`,
  detail: block.hash,
  block: String(block.number),
});

async function latestItems(ctx: Ctx, node: NodeSettings): Promise<BlockItem[]> {
  const { head, blocks } = await withNodeClient(ctx, node, (client) => recentBlocks(client));
  return [
    { label: `latest on ${node.name} (block ${head})`, kind: vscode.QuickPickItemKind.Separator, block: '' },
    ...blocks.map(blockItem),
  ];
}

/** Asks for the block to trace on `node` (or checks `given`); undefined when cancelled. */
export async function pickBlock(ctx: Ctx, node: NodeSettings, given?: string): Promise<BlockChoice | undefined> {
  const recent = ctx.extension.workspaceState.get<string[]>(recentKey(node), []);
  let text = given;
  if (text === undefined) {
    const fixed: BlockItem[] = [
      { label: '$(arrow-up) latest', description: "the node's newest block", block: 'latest' },
      ...(recent.length ? [{ label: 'recently traced', kind: vscode.QuickPickItemKind.Separator, block: '' }] : []),
      ...recent.map((item) => ({ label: item, description: 'recently traced', block: item })),
    ];
    const chosen = await pick<BlockItem>({
      position: { title: `Trace Block on ${node.name}`, step: 1, totalSteps: 1 },
      placeholder: 'Pick a block, or type its number or hash (0x + 64 hex digits)',
      items: fixed,
      more: latestItems(ctx, node),
      typed: (typed) => problem(() => parseBlockTarget(typed)) ?? { label: typed, description: 'typed', block: typed },
      canGoBack: false,
    });
    if (!chosen || typeof chosen === 'symbol' || !chosen.block) return undefined;
    text = chosen.block;
  }
  const choice = parseBlockTarget(text);
  // `latest` moves: only fixed blocks are remembered.
  if (!('number' in choice && choice.number === 'latest'))
    await ctx.extension.workspaceState.update(recentKey(node), [text, ...recent.filter((item) => item !== text)].slice(0, RECENT_LIMIT));
  return choice;
}
