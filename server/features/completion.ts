// Completion: members after a dot, globals, whole hooks at the top level, opcode names and numbers
// (the decisions are in core/api/complete.ts; this maps them onto LSP items).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CompletionItemKind, InsertTextFormat, InsertTextMode, MarkupKind, type CompletionItem } from 'vscode-languageserver/node';
import { completionsAt, type Completion, type CompletionKind } from '../../core/api/complete';
import { analysable } from '../size-limit';
import type { Feature } from './feature';
import { documentSettings } from './settings';

const KINDS: Record<CompletionKind, CompletionItemKind> = {
  method: CompletionItemKind.Method,
  property: CompletionItemKind.Property,
  field: CompletionItemKind.Field,
  function: CompletionItemKind.Function,
  variable: CompletionItemKind.Variable,
  hook: CompletionItemKind.Method,
  opcode: CompletionItemKind.Constant,
};

/** The prefixes of the extension's snippets (snippets/ beside dist/, where this bundle runs): the editor
 * already offers those, so completion leaves them out. Empty when the server runs without the extension. */
export function snippetPrefixes(dir = join(__dirname, '..', 'snippets')): Set<string> {
  const prefixes = new Set<string>();
  if (!existsSync(dir)) return prefixes;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.code-snippets'))) {
    try {
      const snippets = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, { prefix?: string | string[] }>;
      for (const snippet of Object.values(snippets)) for (const prefix of [snippet.prefix ?? []].flat()) prefixes.add(prefix);
    } catch {
      // A snippet file that does not parse is the editor's problem to report; offer everything.
    }
  }
  return prefixes;
}

/** Whether the client takes snippet syntax (hook skeletons put the cursor inside the body). */
let snippets = false;

export const completionFeature: Feature = {
  capabilities(params) {
    snippets = params.capabilities.textDocument?.completion?.completionItem?.snippetSupport === true;
    return { completionProvider: { triggerCharacters: ['.', "'", '"'] } };
  },
  register({ connection, documents }) {
    const prefixes = snippetPrefixes();
    connection.onCompletion(async ({ textDocument, position }) => {
      const document = analysable(documents, textDocument.uri);
      if (!document) return null;
      const { target } = await documentSettings(textDocument.uri);
      const text = document.getText();
      return completionsAt(text, document.offsetAt(position), { snippetPrefixes: prefixes, target }).map((item) =>
        toLsp(item, document.positionAt.bind(document), snippets),
      );
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
    // Hooks span lines already indented for where they go: the editor must not indent them again.
    insertTextMode: InsertTextMode.asIs,
    textEdit: { range: { start: positionAt(item.replace.start), end: positionAt(item.replace.end) }, newText: insert },
    additionalTextEdits: item.additionalEdits?.map((edit) => ({
      range: { start: positionAt(edit.start), end: positionAt(edit.end) },
      newText: edit.newText,
    })),
  };
}
