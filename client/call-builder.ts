// Trace Call's call builder, when no call file is given: the call's steps (call-steps.ts), then the block,
// the tracerConfig when the tracer takes one, and at the end an offer to save it all as `<name>.call.json`
// (and `<name>.config.json`) so the next run asks nothing.
import * as vscode from 'vscode';
import { parseBlockTag } from '../core/trace/block';
import type { CallObject } from '../core/trace/call';
import { callSteps, draftCall, nodeFacts, type CallDraft, type Choice, type Step } from './call-steps';
import type { NodeSettings } from './config';
import type { Ctx } from './ctx';
import { blockError, jsonError } from './prompts';
import { back, input, pick, runSteps } from './quick-input';
import { tracerBaseName } from './tracer-files';

export interface BuiltCall {
  call: CallObject;
  block: string;
  /** The tracerConfig JSON text, when it was one of the steps (undefined: none). */
  tracerConfig?: string;
}

/** `tracer`: the tracer file the call is saved beside; undefined (a built-in tracer) offers no saving. */
export async function buildCall(
  ctx: Ctx,
  node: NodeSettings,
  tracer: vscode.Uri | undefined,
  options: { askConfig: boolean },
): Promise<BuiltCall | undefined> {
  const facts = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: `Reading accounts on ${node.name}` },
    () => nodeFacts(ctx, node),
  );
  const base = tracer ? tracerBaseName(tracer) : '';
  const state: CallDraft & { block: string; config?: string; save: boolean } = { block: 'latest', save: false, args: [] };

  const steps = callSteps(facts, state, { accountsOnly: false });

  const blockStep: Step = async (position) => {
    const answer = await input({
      position,
      prompt: 'block: the state the call runs on: latest, a number, a 0x quantity or a block hash',
      placeholder: 'latest',
      value: state.block === 'latest' ? '' : state.block,
      validate: (text) => (text.trim() ? blockError(text) : undefined),
      canGoBack: position.canGoBack,
    });
    if (answer !== undefined && answer !== back) state.block = answer.trim() ? parseBlockTag(answer) : 'latest';
    return answer;
  };

  const configStep: Step = async (position) => {
    const answer = await input({
      position,
      prompt: 'tracerConfig: the JSON passed to setup() (empty: none)',
      placeholder: '{"key": "value"}',
      value: state.config ?? '',
      validate: jsonError,
      canGoBack: position.canGoBack,
    });
    if (answer !== undefined && answer !== back) state.config = answer.trim() || undefined;
    return answer;
  };

  const saveStep: Step = async (position) => {
    const files = [`${base}.call.json`, ...(state.config ? [`${base}.config.json`] : [])].join(' and ');
    const answer = await pick<Choice<boolean>>({
      position,
      placeholder: 'Trace it now; saved, the next Trace Call of this tracer asks nothing',
      items: [
        { label: `Save as ${files} and trace`, description: 'beside the tracer', value: true },
        { label: 'Trace without saving', value: false },
      ],
      canGoBack: position.canGoBack,
    });
    if (answer && answer !== back) state.save = answer.value;
    return answer;
  };

  const all = (): Step[] => [
    steps.from,
    ...steps.target(),
    ...steps.data(),
    steps.value,
    steps.gas,
    blockStep,
    ...(options.askConfig ? [configStep] : []),
    ...(tracer ? [saveStep] : []),
  ];
  if (!(await runSteps(all, `Trace Call on ${node.name}`))) return undefined;
  const { block, config, save, ...draft } = state;
  const call = draftCall(draft);
  if (save && tracer) await saveCompanions(tracer, base, call, config);
  return { call, block, ...(options.askConfig ? { tracerConfig: config } : {}) };
}

async function saveCompanions(tracer: vscode.Uri, base: string, call: CallObject, config: string | undefined): Promise<void> {
  const folder = vscode.Uri.joinPath(tracer, '..');
  const write = (name: string, text: string) => vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, name), Buffer.from(text, 'utf8'));
  await write(`${base}.call.json`, JSON.stringify(call, null, 2) + '\n');
  if (config) await write(`${base}.config.json`, config.trim() + '\n');
}
