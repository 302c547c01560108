// Core diagnostics as LSP diagnostics (and back, to find the fixes of a diagnostic a client sends).
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver/node';
import type { Severity, TracerDiagnostic } from '../../core/tracer/diagnostic';

export const SOURCE = 'evm-tracer';

const SEVERITIES: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export function toLspDiagnostic(diagnostic: TracerDiagnostic): Diagnostic {
  return {
    range: diagnostic.range,
    severity: SEVERITIES[diagnostic.severity],
    code: diagnostic.code,
    source: SOURCE,
    message: diagnostic.message,
  };
}

/** The analysis diagnostic a client's diagnostic stands for (same code and range). */
export function matchDiagnostic(diagnostics: TracerDiagnostic[], lsp: Diagnostic): TracerDiagnostic | undefined {
  const same = (a: { line: number; character: number }, b: { line: number; character: number }) =>
    a.line === b.line && a.character === b.character;
  return diagnostics.find((d) => d.code === lsp.code && same(d.range.start, lsp.range.start) && same(d.range.end, lsp.range.end));
}
