// Start / Stop Local Node: the built-in in-process EVM node (also started on demand by the first trace).
import * as vscode from 'vscode';
import type { CommandFactory } from './command';

export const startLocalNode: CommandFactory = (ctx) => async (): Promise<string> => {
  const node = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'Starting the local node' }, () =>
    ctx.localNode.ensure(),
  );
  void vscode.window.setStatusBarMessage(`EVM Tracer: local node listening on ${node.url}`, 5000);
  return node.url;
};

export const stopLocalNode: CommandFactory = (ctx) => () => ctx.localNode.stop();
