// Folding ranges for multi-line objects, arrays, blocks and block comments of the tracer.
import { FoldingRangeKind, type FoldingRange } from 'vscode-languageserver/node';
import { forEachNode, type AnyNode } from '../../core/api/syntax';
import { getParsed } from '../analysis-cache';
import { analysable } from '../size-limit';
import type { Feature } from './feature';

const FOLDABLE = new Set(['ObjectExpression', 'ArrayExpression', 'BlockStatement', 'SwitchStatement', 'ClassBody', 'TemplateLiteral']);

export const foldingFeature: Feature = {
  capabilities: () => ({ foldingRangeProvider: true }),
  register({ connection, documents }) {
    connection.onFoldingRanges(async ({ textDocument }) => {
      const document = analysable(documents, textDocument.uri);
      if (!document) return null;
      const tracer = await getParsed(document);
      const ranges: FoldingRange[] = [];
      // The closing line stays visible, as editors expect.
      const add = (start: number, end: number, kind?: FoldingRangeKind) => {
        const startLine = tracer.lines.positionAt(start).line;
        const endLine = tracer.lines.positionAt(end).line - (kind === FoldingRangeKind.Comment ? 0 : 1);
        if (endLine > startLine) ranges.push({ startLine, endLine, ...(kind ? { kind } : {}) });
      };
      if (tracer.expression) {
        forEachNode(tracer.expression as AnyNode, (node) => {
          if (FOLDABLE.has(node.type)) add(node.start, node.end);
        });
      }
      for (const comment of tracer.comments) if (comment.type === 'Block') add(comment.start, comment.end, FoldingRangeKind.Comment);
      return ranges;
    });
  },
};
