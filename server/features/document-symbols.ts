// Outline: the tracer's hooks, helper methods and state, in source order.
import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver/node';
import { findHook, hookSignature } from '../../core/api/model';
import { isFunction, type AnyNode } from '../../core/api/syntax';
import { getParsed } from '../analysis-cache';
import type { Feature } from './feature';

export const documentSymbolsFeature: Feature = {
  capabilities: () => ({ documentSymbolProvider: true }),
  register({ connection, documents }) {
    connection.onDocumentSymbol(async ({ textDocument }) => {
      const document = documents.get(textDocument.uri);
      if (!document) return null;
      const tracer = await getParsed(document);
      const range = (node: AnyNode) => tracer.lines.range(node.start, node.end);
      return tracer.properties.flatMap(({ name, node }): DocumentSymbol[] => {
        if (name === undefined) return [];
        const hook = findHook(name);
        const callable = isFunction(node.value as AnyNode);
        return [{
          name,
          detail: hook && callable ? `hook ${hookSignature(hook)}` : callable ? 'helper method' : 'state',
          kind: hook ? SymbolKind.Event : callable ? SymbolKind.Method : SymbolKind.Field,
          range: range(node as AnyNode),
          selectionRange: range(node.key as AnyNode),
        }];
      });
    });
  },
};
