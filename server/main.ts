// Language server entry: one connection, one document store; each LSP feature lives in its own module
// under server/features and registers its handlers and capabilities here.
import {
  createConnection,
  ProposedFeatures,
  TextDocuments,
  TextDocumentSyncKind,
  type ServerCapabilities,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { features } from './features';

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);

connection.onInitialize((params) => {
  const capabilities: ServerCapabilities = features.reduce<ServerCapabilities>(
    (caps, feature) => ({ ...caps, ...feature.capabilities(params) }),
    { textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental } },
  );
  return { capabilities, serverInfo: { name: 'evm-tracer-language-server' } };
});

for (const feature of features) feature.register({ connection, documents });

documents.listen(connection);
connection.listen();
