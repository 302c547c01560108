// Trace Block Range…: a tracer over every transaction of a block range, into a folder, as `evm-tracer trace
// range` does (client/trace/range-run.ts runs the same core), then the run's view (webview/range-panel.ts).
// Asks, one step after another: the node, the range, the tracer (the active *.tracer.js or a built-in), its
// config and the folder. A folder holding this run resumes it; one holding another run is only started
// afresh when the user says so.
import { isAbsolute } from 'node:path';
import * as vscode from 'vscode';
import { parseBlockRange } from '../../core/range/block-range';
import { gethBuiltinTracers } from '../../core/trace/builtin-tracers';
import { builtinTracerOfUri, builtinTracerUri } from '../../core/trace/named-tracer';
import type { Ctx } from '../ctx';
import { jsonError, problem } from '../prompts';
import { back, input, pick, runSteps, type Answer, type StepPosition } from '../quick-input';
import { FolderRefused, runRange, type RangeRequest } from '../trace/range-run';
import { ownCompanion, readJsonFile, tracerBaseName, tracerUri } from '../tracer-files';
import type { CommandFactory } from './command';

interface TraceRangeArgs {
  /** The tracer file (else the active one, or picked). */
  uri?: string;
  /** A built-in tracer's name, instead of a file. */
  builtin?: string;
  node?: string;
  /** FROM..TO: block numbers, latest or latest-N. */
  range?: string;
  /** Raw tracerConfig JSON; null for none. */
  tracerConfig?: string | null;
  /** The output folder (a path). */
  out?: string;
  /** Blocks per file (default 100). */
  chunkSize?: number;
  /** Start afresh over another run in the folder without asking. */
  overwrite?: boolean;
}

/** What the command ends with: the folder, whether it stopped before the end, and its chunks' states. */
interface TraceRangeOutcome {
  folder: string;
  stopped: boolean;
  chunks: Array<'pending' | 'done' | 'failed'>;
}

const defaultChunkSize = 100;

const workspaceFolder = () => vscode.workspace.workspaceFolders?.find((folder) => folder.uri.scheme === 'file')?.uri;

/** `<workspace>/range-runs/<tracer>-<from>-to-<to>` (the extension's storage without a workspace): beside the
 * user's work, named for the run. */
function defaultFolder(ctx: Ctx, tracer: string, range: string): string {
  const workspace = workspaceFolder();
  const base = workspace ? vscode.Uri.joinPath(workspace, 'range-runs') : vscode.Uri.joinPath(ctx.extension.globalStorageUri, 'range-runs');
  const name = `${tracer.replace(/\.tracer\.js$|\.js$/, '')}-${range.replace(/\.\./, '-to-')}`.replace(/[^\w.-]+/g, '_');
  return vscode.Uri.joinPath(base, name).fsPath;
}

/** The folder typed: an absolute path, or one relative to the workspace folder; else why not. */
function folderPath(text: string): string {
  const typed = text.trim();
  if (!typed) throw new Error('give a folder');
  if (isAbsolute(typed)) return typed;
  const workspace = workspaceFolder();
  if (!workspace) throw new Error(`'${typed}' is relative and no workspace folder is open: give an absolute path`);
  return vscode.Uri.joinPath(workspace, typed).fsPath;
}

type Step = (position: StepPosition & { canGoBack: boolean }) => Promise<Answer<unknown>>;

/** The request, asked for what the arguments leave out; undefined when cancelled. */
async function askRequest(ctx: Ctx, args: TraceRangeArgs): Promise<RangeRequest | undefined> {
  if (args.builtin !== undefined && !gethBuiltinTracers.some((tracer) => tracer.name === args.builtin))
    throw new Error(`No built-in tracer "${args.builtin}": one of ${gethBuiltinTracers.map((tracer) => tracer.name).join(', ')}.`);
  const active =
    args.builtin !== undefined
      ? builtinTracerUri(args.builtin)
      : (args.uri ?? (problem(() => tracerUri()) ? undefined : tracerUri().toString()));
  const state = {
    nodeName: args.node ?? ctx.nodes.selected().name,
    range: args.range ?? 'latest-9..latest',
    tracerUri: args.uri !== undefined || args.builtin !== undefined ? active : undefined,
    config: args.tracerConfig === null ? '' : args.tracerConfig,
    folder: args.out,
  };
  const tracerLabel = () =>
    state.tracerUri ? (builtinTracerOfUri(state.tracerUri) ?? tracerBaseName(vscode.Uri.parse(state.tracerUri))) : '';

  const nodeStep: Step = async (position) => {
    const items = ctx.nodes.list().map((node) => ({ label: node.name, description: ctx.nodes.details(node) }));
    const answer = await pick({
      position,
      placeholder: 'Which node? It runs the tracer (Enter keeps the selected one)',
      items,
      active: items.find((item) => item.label === state.nodeName),
      canGoBack: position.canGoBack,
    });
    if (answer && answer !== back) state.nodeName = answer.label;
    return answer;
  };
  const rangeStep: Step = async (position) => {
    const answer = await input({
      position,
      prompt: 'Blocks FROM..TO: each a number, latest or latest-N (e.g. 100..199, latest-9..latest)',
      value: state.range,
      validate: (text) => problem(() => parseBlockRange(text)),
      canGoBack: position.canGoBack,
    });
    if (answer !== undefined && answer !== back) state.range = answer;
    return answer;
  };
  const tracerStep: Step = async (position) => {
    const items = [
      ...(active && !builtinTracerOfUri(active)
        ? [{ label: tracerBaseName(vscode.Uri.parse(active)), description: 'this tracer', uri: active }]
        : []),
      ...gethBuiltinTracers.map((tracer) => ({ label: tracer.name, description: 'built-in', uri: builtinTracerUri(tracer.name) })),
    ];
    const answer = await pick({ position, placeholder: 'Which tracer?', items, canGoBack: position.canGoBack });
    if (answer && answer !== back) state.tracerUri = answer.uri;
    return answer;
  };
  const configStep: Step = async (position) => {
    const answer = await input({
      position,
      prompt: `tracerConfig of ${tracerLabel()}: the JSON passed to setup() (empty: none)`,
      value: state.config ?? (await configDraft(state.tracerUri!)),
      validate: jsonError,
      canGoBack: position.canGoBack,
    });
    if (answer !== undefined && answer !== back) state.config = answer;
    return answer;
  };
  const folderStep: Step = async (position) => {
    const answer = await input({
      position,
      prompt: "The folder of results (absolute, or in the workspace folder): new or empty, or this run's to resume",
      value: state.folder ?? defaultFolder(ctx, tracerLabel(), parseBlockRange(state.range).text),
      validate: (text) => problem(() => folderPath(text)),
      canGoBack: position.canGoBack,
    });
    if (answer !== undefined && answer !== back) state.folder = answer;
    return answer;
  };

  const steps = (): Step[] => [
    ...(args.node === undefined ? [nodeStep] : []),
    ...(args.range === undefined ? [rangeStep] : []),
    ...(args.uri === undefined && args.builtin === undefined ? [tracerStep] : []),
    ...(args.tracerConfig === undefined ? [configStep] : []),
    ...(args.out === undefined ? [folderStep] : []),
  ];
  if (!(await runSteps(steps, 'Trace Block Range'))) return undefined;
  const problemText = state.config ? jsonError(state.config) : undefined;
  if (problemText) throw new Error(`Invalid tracerConfig: ${problemText}`);
  return {
    nodeName: state.nodeName,
    range: parseBlockRange(state.range),
    tracerUri: state.tracerUri!,
    tracerConfig: state.config?.trim() ? state.config : undefined,
    folder: folderPath(state.folder!),
    chunkSize: args.chunkSize ?? defaultChunkSize,
  };
}

/** The config step's first text: `<name>.config.json` beside a tracer file, a built-in's usual options, else none. */
async function configDraft(uri: string): Promise<string> {
  const builtin = builtinTracerOfUri(uri);
  if (builtin !== undefined) return gethBuiltinTracers.find((tracer) => tracer.name === builtin)?.options ?? '';
  const file = await ownCompanion(vscode.Uri.parse(uri), '.config.json');
  return file ? (await readJsonFile(file)).text : '';
}

/** Whether to start afresh over the other run in `folder` (asked, modal, naming what differs). */
async function startAfresh(folder: string, reason: string): Promise<boolean> {
  const choice = await vscode.window.showWarningMessage(
    reason,
    { modal: true, detail: `Starting afresh deletes the chunk files of the run in ${folder}.` },
    'Start Afresh',
  );
  return choice === 'Start Afresh';
}

export const traceBlockRange: CommandFactory =
  (ctx) =>
  async (args: TraceRangeArgs = {}) => {
    const request = await askRequest(ctx, args);
    if (!request) return undefined;
    let outcome;
    try {
      outcome = await runRange(ctx, request, args.overwrite === true);
    } catch (error) {
      // Another run in the folder: never replaced without asking.
      if (
        !(error instanceof FolderRefused) ||
        !error.afresh ||
        args.overwrite !== undefined ||
        !(await startAfresh(request.folder, error.message))
      )
        throw error;
      outcome = await runRange(ctx, request, true);
    }
    const { manifest, stopped } = outcome;
    const failed = manifest.chunks.filter((chunk) => chunk.state === 'failed');
    if (stopped)
      void vscode.window.showInformationMessage('EVM Tracer: Trace Block Range stopped; run it again with the same folder to resume.');
    else if (failed.length > 0)
      void vscode.window.showWarningMessage(
        `EVM Tracer: ${failed.length} of ${manifest.chunks.length} chunks failed (first: ${failed[0].state === 'failed' ? failed[0].reason : ''}); run it again to retry them.`,
      );
    const { RangePanel } = await import('../webview/range-panel');
    RangePanel.show(ctx, {
      folder: request.folder,
      tracerUri: request.tracerUri,
      tracerConfig: request.tracerConfig,
      nodeName: request.nodeName,
    });
    const result: TraceRangeOutcome = { folder: request.folder, stopped, chunks: manifest.chunks.map((chunk) => chunk.state) };
    return result;
  };
