// Step-by-step inputs for the trace commands, validated as they are typed (with core's own checks) so a bad
// value never reaches the node. Every prompt resolves undefined when the user cancels it.
import * as vscode from 'vscode';
import { parseBlockTag } from '../core/trace/block';
import { checkHash } from '../core/trace/requests';

/** The message of what `check` throws, or undefined when it passes. */
export function problem(check: () => unknown): string | undefined {
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

export function blockError(text: string): string | undefined {
  return problem(() => parseBlockTag(text));
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
