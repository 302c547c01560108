// Signature help inside calls of the helper globals and API methods (log.stack.peek(, db.getState(, …).
import { MarkupKind } from 'vscode-languageserver/node';
import { signatureAt } from '../../core/api/signature-info';
import { analysable } from '../size-limit';
import type { Feature } from './feature';

export const signatureHelpFeature: Feature = {
  capabilities: () => ({ signatureHelpProvider: { triggerCharacters: ['(', ','], retriggerCharacters: [','] } }),
  register({ connection, documents }) {
    connection.onSignatureHelp(({ textDocument, position }) => {
      const document = analysable(documents, textDocument.uri);
      if (!document) return null;
      const info = signatureAt(document.getText(), document.offsetAt(position));
      if (!info) return null;
      return {
        signatures: [
          {
            label: info.label,
            documentation: { kind: MarkupKind.Markdown, value: info.documentation },
            parameters: info.parameters.map((p) => ({ label: p.label, documentation: p.documentation })),
          },
        ],
        activeSignature: 0,
        activeParameter: info.activeParameter,
      };
    });
  },
};
