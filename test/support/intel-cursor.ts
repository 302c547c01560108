// For editor-intelligence protocol tests: documents with a `|` marking the cursor.
import type { CompletionItem, Position } from 'vscode-languageserver-protocol';
import type { TestClient } from './lsp-client';

/** The text without its `|` marker, and the marker's LSP position. */
export function cursor(marked: string): { text: string; position: Position } {
  const offset = marked.indexOf('|');
  if (offset < 0) throw new Error('test text has no | cursor marker');
  const before = marked.slice(0, offset).split('\n');
  return {
    text: marked.slice(0, offset) + marked.slice(offset + 1),
    position: { line: before.length - 1, character: before[before.length - 1].length },
  };
}

export async function openAt(client: TestClient, name: string, marked: string): Promise<{ uri: string; position: Position }> {
  const { text, position } = cursor(marked);
  return { uri: await client.open(name, text), position };
}

export async function complete(client: TestClient, name: string, marked: string): Promise<CompletionItem[]> {
  const { uri, position } = await openAt(client, name, marked);
  const result = await client.connection.sendRequest<CompletionItem[] | null>('textDocument/completion', {
    textDocument: { uri },
    position,
  });
  return result ?? [];
}
