// Diagnostics: pull (textDocument/diagnostic) when the client supports it, else pushed after changes.
// Settings changes ask the client to pull again (or re-push). A push never makes a request wait for a
// whole analysis: it starts after the messages already received, lets requests that arrived during the
// parse go before the rules, and drops a version that was replaced meanwhile (the newer one pushes).
import { DocumentDiagnosticReportKind, type Connection, type TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { forgetDocument, getAnalysis, getParsed } from '../analysis-cache';
import type { Feature } from './feature';
import { toLspDiagnostic } from './lsp-diagnostic';
import { onSettingsChanged } from './settings';

let pull = false;
let canRefresh = false;

/** What was last pushed per document, so quick successive changes push the newest result once. */
const pushed = new Map<string, string>();
/** Documents with a push waiting to start. */
const scheduled = new Set<string>();

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Resolves once the messages received so far have been handled: one event-loop turn reads them from the
 * pipe, and JSON-RPC handles one per turn (setImmediate), after what this schedules first. No timer: a
 * process that sleeps waits for the CPU again on a busy machine. */
const afterReceivedMessages = () => nextTurn().then(nextTurn);

async function push(connection: Connection, documents: TextDocuments<TextDocument>, document: TextDocument): Promise<void> {
  const version = document.version;
  const current = () => documents.get(document.uri) === document && document.version === version;
  await getParsed(document);
  await afterReceivedMessages();
  if (!current()) return;
  const analysis = await getAnalysis(document);
  if (documents.get(document.uri) !== document || pushed.get(document.uri) === analysis.resultId) return;
  pushed.set(document.uri, analysis.resultId);
  await connection.sendDiagnostics({ uri: document.uri, version: analysis.version, diagnostics: analysis.diagnostics.map(toLspDiagnostic) });
}

/** Pushes the document's diagnostics after the messages already received (those behind this change). */
function schedulePush(connection: Connection, documents: TextDocuments<TextDocument>, uri: string, report: (error: unknown) => void): void {
  if (scheduled.has(uri)) return;
  scheduled.add(uri);
  afterReceivedMessages()
    .then(() => {
      scheduled.delete(uri);
      const document = documents.get(uri);
      return document && push(connection, documents, document);
    })
    .catch(report);
}

export const diagnosticsFeature: Feature = {
  capabilities(params) {
    pull = params.capabilities.textDocument?.diagnostic !== undefined;
    canRefresh = params.capabilities.workspace?.diagnostics?.refreshSupport === true;
    return pull ? { diagnosticProvider: { identifier: 'evm-tracer', interFileDependencies: false, workspaceDiagnostics: false } } : {};
  },
  register({ connection, documents }) {
    const report = (error: unknown) => connection.console.error(`evm-tracer diagnostics: ${(error as Error).stack ?? error}`);
    // Handlers are installed before initialize tells us the client's capabilities: both are set up, and
    // the push path checks `pull` when it runs.
    connection.languages.diagnostics.on(async (params) => {
      const document = documents.get(params.textDocument.uri);
      if (!document) return { kind: DocumentDiagnosticReportKind.Full, items: [] };
      const analysis = await getAnalysis(document);
      if (params.previousResultId === analysis.resultId) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId: analysis.resultId };
      return { kind: DocumentDiagnosticReportKind.Full, resultId: analysis.resultId, items: analysis.diagnostics.map(toLspDiagnostic) };
    });
    documents.onDidChangeContent((change) => {
      if (!pull) schedulePush(connection, documents, change.document.uri, report);
    });
    onSettingsChanged(() => {
      if (!pull) for (const document of documents.all()) push(connection, documents, document).catch(report);
      else if (canRefresh) connection.languages.diagnostics.refresh().catch(report);
    });
    documents.onDidClose((event) => {
      forgetDocument(event.document.uri);
      pushed.delete(event.document.uri);

      if (!pull) connection.sendDiagnostics({ uri: event.document.uri, diagnostics: [] }).catch(report);
    });
  },
};
