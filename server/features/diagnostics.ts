// Diagnostics: pull (textDocument/diagnostic) when the client supports it, else pushed after changes.
// Settings changes ask the client to pull again (or re-push). A push never makes a request wait for a
// whole analysis: it starts after the messages already received, lets requests that arrived during the
// parse go before the rules, and drops a version that was replaced meanwhile (the newer one pushes).
// A document too large to analyse gets one warning, without a parse; one with very many problems, the
// first MAX_PUBLISHED of them. Closing a document frees its memory.
import {
  DiagnosticSeverity,
  DocumentDiagnosticReportKind,
  type Connection,
  type Diagnostic,
  type TextDocuments,
} from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { TracerDiagnostic } from '../../core/tracer/diagnostic';
import { isBlank } from '../../core/tracer/skeleton';
import { dropAnalysis, forgetDocument, getAnalysis, getParsed } from '../analysis-cache';
import { releaseMemorySoon } from '../release-memory';
import { oversize, tooLargeDiagnostic } from '../size-limit';
import type { Feature } from './feature';
import { SOURCE, toLspDiagnostic } from './lsp-diagnostic';
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

/** The most diagnostics sent for one document. A text can repeat one problem cheaply (65,000 ES2015
 * shorthand properties `a,` fit in 128 KB): all of them made 40 MB of JSON on every change, for the
 * editor to read. The rest are counted in one more diagnostic. */
export const MAX_PUBLISHED = 1000;

const RANK: Record<TracerDiagnostic['severity'], number> = { error: 0, warning: 1, information: 2, hint: 3 };

/** The diagnostics for the editor: all, or the MAX_PUBLISHED most severe (in reading order) and a count of
 * the rest, where the first one left out is. */
function published(diagnostics: TracerDiagnostic[]): Diagnostic[] {
  if (diagnostics.length <= MAX_PUBLISHED) return diagnostics.map(toLspDiagnostic);
  const ranked = [...diagnostics].sort((a, b) => RANK[a.severity] - RANK[b.severity]);
  const shown = new Set(ranked.slice(0, MAX_PUBLISHED));
  const at = diagnostics.find((d) => !shown.has(d))!.range.start;
  return [
    ...diagnostics.filter((d) => shown.has(d)).map(toLspDiagnostic),
    {
      range: { start: at, end: at },
      severity: DiagnosticSeverity.Information,
      code: 'too-many',
      source: SOURCE,
      message: `${diagnostics.length - MAX_PUBLISHED} more problems are not shown (the editor shows ${MAX_PUBLISHED}); lint the file with evm-tracer lint to see them all.`,
    },
  ];
}

interface Report {
  resultId: string;
  version: number;
  diagnostics: TracerDiagnostic[];
}

/** The document's diagnostics now: from its analysis, or the one warning when it is too large to analyse.
 * A new, empty file has none: it is offered the skeleton (a code action), not told it does not compile. */
async function reportOf(document: TextDocument): Promise<Report> {
  if (isBlank(document.getText())) return { resultId: `${document.version}:blank`, version: document.version, diagnostics: [] };
  const bytes = oversize(document);
  if (bytes === undefined) return getAnalysis(document);
  dropAnalysis(document.uri);
  return { resultId: `${document.version}:too-large`, version: document.version, diagnostics: [tooLargeDiagnostic(bytes)] };
}

async function push(connection: Connection, documents: TextDocuments<TextDocument>, document: TextDocument): Promise<void> {
  const version = document.version;
  const current = () => documents.get(document.uri) === document && document.version === version;
  if (oversize(document) === undefined && !isBlank(document.getText())) {
    await getParsed(document);
    await afterReceivedMessages();
    if (!current()) return;
  }
  const report = await reportOf(document);
  if (documents.get(document.uri) !== document || pushed.get(document.uri) === report.resultId) return;
  pushed.set(document.uri, report.resultId);
  await connection.sendDiagnostics({ uri: document.uri, version: report.version, diagnostics: published(report.diagnostics) });
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
      const report = await reportOf(document);
      if (params.previousResultId === report.resultId) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId: report.resultId };
      return { kind: DocumentDiagnosticReportKind.Full, resultId: report.resultId, items: published(report.diagnostics) };
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
      releaseMemorySoon();
      if (!pull) connection.sendDiagnostics({ uri: event.document.uri, diagnostics: [] }).catch(report);
    });
  },
};
