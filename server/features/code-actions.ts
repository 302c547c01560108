// Code actions: each diagnostic's quick fixes, "fix all of this kind", and the source action
// `source.fixAll.evm-tracer`. The fixes come from the cached analysis of the document's current version.
import { CodeActionKind, type CodeAction, type Position, type TextEdit } from 'vscode-languageserver/node';
import { fixAllEdits } from '../../core/tracer/analyze';
import { isBlank, TRACER_SKELETON } from '../../core/tracer/skeleton';
import { getAnalysis } from '../analysis-cache';
import { analysable } from '../size-limit';
import type { Feature } from './feature';
import { matchDiagnostic, SOURCE, toLspDiagnostic } from './lsp-diagnostic';

const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.${SOURCE}`;

const FIX_ALL_TITLES: Record<string, string> = {
  'double-quote': 'Convert all double quotes to single quotes / \\x22',
  comment: 'Remove all comments',
};

/** Whether a request limited to the kinds `only` takes actions of `kind`. */
function wantsKind(only: string[] | undefined, kind: string): boolean {
  return !only || only.some((prefix) => kind === prefix || kind.startsWith(`${prefix}.`));
}

/** An empty file's one action: its white space becomes the skeleton tracer. */
function skeletonAction(uri: string, end: Position): CodeAction {
  return {
    title: 'Insert a tracer skeleton (step, fault, result)',
    kind: CodeActionKind.QuickFix,
    isPreferred: true,
    edit: { changes: { [uri]: [{ range: { start: { line: 0, character: 0 }, end }, newText: TRACER_SKELETON }] } },
  };
}

export const codeActionsFeature: Feature = {
  capabilities() {
    return { codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND] } };
  },
  register({ connection, documents }) {
    connection.onCodeAction(async (params) => {
      const document = analysable(documents, params.textDocument.uri);
      if (!document) return [];
      const { uri } = params.textDocument;
      if (isBlank(document.getText()))
        return wantsKind(params.context.only, CodeActionKind.QuickFix)
          ? [skeletonAction(uri, document.positionAt(document.getText().length))]
          : [];
      const analysis = await getAnalysis(document);
      const wants = (kind: string) => wantsKind(params.context.only, kind);
      const action = (title: string, kind: string, edits: TextEdit[], extra: Partial<CodeAction> = {}): CodeAction => ({
        title,
        kind,
        edit: { changes: { [uri]: edits } },
        ...extra,
      });
      const actions: CodeAction[] = [];

      if (wants(CodeActionKind.QuickFix)) {
        const codes = new Set<string>();
        for (const lsp of params.context.diagnostics) {
          if (lsp.source !== SOURCE) continue;
          const diagnostic = matchDiagnostic(analysis.diagnostics, lsp);
          for (const fix of diagnostic?.fixes ?? []) {
            actions.push(action(fix.title, CodeActionKind.QuickFix, fix.edits, { diagnostics: [lsp], isPreferred: fix.preferred }));
          }
          if (diagnostic) codes.add(diagnostic.code);
        }
        for (const code of codes) {
          const fixable = analysis.diagnostics.filter((d) => d.code === code && d.fixes?.some((fix) => fix.preferred));
          if (fixable.length < 2) continue;
          const title = FIX_ALL_TITLES[code] ?? `Fix all '${code}' problems`;
          actions.push(
            action(title, CodeActionKind.QuickFix, fixAllEdits(analysis.parsed, fixable), { diagnostics: fixable.map(toLspDiagnostic) }),
          );
        }
      }
      if (wants(FIX_ALL_KIND)) {
        const edits = fixAllEdits(analysis.parsed, analysis.diagnostics);
        if (edits.length > 0) actions.push(action('Fix all evm-tracer problems', FIX_ALL_KIND, edits));
      }
      return actions;
    });
  },
};
