// New Tracer File: an untitled EVM Tracer document. From the walkthrough (or any page that is no text
// editor) it opens beside that page, so the walkthrough's next buttons find the tracer on screen.
import * as vscode from 'vscode';
import type { CommandFactory } from './command';

export const newTracerFile: CommandFactory = () => async (): Promise<string> => {
  const document = await vscode.workspace.openTextDocument({ language: 'evm-tracer' });
  const fromPage = vscode.window.tabGroups.activeTabGroup.activeTab !== undefined && vscode.window.activeTextEditor === undefined;
  await vscode.window.showTextDocument(document, { viewColumn: fromPage ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active });
  return document.uri.toString();
};
