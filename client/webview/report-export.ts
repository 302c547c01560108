// The extension's side of the pictures: names from the workspace's ABIs (scanned with the shared scanner,
// briefly cached) and *Save as HTML Report* (the same self-contained HTML as `evm-tracer report`).
import * as vscode from 'vscode';
import type { NameTable } from '../../core/abi/names';
import { reportAssets } from '../../report/assets';
import { reportData, type ReportSide } from '../../report/data';
import { reportHtml } from '../../report/html';
import { namesFromFolders } from '../../report/workspace-names';

const CACHE_MS = 30_000;
let cache: { at: number; names: Promise<NameTable> } | undefined;

/** Workspace ABI names (then the built-in table); rescanned at most every 30 s. */
export function workspaceNames(): Promise<NameTable> {
  if (!cache || Date.now() - cache.at > CACHE_MS) {
    const folders = vscode.workspace.isTrusted ? (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath) : [];
    cache = { at: Date.now(), names: namesFromFolders(folders).then((found) => found.names) };
  }
  return cache.names;
}

/** Only the names a result mentions: what the webview needs. */
export async function namesFor(main: ReportSide, compare?: ReportSide): Promise<NameTable> {
  return reportData(main, await workspaceNames(), compare).names;
}

export async function saveHtmlReport(main: ReportSide, defaultUri: vscode.Uri): Promise<void> {
  const target = await vscode.window.showSaveDialog({ defaultUri, filters: { HTML: ['html'] }, title: 'Save as HTML Report' });
  if (!target) return;
  const html = reportHtml(reportData(main, await workspaceNames()), reportAssets());
  await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(html));
  void vscode.window.setStatusBarMessage(`EVM Tracer: report saved to ${target.fsPath}`, 5000);
}
