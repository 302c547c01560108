// Extension entry: starts the language server for `evm-tracer` documents and wires the commands, the
// CodeLens, the node status bar item and the result panels. Everything heavy (node access, the tracer
// parser, the local node) loads on first use, so activation stays light.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { TracerCodeLens } from './code-lens';
import { commands } from './commands/index';
import { DEBUG_TYPE, TracerDebugConfigurations } from './debug-configuration';
import type { Ctx } from './ctx';
import { LocalNodeManager } from './local-node-manager';
import { Nodes } from './nodes';
import { ReadonlyDocs } from './readonly-docs';
import { createNodeStatus } from './status-bar';
import { TraceRunner } from './trace/run';
import { trackVisibleTracer } from './tracer-files';
import type { PanelState, ViewState } from './webview/messages';
import { RESULT_VIEW_TYPE, ResultPanel } from './webview/panel';

let client: LanguageClient | undefined;
let localNode: LocalNodeManager | undefined;

/** Starts the language server from its own bundle, loaded after activate() has returned. */
async function startLanguageClient(context: vscode.ExtensionContext): Promise<LanguageClient> {
  await new Promise((resolve) => setImmediate(resolve));
  // A path esbuild leaves alone: the client library is a separate file (see esbuild.mjs).
  const bundle = context.asAbsolutePath(path.join('dist', 'language-client.js'));
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a bundle loaded at run time, not a module esbuild sees
  const { startLanguageClient: start } = require(bundle) as typeof import('./language-client');
  client = await start(context);
  return client;
}

export function activate(context: vscode.ExtensionContext): void {
  const log = vscode.window.createOutputChannel('EVM Tracer', { log: true });
  localNode = new LocalNodeManager(context.asAbsolutePath(path.join('dist', 'cli.js')), log);
  const nodes = new Nodes(context.secrets, localNode);
  const languageClient = startLanguageClient(context);
  languageClient.catch((error: unknown) => log.error(`the language server did not start: ${String(error)}`));
  const docs = new ReadonlyDocs();
  const traces = new TraceRunner({ extensionUri: context.extensionUri, nodes, log, state: context.workspaceState });
  const ctx: Ctx = { extension: context, log, nodes, localNode, traces, docs, languageClient: () => languageClient };

  context.subscriptions.push(
    log,
    localNode,
    nodes,
    docs,
    createNodeStatus(nodes, localNode),
    trackVisibleTracer(),
    vscode.languages.registerCodeLensProvider({ language: 'evm-tracer' }, new TracerCodeLens()),
    vscode.debug.registerDebugConfigurationProvider(DEBUG_TYPE, new TracerDebugConfigurations()),
    vscode.window.registerWebviewPanelSerializer(RESULT_VIEW_TYPE, {
      async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: PanelState | ViewState | undefined) {
        if (!state || !('runs' in state ? state.runs.length > 0 : state.spec)) return panel.dispose();
        ResultPanel.revive(panel, context.extensionUri, state, traces.panelActions);
      },
    }),
    ...Object.entries(commands).map(([id, load]) =>
      vscode.commands.registerCommand(id, async (...args: unknown[]) => {
        // Menus and the CodeLens pass the tracer's Uri (or nothing, from the palette): a person is waiting,
        // so failures are shown. Programs (tests, other commands) pass options and get the failure.
        const fromUi = args.length === 0 || args[0] instanceof vscode.Uri;
        try {
          return await (await load())(ctx)(...(args[0] instanceof vscode.Uri ? [{ uri: args[0] }] : args));
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          log.error(`${id}: ${message}`);
          if (!fromUi) throw error;
          void vscode.window.showErrorMessage(`EVM Tracer: ${message}`);
          return undefined;
        }
      }),
    ),
  );
}

export async function deactivate(): Promise<void> {
  await Promise.all([client?.stop(), localNode?.stop()]);
}
