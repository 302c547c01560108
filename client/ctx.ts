// The extension's shared services, created once at activation and handed to every command factory.
import type * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { LocalNodeManager } from './local-node-manager';
import type { Nodes } from './nodes';
import type { ReadonlyDocs } from './readonly-docs';
import type { TraceRunner } from './trace/run';

export interface Ctx {
  extension: vscode.ExtensionContext;
  log: vscode.LogOutputChannel;
  nodes: Nodes;
  localNode: LocalNodeManager;
  traces: TraceRunner;
  docs: ReadonlyDocs;
  /** The running language client (started at activation). */
  languageClient(): Promise<LanguageClient>;
}
