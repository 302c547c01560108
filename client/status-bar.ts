// The selected node in the status bar (name, network, chain id and whether the node confirmed it, the
// JavaScript level its tracers are checked and flattened at); a click switches nodes.
import * as vscode from 'vscode';
import { levelName } from '../core/ecma-level';
import { config } from './config';
import type { LocalNodeManager } from './local-node-manager';
import type { ChainStatus, Nodes } from './nodes';

function chainSentence(status: ChainStatus): string {
  switch (status.state) {
    case 'expected':
      return `chain id ${status.expected} is what its settings expect (not yet confirmed by the node: Check Node Support asks it); `;
    case 'confirmed':
      return `the node confirmed chain id ${status.chainId}; `;
    case 'mismatch':
      return `the node reports chain id ${status.chainId}, but ${status.expected} is expected: is this the right network? `;
    case 'reported':
      return `the node reports chain id ${status.chainId}; `;
    case 'unknown':
      return '';
  }
}

export function createNodeStatus(nodes: Nodes, localNode: LocalNodeManager): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('evmTracer.node', vscode.StatusBarAlignment.Left, 50);
  item.name = 'EVM Tracer node';
  item.command = 'evmTracer.selectNode';
  const update = (): void => {
    const node = nodes.selected();
    const level = config.level(node.name);
    item.text = `$(server) ${nodes.describe(node)} · ${level.ecmaVersion === 5 ? 'ES5' : 'ES2017'}`;
    item.tooltip = `EVM Tracer: traces run on ${node.name} (${node.url}); ${chainSentence(nodes.chainStatus(node))}tracers are checked and flattened at ${levelName(level.ecmaVersion)} (${level.source}). Click to switch nodes or add one.`;
  };
  update();
  item.show();
  return vscode.Disposable.from(
    item,
    localNode.onDidChange(update),
    nodes.onDidChange(update),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (config.affects(event, 'nodes') || config.affects(event, 'selectedNode') || config.affects(event, 'ecmaVersion')) update();
    }),
  );
}
