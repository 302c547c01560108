// Selection ranges: expand the selection through the syntax nodes around the cursor.
import type { SelectionRange } from 'vscode-languageserver/node';
import { pathAt } from '../../core/api/syntax';
import { getParsed } from '../analysis-cache';
import type { Feature } from './feature';

export const selectionRangesFeature: Feature = {
  capabilities: () => ({ selectionRangeProvider: true }),
  register({ connection, documents }) {
    connection.onSelectionRanges(async ({ textDocument, positions }) => {
      const document = documents.get(textDocument.uri);
      if (!document) return null;
      const tracer = await getParsed(document);
      return positions.map((position) => {
        const empty: SelectionRange = { range: { start: position, end: position } };
        if (!tracer.expression) return empty;
        // The path runs outermost first, so each node wraps the ones before it as its parent.
        let innermost: SelectionRange | undefined;
        for (const node of pathAt(tracer.expression, document.offsetAt(position))) {
          innermost = { range: tracer.lines.range(node.start, node.end), ...(innermost ? { parent: innermost } : {}) };
        }
        return innermost ?? empty;
      });
    });
  },
};
