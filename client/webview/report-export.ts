// The extension's side of the pictures: names from the local node's seed and the workspace's ABIs (scanned
// with the shared scanner, briefly cached) and *Save as HTML Report* (the same self-contained HTML as
// `evm-tracer report`).
import * as vscode from 'vscode';
import { mergeNames, type NameTable } from '../../core/abi/names';
import { reportAssets } from '../../report/assets';
import { reportData, type ReportSide } from '../../report/data';
import { reportHtml } from '../../report/html';
import { namesFromFolders } from '../../report/workspace-names';
import { seedNames } from './seed-names';

const CACHE_MS = 30_000;
let cache: { at: number; names: Promise<NameTable> } | undefined;

/** Workspace ABI names (then the built-in table); rescanned at most every 30 s. */
function workspaceNames(): Promise<NameTable> {
  if (!cache || Date.now() - cache.at > CACHE_MS) {
    const folders = vscode.workspace.isTrusted
      ? (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath)
      : [];
    cache = { at: Date.now(), names: namesFromFolders(folders).then((found) => found.names) };
  }
  return cache.names;
}

/** The names for results of a node: its seed's (the local node's examples), then the workspace's. */
async function namesOf(nodeName: string): Promise<NameTable> {
  const seed = seedNames(nodeName);
  return seed ? mergeNames(seed, await workspaceNames()) : workspaceNames();
}

/** Only the names a result (traced on `nodeName`) mentions: what the webview needs. */
export async function namesFor(nodeName: string, main: ReportSide, compare?: ReportSide): Promise<NameTable> {
  return reportData(main, await namesOf(nodeName), compare).names;
}

/** Writes the report of `main` to `target`, else where the user chooses; the file written, if any. */
export async function saveHtmlReport(
  nodeName: string,
  main: ReportSide,
  defaultUri: vscode.Uri,
  target?: vscode.Uri,
): Promise<vscode.Uri | undefined> {
  target ??= await vscode.window.showSaveDialog({ defaultUri, filters: { HTML: ['html'] }, title: 'Save as HTML Report' });
  if (!target) return undefined;
  const html = reportHtml(reportData(main, await namesOf(nodeName)), reportAssets());
  await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(html));
  void vscode.window.setStatusBarMessage(`EVM Tracer: report saved to ${target.fsPath}`, 5000);
  return target;
}
