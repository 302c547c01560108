// Outline: the tracer's hooks, helper methods and state, in source order. From the parse when the file
// parses; while it does not (mid-edit), from the top-level scan, so the outline does not vanish.
import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver/node';
import { findHook, hookSignature } from '../../core/api/model';
import { isFunction, type AnyNode } from '../../core/api/syntax';
import { scanTopLevel } from '../../core/api/top-level-scan';
import type { LineMap } from '../../core/tracer/positions';
import { getParsed } from '../analysis-cache';
import { analysable } from '../size-limit';
import type { Feature } from './feature';

interface Member {
  name: string;
  callable: boolean;
  start: number;
  end: number;
  keyStart: number;
}

function symbol(lines: LineMap, { name, callable, start, end, keyStart }: Member): DocumentSymbol {
  const hook = findHook(name);
  return {
    name,
    detail: hook && callable ? `hook ${hookSignature(hook)}` : callable ? 'helper method' : 'state',
    kind: hook ? SymbolKind.Event : callable ? SymbolKind.Method : SymbolKind.Field,
    range: lines.range(start, end),
    selectionRange: lines.range(keyStart, keyStart + name.length),
  };
}

export const documentSymbolsFeature: Feature = {
  capabilities: () => ({ documentSymbolProvider: true }),
  register({ connection, documents }) {
    connection.onDocumentSymbol(async ({ textDocument }) => {
      const document = analysable(documents, textDocument.uri);
      if (!document) return null;
      const tracer = await getParsed(document);
      let members: Member[];
      if (tracer.object) {
        members = tracer.properties.flatMap(({ name, node }) =>
          name === undefined
            ? []
            : [{ name, callable: isFunction(node.value as AnyNode), start: node.start, end: node.end, keyStart: node.key.start }],
        );
      } else {
        const text = tracer.text;
        members = (scanTopLevel(text) ?? []).flatMap(({ name, callable, start, end }) => {
          if (name === undefined) return [];
          const keyStart = text.indexOf(name, start);
          return [{ name, callable, start: keyStart, end: start + text.slice(start, end).trimEnd().length, keyStart }];
        });
      }
      return members.map((member) => symbol(tracer.lines, member));
    });
  },
};
