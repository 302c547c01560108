// Completion: members after a dot, globals, whole hooks at the top level, opcode names and numbers
// (the decisions are in core/api/complete.ts; this maps them onto LSP items).
import { CompletionItemKind, InsertTextFormat, MarkupKind, type CompletionItem } from 'vscode-languageserver/node';
import { completionsAt, type Completion, type CompletionKind } from '../../core/api/complete';
import type { Feature } from './feature';

const KINDS: Record<CompletionKind, CompletionItemKind> = {
  method: CompletionItemKind.Method,
  property: CompletionItemKind.Property,
  field: CompletionItemKind.Field,
  function: CompletionItemKind.Function,
  variable: CompletionItemKind.Variable,
  hook: CompletionItemKind.Method,
  opcode: CompletionItemKind.Constant,
};

/** Whether the client takes snippet syntax (hook skeletons put the cursor inside the body). */
let snippets = false;

export const completionFeature: Feature = {
  capabilities(params) {
    snippets = params.capabilities.textDocument?.completion?.completionItem?.snippetSupport === true;
    return { completionProvider: { triggerCharacters: ['.', "'", '"'] } };
  },
  register({ connection, documents }) {
    connection.onCompletion(({ textDocument, position }) => {
      const document = documents.get(textDocument.uri);
      if (!document) return null;
      const text = document.getText();
      return completionsAt(text, document.offsetAt(position)).map((item) => toLsp(item, document.positionAt.bind(document), snippets));
    });
  },
};

function toLsp(item: Completion, positionAt: (offset: number) => { line: number; character: number }, snippets: boolean): CompletionItem {
  const insert = item.snippet && !snippets ? item.insertText.replace('$0', '') : item.insertText;
  return {
    label: item.label,
    kind: KINDS[item.kind],
    detail: item.detail,
    documentation: item.documentation ? { kind: MarkupKind.Markdown, value: item.documentation } : undefined,
    filterText: item.filterText,
    insertTextFormat: item.snippet && snippets ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
    textEdit: { range: { start: positionAt(item.replace.start), end: positionAt(item.replace.end) }, newText: insert },
  };
}
