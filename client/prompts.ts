// Step-by-step inputs for the trace commands, validated as they are typed (with core's own checks) so a bad
// value never reaches the node. Every prompt resolves undefined when the user cancels it.
import * as vscode from 'vscode';
import { parseBlockTag } from '../core/trace/block';
import { toCallObject, toQuantity, type CallObject } from '../core/trace/call';
import { checkHash } from '../core/trace/requests';

/** The message of what `check` throws, or undefined when it passes. */
function problem(check: () => unknown): string | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

export function hashError(text: string, what: string): string | undefined {
  return problem(() => checkHash(text.trim(), what));
}

/** A hash: typed, or picked from the recent ones. */
export async function askHash(what: string, recent: readonly string[]): Promise<string | undefined> {
  const pick = vscode.window.createQuickPick();
  pick.title = `Trace: ${what}`;
  pick.placeholder = '0x… (64 hex digits)';
  pick.ignoreFocusOut = true;
  const recentItems = recent.map((hash) => ({ label: hash, description: 'recent' }));
  pick.items = recentItems;
  return new Promise((resolve) => {
    pick.onDidChangeValue((value) => {
      const typed = value.trim();
      const error = typed ? hashError(typed, what) : undefined;
      pick.items = typed && !error ? [{ label: typed }, ...recentItems.filter((item) => item.label !== typed)] : recentItems;
      pick.title = error ? `${what}: ${error}` : `Trace: ${what}`;
    });
    pick.onDidAccept(() => {
      const chosen = pick.selectedItems[0]?.label ?? pick.value.trim();
      if (hashError(chosen, what)) return;
      resolve(chosen);
      pick.hide();
    });
    pick.onDidHide(() => {
      resolve(undefined);
      pick.dispose();
    });
    pick.show();
  });
}

export function blockError(text: string): string | undefined {
  return problem(() => parseBlockTag(text));
}

export async function askBlock(): Promise<string | undefined> {
  const block = await vscode.window.showInputBox({
    title: 'Trace Call: block',
    prompt: 'Block to run the call on: latest, a number, a 0x quantity or a block hash',
    value: 'latest',
    ignoreFocusOut: true,
    validateInput: blockError,
  });
  return block === undefined ? undefined : parseBlockTag(block);
}

/** Builds a call object field by field. */
export async function askCall(): Promise<CallObject | undefined> {
  const fields: Array<{ field: keyof CallObject; prompt: string; check: (text: string) => unknown }> = [
    { field: 'from', prompt: 'from: sender address (empty: none)', check: (text) => toCallObject({ from: text }) },
    { field: 'to', prompt: 'to: contract address (empty: contract creation)', check: (text) => toCallObject({ to: text }) },
    { field: 'gas', prompt: 'gas limit (decimal or 0x; empty: node default)', check: (text) => toQuantity(text, 'gas') },
    { field: 'value', prompt: 'value in wei (decimal or 0x; empty: 0)', check: (text) => toQuantity(text, 'value') },
    { field: 'data', prompt: 'data: call input (0x hex bytes; empty: none)', check: (text) => toCallObject({ data: text }) },
  ];
  const raw: Record<string, string> = {};
  for (const [index, step] of fields.entries()) {
    const text = await vscode.window.showInputBox({
      title: `Trace Call (${index + 1}/${fields.length})`,
      prompt: step.prompt,
      ignoreFocusOut: true,
      validateInput: (value) => (value.trim() ? problem(() => step.check(value.trim())) : undefined),
    });
    if (text === undefined) return undefined;
    if (text.trim()) raw[step.field] = text.trim();
  }
  return toCallObject(raw);
}

export function jsonError(text: string): string | undefined {
  return text.trim() ? problem(() => JSON.parse(text)) : undefined;
}

/** A tracerConfig typed in: the JSON text, undefined for none, null when cancelled. */
export async function askTracerConfig(): Promise<string | undefined | null> {
  const text = await vscode.window.showInputBox({
    title: 'Tracer config',
    prompt: 'tracerConfig JSON passed to setup() (empty: none)',
    placeHolder: '{"key": "value"}',
    ignoreFocusOut: true,
    validateInput: jsonError,
  });
  if (text === undefined) return null;
  return text.trim() ? text : undefined;
}
