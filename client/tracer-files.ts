// Finding the tracer a command works on and the files that go with it: `<name>.call.json` (the call for
// Trace Call) and `<name>.config.json` (the tracerConfig) beside `<name>.tracer.js`.
import * as vscode from 'vscode';

function isTracer(document: vscode.TextDocument): boolean {
  return document.languageId === 'evm-tracer' || document.fileName.endsWith('.tracer.js');
}

/**
 * The tracer named by a command argument (a Uri or its string), else the active editor's, else a visible
 * tracer editor's: a command run from the walkthrough, the palette or a keybinding while a result panel or
 * the walkthrough has the focus means the tracer on screen.
 */
export function tracerUri(arg?: unknown): vscode.Uri {
  if (arg instanceof vscode.Uri) return arg;
  if (typeof arg === 'string' && arg) return vscode.Uri.parse(arg);
  const active = vscode.window.activeTextEditor?.document;
  if (active && isTracer(active)) return active.uri;
  const visible = vscode.window.visibleTextEditors.map((editor) => editor.document).filter(isTracer);
  if (visible.length > 0) return visible[0].uri;
  throw new Error('Open a *.tracer.js file first (or pass its URI).');
}

/** Keeps the `evmTracer.tracerVisible` context key (menus, keybindings, the walkthrough's first step) true while a tracer editor is on screen. */
export function trackVisibleTracer(): vscode.Disposable {
  const update = () =>
    vscode.commands.executeCommand(
      'setContext',
      'evmTracer.tracerVisible',
      vscode.window.visibleTextEditors.some((editor) => isTracer(editor.document)),
    );
  void update();
  return vscode.Disposable.from(
    vscode.window.onDidChangeVisibleTextEditors(() => void update()),
    vscode.workspace.onDidOpenTextDocument(() => void update()),
  );
}

export function tracerBaseName(uri: vscode.Uri): string {
  return (uri.path.split('/').pop() ?? '').replace(/\.tracer\.js$|\.js$/, '');
}

/** The companion file `<name><suffix>` beside `<name>.tracer.js`, if it exists. */
export async function ownCompanion(tracer: vscode.Uri, suffix: string): Promise<vscode.Uri | undefined> {
  const [first] = await companionFiles(tracer, suffix);
  return first && first.path.endsWith(`/${tracerBaseName(tracer)}${suffix}`) ? first : undefined;
}

/**
 * Files with `suffix` (e.g. `.call.json`) in the tracer's folder: the one named after the tracer first,
 * then the others in name order.
 */
export async function companionFiles(tracer: vscode.Uri, suffix: string): Promise<vscode.Uri[]> {
  const folder = vscode.Uri.joinPath(tracer, '..');
  let entries: Array<[string, vscode.FileType]>;
  try {
    entries = await vscode.workspace.fs.readDirectory(folder);
  } catch {
    return [];
  }
  const own = `${tracerBaseName(tracer)}${suffix}`;
  return entries
    .filter(([name, type]) => type === vscode.FileType.File && name.endsWith(suffix))
    .map(([name]) => name)
    .sort((a, b) => (a === own ? -1 : b === own ? 1 : a.localeCompare(b)))
    .map((name) => vscode.Uri.joinPath(folder, name));
}

/** Reads a JSON file, with an error that says which file and where it is broken. */
export async function readJsonFile(uri: vscode.Uri): Promise<{ text: string; value: unknown }> {
  const text = Buffer.from(await vscode.workspace.fs.readFile(uri)).toString('utf8');
  try {
    return { text, value: JSON.parse(text) as unknown };
  } catch (error) {
    throw new Error(`${vscode.workspace.asRelativePath(uri)} is not valid JSON: ${(error as Error).message}`);
  }
}
