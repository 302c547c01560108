// Each document version is parsed once (per ecmaVersion) and analysed once (per settings), and the result
// is shared by every feature: diagnostics, code actions, completion, hover.
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { analyzeParsed } from '../core/tracer/analyze';
import type { TracerDiagnostic } from '../core/tracer/diagnostic';
import { parseTracer, type ParsedTracer } from '../core/tracer/parse';
import { documentSettings, forgetDocumentSettings, settingsGeneration, type TracerSettings } from './features/settings';

interface Analysis {
  version: number;
  settings: TracerSettings;
  parsed: ParsedTracer;
  diagnostics: TracerDiagnostic[];
  /** Changes whenever the diagnostics may: the document version and the settings generation. */
  resultId: string;
}

interface Entry {
  version: number;
  parsed: ParsedTracer;
  analysis?: Analysis;
}

const entries = new Map<string, Entry>();

function parsedNow(document: TextDocument, settings: TracerSettings): Entry {
  const entry = entries.get(document.uri);
  if (entry && entry.version === document.version && entry.parsed.ecmaVersion === settings.ecmaVersion) return entry;
  const fresh: Entry = { version: document.version, parsed: parseTracer(document.getText(), { ecmaVersion: settings.ecmaVersion }) };
  entries.set(document.uri, fresh);
  return fresh;
}

/** The parsed tracer of the document's current version (with the document's ecmaVersion setting). */
export async function getParsed(document: TextDocument): Promise<ParsedTracer> {
  return parsedNow(document, await documentSettings(document.uri)).parsed;
}

export async function getAnalysis(document: TextDocument): Promise<Analysis> {
  const generation = settingsGeneration(); // before waiting: a change meanwhile makes this result stale
  const settings = await documentSettings(document.uri);
  const resultId = `${document.version}:${generation}`;
  const entry = parsedNow(document, settings);
  if (entry.analysis?.resultId !== resultId) {
    entry.analysis = {
      version: entry.version,
      settings,
      parsed: entry.parsed,
      diagnostics: analyzeParsed(entry.parsed, settings.rules, settings.target),
      resultId,
    };
  }
  return entry.analysis;
}

/** Drops the document's parse and analysis (a document grown too large to analyse keeps no old parse). */
export function dropAnalysis(uri: string): void {
  entries.delete(uri);
}

export function forgetDocument(uri: string): void {
  dropAnalysis(uri);
  forgetDocumentSettings(uri);
}
