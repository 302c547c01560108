// Flattening goes through the language server (it already holds the parsed document, unsaved edits included).
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { FlattenRequest, type FlattenParams, type FlattenResult } from '../core/protocol';

export async function flattenWithServer(client: LanguageClient, uri: vscode.Uri): Promise<string> {
  // Opening the document makes sure the server has it (and its unsaved text) before it is asked.
  const document = await vscode.workspace.openTextDocument(uri);
  const params: FlattenParams = { uri: document.uri.toString() };
  const result = await client.sendRequest<FlattenResult>(FlattenRequest.method, params);
  if ('error' in result) throw new Error(`${vscode.workspace.asRelativePath(uri)} cannot be flattened:\n${result.error}`);
  return result.code;
}
