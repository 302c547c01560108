// Where Save dialogs start: beside a tracer saved as a file, else in the workspace folder, else in the home
// folder. Never a virtual document's scheme (a built-in tracer's evm-tracer-builtin:, an untitled:
// tracer): no file system provider serves those, and the dialog would fail.
import { homedir } from 'node:os';
import * as vscode from 'vscode';

/** `<tracer's base name>.<suffix>` in the folder a Save dialog should start in. */
export function defaultSaveUri(tracerUri: string, suffix: string): vscode.Uri {
  const tracer = vscode.Uri.parse(tracerUri);
  const name = `${baseName(tracer.path)}.${suffix}`;
  if (tracer.scheme === 'file') return vscode.Uri.joinPath(tracer, '..', name);
  const folder = vscode.workspace.workspaceFolders?.find((item) => item.uri.scheme === 'file')?.uri ?? vscode.Uri.file(homedir());
  return vscode.Uri.joinPath(folder, name);
}

function baseName(path: string): string {
  return (path.split('/').pop() || 'trace').replace(/\.tracer\.js$|\.js$/, '');
}
