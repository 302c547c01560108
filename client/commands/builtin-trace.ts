// Trace with Built-in Tracer…: runs one of geth's named tracers (callTracer, prestateTracer, …) on the
// selected node, so its result can sit in the result panel beside a custom tracer's.
import * as vscode from 'vscode';
import { parseBlockTag } from '../../core/trace/block';
import { gethBuiltinTracers } from '../../core/trace/builtin-tracers';
import { toCallObject } from '../../core/trace/call';
import { builtinTracerUri } from '../../core/trace/named-tracer';
import { checkHash, type TraceTarget } from '../../core/trace/requests';
import { buildCall } from '../call-builder';
import type { Ctx } from '../ctx';
import { jsonError } from '../prompts';
import type { CommandFactory } from './command';

interface BuiltinTraceArgs {
  name?: string;
  /** Raw tracerConfig JSON; null for none. */
  tracerConfig?: string | null;
  hash?: string;
  kind?: 'tx' | 'block' | 'call';
  call?: Record<string, unknown>;
  block?: string;
  node?: string;
}

async function pickName(): Promise<string | undefined> {
  const picked = await vscode.window.showQuickPick(
    gethBuiltinTracers.map((t) => ({ label: t.name, description: t.options })),
    { title: 'Trace with Built-in Tracer: which tracer?', ignoreFocusOut: true },
  );
  return picked?.label;
}

/** The config: an argument, else typed in (pre-filled with the tracer's options); null when cancelled. */
async function pickConfig(name: string, args: BuiltinTraceArgs | undefined): Promise<string | undefined | null> {
  if (args?.tracerConfig !== undefined) {
    const problem = args.tracerConfig === null ? undefined : jsonError(args.tracerConfig);
    if (problem) throw new Error(`Invalid tracerConfig: ${problem}`);
    return args.tracerConfig ?? undefined;
  }
  const text = await vscode.window.showInputBox({
    title: `${name}: tracerConfig`,
    prompt: 'tracerConfig JSON (empty: none)',
    value: gethBuiltinTracers.find((t) => t.name === name)?.options ?? '',
    ignoreFocusOut: true,
    validateInput: jsonError,
  });
  if (text === undefined) return null;
  return text.trim() ? text : undefined;
}

async function pickTarget(ctx: Ctx, nodeName: string, args: BuiltinTraceArgs | undefined): Promise<TraceTarget | undefined> {
  const kind =
    args?.kind ??
    (args?.hash
      ? 'tx'
      : args?.call
        ? 'call'
        : (
            await vscode.window.showQuickPick(
              [
                { label: 'Transaction', target: 'tx' as const },
                { label: 'Call', target: 'call' as const },
                { label: 'Block', target: 'block' as const },
              ],
              { title: 'Trace with Built-in Tracer: what to trace?', ignoreFocusOut: true },
            )
          )?.target);
  if (kind === undefined) return undefined;
  if (kind === 'call') {
    if (args?.call) return { kind, call: toCallObject(args.call, 'call argument'), block: parseBlockTag(args.block ?? 'latest') };
    const built = await buildCall(ctx, ctx.nodes.find(nodeName) ?? ctx.nodes.selected(), undefined, { askConfig: false });
    return built && { kind, call: built.call, block: built.block };
  }
  if (kind === 'tx') {
    // The same picker as Trace Transaction: the node's latest transactions, the recent ones, or a hash.
    if (args?.hash !== undefined) checkHash(args.hash, 'transaction hash');
    const { pickTransaction } = await import('../tx-picker');
    const hash = await pickTransaction(ctx, ctx.nodes.find(nodeName) ?? ctx.nodes.selected(), args?.hash);
    return hash === undefined ? undefined : { kind, hash };
  }
  // The same picker as Trace Block: the node's latest blocks, `latest`, or a number or hash.
  const { pickBlock } = await import('../block-picker');
  const block = await pickBlock(ctx, ctx.nodes.find(nodeName) ?? ctx.nodes.selected(), args?.hash ?? args?.block);
  return block && { kind, ...block };
}

export const traceWithBuiltin: CommandFactory = (ctx) => async (args?: BuiltinTraceArgs) => {
  const name = args?.name ?? (await pickName());
  if (!name) return undefined;
  const tracerConfig = await pickConfig(name, args);
  if (tracerConfig === null) return undefined;
  const nodeName = args?.node ?? ctx.nodes.selected().name;
  const target = await pickTarget(ctx, nodeName, args);
  if (!target) return undefined;
  return ctx.traces.run({ tracerUri: builtinTracerUri(name), target, tracerConfig, nodeName });
};
