// Selection ranges: expand the selection through the syntax nodes around the cursor.
import type { SelectionRange } from 'vscode-languageserver/node';
import { pathAt } from '../../core/api/syntax';
import { getParsed } from '../analysis-cache';
import { analysable } from '../size-limit';
import type { Feature } from './feature';

/** The steps a reply keeps. Each step is one more level of nested JSON, so a 20,000-deep `a.b.b…` chain
 * would overflow the JSON encoder (and no one expands a selection that often): past this, the innermost
 * and outermost halves are kept and the middle of the path is skipped. */
export const MAX_SELECTION_STEPS = 100;

function steps<T>(path: T[]): T[] {
  if (path.length <= MAX_SELECTION_STEPS) return path;
  const half = MAX_SELECTION_STEPS / 2;
  return [...path.slice(0, half), ...path.slice(-half)];
}

export const selectionRangesFeature: Feature = {
  capabilities: () => ({ selectionRangeProvider: true }),
  register({ connection, documents }) {
    connection.onSelectionRanges(async ({ textDocument, positions }) => {
      const document = analysable(documents, textDocument.uri);
      if (!document) return null;
      const tracer = await getParsed(document);
      return positions.map((position) => {
        const empty: SelectionRange = { range: { start: position, end: position } };
        if (!tracer.expression) return empty;
        // The path runs outermost first, so each node wraps the ones before it as its parent.
        let innermost: SelectionRange | undefined;
        for (const node of steps(pathAt(tracer.expression, document.offsetAt(position)))) {
          innermost = { range: tracer.lines.range(node.start, node.end), ...(innermost ? { parent: innermost } : {}) };
        }
        return innermost ?? empty;
      });
    });
  },
};
