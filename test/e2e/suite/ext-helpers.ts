// Shared by the extension's VS Code suites: fixture URIs, driving the trace commands without prompts, and
// reading what the result panel rendered (through the webview's own messages).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Context } from 'mocha';
import * as vscode from 'vscode';
import type { PromptAnswer, PromptView } from '../../../client/quick-input';
import type { RenderedContent, ViewState } from '../../../client/webview/messages';
import { waitFor } from '../lib/workspace';
import { anvilBinary } from '../../setup/nodes.mjs';
import { startNodeProcess, type RunningNode } from '../../support/nodes/process';

export const extensionId = 'evm-tracer-studio.evm-tracer-studio';
export const LOCAL_NODE = 'Local (in-process EVM)';

function extension(): vscode.Extension<unknown> {
  const found = vscode.extensions.getExtension(extensionId);
  if (!found) throw new Error(`extension ${extensionId} is not installed`);
  return found;
}

export function extensionPath(): string {
  return extension().extensionPath;
}

/**
 * Runs one of the test build's hidden commands (client/commands/test-hooks.ts). They are not in
 * package.json, so they exist only once the extension is active: it is activated first.
 */
export async function testHook<T>(name: keyof typeof import('../../../client/commands/test-hooks'), ...args: unknown[]): Promise<T> {
  await extension().activate();
  return vscode.commands.executeCommand<T>(`evmTracer._test.${name}`, ...args);
}

/** anvil on chain 43114 added through Add Node as `name`; the suite skips itself where anvil is not installed. */
export async function addAnvilNode(suite: Context, name: string): Promise<RunningNode> {
  const binary = join(extensionPath(), anvilBinary);
  if (!existsSync(binary)) {
    console.warn(`SKIPPED: anvil is not installed (${binary})`);
    suite.skip();
  }
  const anvil = await startNodeProcess('anvil', binary, (port) => ['--host', '127.0.0.1', '--port', String(port), '--chain-id', '43114']);
  await vscode.commands.executeCommand('evmTracer.addNode', { name, url: anvil.url, auth: 'none', network: 43114 });
  return anvil;
}

export function fixtureUri(name: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('no workspace folder open');
  return vscode.Uri.joinPath(folder.uri, name);
}

/** Runs Trace Call on `tracer` (its `*.call.json` beside it supplies the call) without any prompt. */
export async function traceCall(tracer: string, options: { node: string; tracerConfig?: string | null }): Promise<ViewState> {
  const state = await vscode.commands.executeCommand<ViewState | undefined>('evmTracer.traceCall', {
    uri: fixtureUri(tracer).toString(),
    block: 'latest',
    node: options.node,
    tracerConfig: options.tracerConfig,
  });
  if (!state) throw new Error('Trace Call returned nothing');
  return state;
}

/** What the most recent result panel shows once it has finished (asks the webview itself). */
export function renderedResult(): Promise<RenderedContent> {
  let last: RenderedContent | undefined;
  return waitFor(
    'the result panel to render the outcome',
    async () => {
      last = await testHook<RenderedContent | undefined>('lastResultView');
      return last && last.status !== 'running' && (last.resultJson !== undefined || last.errorText !== undefined) ? last : undefined;
    },
    { describeLast: () => JSON.stringify(last) },
  );
}

/** Outcome details for assertion messages. */
export function describe(state: ViewState): string {
  return JSON.stringify(state.outcome);
}

function logFilesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? logFilesUnder(path) : name.endsWith('.log') ? [path] : [];
  });
}

/** Every log file of the extension host (the "EVM Tracer" output channel's file is among them). */
export async function extensionHostLogFiles(): Promise<string[]> {
  const folder = await testHook<string>('logFolder');
  return logFilesUnder(dirname(folder));
}

let lastPrompt: PromptView | undefined;

/** The prompt on screen (a step of Trace Transaction, Add Node, …) once `ready` holds for it. */
export function promptWhere(what: string, ready: (view: PromptView) => boolean): Promise<PromptView> {
  return waitFor(
    what,
    async () => {
      lastPrompt = await testHook<PromptView | undefined>('activePrompt');
      return lastPrompt && !lastPrompt.busy && ready(lastPrompt) ? lastPrompt : undefined;
    },
    { describeLast: () => JSON.stringify(lastPrompt) },
  );
}

/** Answers the prompt on screen as a user would (see PromptAnswer). */
export const answerPrompt = (reply: PromptAnswer) => testHook<boolean>('answerPrompt', reply);
