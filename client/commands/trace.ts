// The trace commands: Trace Transaction, Trace Call, Trace Block, Run Last Trace Again and Cancel Running
// Traces. Each gathers its target (from arguments, companion files or prompts) and hands a TraceSpec to
// the runner.
import * as vscode from 'vscode';
import type { Ctx } from '../ctx';
import { parseBlockTag } from '../../core/trace/block';
import { toCallObject } from '../../core/trace/call';
import { checkHash, type TraceTarget } from '../../core/trace/requests';
import type { BuiltCall } from '../call-builder';
import type { NodeSettings } from '../config';
import { askTracerConfig, jsonError } from '../prompts';
import type { TraceSpec } from '../trace/spec';
import { companionFiles, ownCompanion, readJsonFile, tracerUri } from '../tracer-files';
import { tickWhenTraced } from '../walkthrough';
import type { CommandFactory } from './command';

export interface TraceArgs {
  uri?: string | vscode.Uri;
  hash?: string;
  /** A call object (quantities may be decimal; checked and normalised). */
  call?: Record<string, unknown>;
  /** Trace Call: the block the call runs on; Trace Block: the block (a number, `latest` or a hash). */
  block?: string;
  /** Raw tracerConfig JSON; null for none (skips the config file and the prompt). */
  tracerConfig?: string | null;
  /** Node name (default: the selected node). */
  node?: string;
  /** Debug it: a debug run on the local node with VS Code's debugger attached (the Debug Trace commands). */
  debug?: boolean;
}

/** Whether the tracerConfig is to be asked for: none given, no `<name>.config.json`, and the tracer has setup(). */
async function configWanted(uri: vscode.Uri, args: TraceArgs | undefined): Promise<boolean> {
  if (args?.tracerConfig !== undefined || (await ownCompanion(uri, '.config.json'))) return false;
  return /\bsetup\s*:/.test((await vscode.workspace.openTextDocument(uri)).getText());
}

/** The tracerConfig: an argument, else `<name>.config.json` beside the tracer, else asked for when the tracer has setup(). */
async function tracerConfig(uri: vscode.Uri, args: TraceArgs | undefined): Promise<string | undefined | null> {
  if (args?.tracerConfig !== undefined) {
    const problem = args.tracerConfig === null ? undefined : jsonError(args.tracerConfig);
    if (problem) throw new Error(`Invalid tracerConfig: ${problem}`);
    return args.tracerConfig ?? undefined;
  }
  const file = await ownCompanion(uri, '.config.json');
  if (file) return (await readJsonFile(file)).text;
  return (await configWanted(uri, args)) ? askTracerConfig() : undefined;
}

/** The node a command runs on: the one named in its arguments, else the selected one. */
function targetNode(ctx: Ctx, args: TraceArgs | undefined): NodeSettings {
  const node = args?.node !== undefined ? ctx.nodes.find(args.node) : ctx.nodes.selected();
  if (!node) throw new Error(`No node named "${args?.node}": add it with "EVM Tracer: Add Node" or select another.`);
  return node;
}

/**
 * The call: an argument, else `<name>.call.json` beside the tracer, else one of the other `*.call.json`
 * files there or built step by step (the user picks). Calls from arguments and files run on `latest`
 * unless a block is given, so a saved call asks nothing.
 */
async function callTarget(ctx: Ctx, node: NodeSettings, uri: vscode.Uri, args: TraceArgs | undefined): Promise<BuiltCall | undefined> {
  const block = args?.block !== undefined ? parseBlockTag(args.block) : 'latest';
  if (args?.call) return { call: toCallObject(args.call, 'call argument'), block };
  let file = await ownCompanion(uri, '.call.json');
  const files = file ? [] : await companionFiles(uri, '.call.json');
  if (files.length > 0) {
    const picked = await vscode.window.showQuickPick(
      [
        ...files.map((item) => ({ label: vscode.workspace.asRelativePath(item), uri: item as vscode.Uri | undefined })),
        { label: 'Enter the call step by step…', uri: undefined },
      ],
      { title: 'Trace Call: which call?' },
    );
    if (!picked) return undefined;
    file = picked.uri;
  }
  if (file) {
    const { value } = await readJsonFile(file);
    return { call: toCallObject(value, vscode.workspace.asRelativePath(file)), block };
  }
  const { buildCall } = await import('../call-builder');
  const built = await buildCall(ctx, node, uri, { askConfig: await configWanted(uri, args) });
  return built && { ...built, block: args?.block !== undefined ? block : built.block };
}

/** The tracer to run; a debug run needs it saved as a file, said before anything is asked. */
function tracerToRun(args: TraceArgs | undefined): vscode.Uri {
  const uri = tracerUri(args?.uri);
  if (args?.debug && uri.scheme !== 'file')
    throw new Error('Debug Trace needs the tracer saved as a file (the debugger binds breakpoints by its path): save it first.');
  return uri;
}

async function runTrace(ctx: Ctx, uri: vscode.Uri, target: TraceTarget, args: TraceArgs | undefined) {
  const config = await tracerConfig(uri, args);
  if (config === null) return undefined;
  const spec: TraceSpec = { tracerUri: uri.toString(), target, tracerConfig: config, nodeName: args?.node ?? ctx.nodes.selected().name };
  return args?.debug ? (await import('../trace/debug-run')).debugTrace(ctx, spec) : ctx.traces.run(spec);
}

export const traceTransaction: CommandFactory = (ctx) => async (args?: TraceArgs) => {
  const uri = tracerToRun(args);
  if (args?.hash !== undefined) checkHash(args.hash, 'transaction hash');
  const node = targetNode(ctx, args);
  const { pickTransaction } = await import('../tx-picker');
  const hash = await pickTransaction(ctx, node, args?.hash);
  return hash === undefined ? undefined : tickWhenTraced('traced', await runTrace(ctx, uri, { kind: 'tx', hash }, args));
};

export const traceBlock: CommandFactory = (ctx) => async (args?: TraceArgs) => {
  const uri = tracerToRun(args);
  const node = targetNode(ctx, args);
  const { pickBlock } = await import('../block-picker');
  const block = await pickBlock(ctx, node, args?.hash ?? args?.block);
  return block === undefined ? undefined : runTrace(ctx, uri, { kind: 'block', ...block }, { ...args, node: node.name });
};

export const traceCall: CommandFactory = (ctx) => async (args?: TraceArgs) => {
  const uri = tracerToRun(args);
  const node = targetNode(ctx, args);
  const target = await callTarget(ctx, node, uri, args);
  if (!target) return undefined;
  // A built call carries its tracerConfig (asked as one of its steps): none is not asked again.
  const built = 'tracerConfig' in target ? { tracerConfig: target.tracerConfig ?? null } : {};
  return runTrace(ctx, uri, { kind: 'call', call: target.call, block: target.block }, { ...args, ...built, node: node.name });
};

export const rerunLastTrace: CommandFactory = (ctx) => async () => {
  const spec = ctx.traces.lastSpec;
  if (!spec) throw new Error('No trace has run yet in this workspace.');
  return tickWhenTraced('reran', await ctx.traces.run(spec));
};

export const cancelTraces: CommandFactory = (ctx) => () => ctx.traces.cancelAll();
