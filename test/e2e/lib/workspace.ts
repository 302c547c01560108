// Helpers for the suites that run inside VS Code: the fixture workspace (a private copy of
// test/e2e/workspace opened by the runner) and polling for state that arrives asynchronously.
import * as vscode from 'vscode';

/** Opens a file of the fixture workspace in an editor. */
export async function openFixture(relativePath: string): Promise<vscode.TextDocument> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('no workspace folder open: the runner opens a copy of test/e2e/workspace');
  const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder.uri, relativePath));
  await vscode.window.showTextDocument(document);
  return document;
}

/**
 * Polls `probe` until it returns something other than undefined/false, or fails after `timeoutMs` with
 * what it was waiting for and, from `describeLast`, what it saw last. Generous defaults: the machine is
 * shared and slow.
 */
export async function waitFor<T>(
  what: string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  options: { timeoutMs?: number; describeLast?: () => string } = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}${options.describeLast ? `; last seen: ${options.describeLast()}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The code of a diagnostic as a string (VS Code also allows a number or a {value, target} object). */
export function diagnosticCode(diagnostic: vscode.Diagnostic): string | undefined {
  const { code } = diagnostic;
  return typeof code === 'object' ? String(code.value) : code === undefined ? undefined : String(code);
}

/** The diagnostics VS Code currently holds for `uri` with the given code. */
export function diagnosticsWithCode(uri: vscode.Uri, code: string): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((diagnostic) => diagnosticCode(diagnostic) === code);
}
