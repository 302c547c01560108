import type { Connection, InitializeParams, ServerCapabilities, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';

interface FeatureContext {
  connection: Connection;
  documents: TextDocuments<TextDocument>;
}

/** One LSP feature: the capabilities it announces and the handlers it installs. */
export interface Feature {
  capabilities(params: InitializeParams): ServerCapabilities;
  register(context: FeatureContext): void;
}
