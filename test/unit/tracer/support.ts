// Small helpers for the tracer unit tests.
import { analyzeTracer } from '../../../core/tracer/analyze';
import type { EcmaVersion, TracerDiagnostic } from '../../../core/tracer/diagnostic';

export function lint(text: string, ecmaVersion: EcmaVersion = 5): TracerDiagnostic[] {
  return analyzeTracer(text, { ecmaVersion });
}

export function codes(text: string, ecmaVersion: EcmaVersion = 5): string[] {
  return lint(text, ecmaVersion).map((d) => d.code);
}

export function only(code: string, text: string, ecmaVersion: EcmaVersion = 5): TracerDiagnostic[] {
  return lint(text, ecmaVersion).filter((d) => d.code === code);
}

/** A minimal valid tracer around `members` (a list of extra `name: value` source snippets). */
export function tracerWith(...members: string[]): string {
  return `{\n  ${[...members, 'fault: function (log, db) {}', 'result: function (ctx, db) { return 1; }'].join(',\n  ')}\n}\n`;
}
