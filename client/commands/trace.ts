// The trace commands: Trace Transaction, Trace Call, Trace Block, Run Last Trace Again and Cancel Running
// Traces. Each gathers its target (from arguments, companion files or prompts) and hands a TraceSpec to
// the runner.
import * as vscode from 'vscode';
import type { Ctx } from '../ctx';
import { parseBlockTag } from '../../core/trace/block';
import { toCallObject, type CallObject } from '../../core/trace/call';
import { checkHash, type TraceTarget } from '../../core/trace/requests';
import { askBlock, askCall, askHash, askTracerConfig, jsonError } from '../prompts';
import type { TraceSpec } from '../trace/spec';
import { companionFiles, ownCompanion, readJsonFile, tracerUri } from '../tracer-files';
import type { CommandFactory } from './command';

export interface TraceArgs {
  uri?: string | vscode.Uri;
  hash?: string;
  /** A call object (quantities may be decimal; checked and normalised). */
  call?: Record<string, unknown>;
  block?: string;
  /** Raw tracerConfig JSON; null for none (skips the config file and the prompt). */
  tracerConfig?: string | null;
  /** Node name (default: the selected node). */
  node?: string;
  /** Debug it: a debug run on the local node with VS Code's debugger attached (the Debug Trace commands). */
  debug?: boolean;
}

const RECENT_LIMIT = 10;

/** The tracerConfig: an argument, else `<name>.config.json` beside the tracer, else asked for when the tracer has setup(). */
async function tracerConfig(uri: vscode.Uri, args: TraceArgs | undefined): Promise<string | undefined | null> {
  if (args?.tracerConfig !== undefined) {
    const problem = args.tracerConfig === null ? undefined : jsonError(args.tracerConfig);
    if (problem) throw new Error(`Invalid tracerConfig: ${problem}`);
    return args.tracerConfig ?? undefined;
  }
  const file = await ownCompanion(uri, '.config.json');
  if (file) return (await readJsonFile(file)).text;
  const text = (await vscode.workspace.openTextDocument(uri)).getText();
  return /\bsetup\s*:/.test(text) ? askTracerConfig() : undefined;
}

async function remember(ctx: Ctx, key: string, hash: string): Promise<void> {
  const recent = ctx.extension.workspaceState.get<string[]>(key, []);
  await ctx.extension.workspaceState.update(key, [hash, ...recent.filter((item) => item !== hash)].slice(0, RECENT_LIMIT));
}

async function hashTarget(ctx: Ctx, args: TraceArgs | undefined, kind: 'transaction' | 'block'): Promise<string | undefined> {
  const key = kind === 'transaction' ? 'evmTracer.recentTransactions' : 'evmTracer.recentBlocks';
  const hash = args?.hash ?? (await askHash(`${kind} hash`, ctx.extension.workspaceState.get<string[]>(key, [])));
  if (hash === undefined) return undefined;
  checkHash(hash, `${kind} hash`);
  await remember(ctx, key, hash);
  return hash;
}

/**
 * The call: an argument, else `<name>.call.json` beside the tracer, else one of the other `*.call.json`
 * files there or built step by step (the user picks).
 */
async function callTarget(uri: vscode.Uri, args: TraceArgs | undefined): Promise<CallObject | undefined> {
  if (args?.call) return toCallObject(args.call, 'call argument');
  let file = await ownCompanion(uri, '.call.json');
  const files = file ? [] : await companionFiles(uri, '.call.json');
  if (files.length > 0) {
    const picked = await vscode.window.showQuickPick(
      [...files.map((item) => ({ label: vscode.workspace.asRelativePath(item), uri: item as vscode.Uri | undefined })), { label: 'Enter the call step by step…', uri: undefined }],
      { title: 'Trace Call: which call?' },
    );
    if (!picked) return undefined;
    file = picked.uri;
  }
  if (!file) return askCall();
  const { value } = await readJsonFile(file);
  return toCallObject(value, vscode.workspace.asRelativePath(file));
}

async function runTrace(ctx: Ctx, uri: vscode.Uri, target: TraceTarget, args: TraceArgs | undefined) {
  const config = await tracerConfig(uri, args);
  if (config === null) return undefined;
  const spec: TraceSpec = { tracerUri: uri.toString(), target, tracerConfig: config, nodeName: args?.node ?? ctx.nodes.selected().name };
  return args?.debug ? (await import('../trace/debug-run')).debugTrace(ctx, spec) : ctx.traces.run(spec);
}

export const traceTransaction: CommandFactory = (ctx) => async (args?: TraceArgs) => {
  const uri = tracerUri(args?.uri);
  const hash = await hashTarget(ctx, args, 'transaction');
  return hash === undefined ? undefined : runTrace(ctx, uri, { kind: 'tx', hash }, args);
};

export const traceBlock: CommandFactory = (ctx) => async (args?: TraceArgs) => {
  const uri = tracerUri(args?.uri);
  const hash = await hashTarget(ctx, args, 'block');
  return hash === undefined ? undefined : runTrace(ctx, uri, { kind: 'block', hash }, args);
};

export const traceCall: CommandFactory = (ctx) => async (args?: TraceArgs) => {
  const uri = tracerUri(args?.uri);
  const call = await callTarget(uri, args);
  if (!call) return undefined;
  const block = args?.block !== undefined ? parseBlockTag(args.block) : await askBlock();
  return block === undefined ? undefined : runTrace(ctx, uri, { kind: 'call', call, block }, args);
};

export const rerunLastTrace: CommandFactory = (ctx) => async () => {
  const spec = ctx.traces.lastSpec;
  if (!spec) throw new Error('No trace has run yet in this workspace.');
  return ctx.traces.run(spec);
};

export const cancelTraces: CommandFactory = (ctx) => () => ctx.traces.cancelAll();
