// Documents over MAX_ANALYSED_BYTES: every feature answers them at once without parsing (through
// `analysable`), and diagnostics are the one warning `tooLargeDiagnostic`.
import type { TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { MAX_ANALYSED_BYTES, tooLargeMessage } from '../core/analysis-limit';
import type { TracerDiagnostic } from '../core/tracer/diagnostic';

/** The document's size in UTF-8 bytes when it is over the limit, else undefined. */
export function oversize(document: TextDocument): number | undefined {
  const bytes = Buffer.byteLength(document.getText(), 'utf8');
  return bytes > MAX_ANALYSED_BYTES ? bytes : undefined;
}

/** The open document at `uri`, unless it is too large to analyse. */
export function analysable(documents: TextDocuments<TextDocument>, uri: string): TextDocument | undefined {
  const document = documents.get(uri);
  return document && oversize(document) === undefined ? document : undefined;
}

/** The one diagnostic of a document too large to analyse, at its top. */
export function tooLargeDiagnostic(bytes: number): TracerDiagnostic {
  const top = { line: 0, character: 0 };
  return { code: 'too-large', severity: 'warning', message: tooLargeMessage(bytes, 'lint'), range: { start: top, end: top } };
}
