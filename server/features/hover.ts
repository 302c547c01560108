// Hover: signature, type, description and node-side pitfalls of the tracer API under the cursor, as the
// selected node's target has it.
import { MarkupKind } from 'vscode-languageserver/node';
import { hoverAt } from '../../core/api/hover-info';
import { analysable } from '../size-limit';
import type { Feature } from './feature';
import { documentSettings } from './settings';

export const hoverFeature: Feature = {
  capabilities: () => ({ hoverProvider: true }),
  register({ connection, documents }) {
    connection.onHover(async ({ textDocument, position }) => {
      const document = analysable(documents, textDocument.uri);
      if (!document) return null;
      const { target } = await documentSettings(textDocument.uri);
      const info = hoverAt(document.getText(), document.offsetAt(position), target);
      if (!info) return null;
      return {
        contents: { kind: MarkupKind.Markdown, value: info.markdown },
        range: { start: document.positionAt(info.start), end: document.positionAt(info.end) },
      };
    });
  },
};
