// New Tracer File: an untitled EVM Tracer document. From the walkthrough (or any page that is no text
// editor) it opens beside that page, so the walkthrough's next buttons find the tracer on screen.
import * as vscode from 'vscode';
import { onPage, onWorkbenchPage, pageSettled } from '../page-focus';
import type { CommandFactory } from './command';

export const newTracerFile: CommandFactory = () => async (): Promise<string> => {
  const document = await vscode.workspace.openTextDocument({ language: 'evm-tracer' });
  const fromPage = onPage();
  if (onWorkbenchPage()) await pageSettled();
  await vscode.window.showTextDocument(document, { viewColumn: fromPage ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active });
  return document.uri.toString();
};
