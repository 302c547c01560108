// A lint rule: a stable code, a default severity, and a check over the parsed tracer that reports findings
// in offsets of the user's text. Rules live in rules/*.ts and are listed in rules/index.ts.
import type { OffsetFix, Severity } from './diagnostic';
import type { ParsedTracer } from './parse';

export type { Severity } from './diagnostic';

export interface RuleFinding {
  start: number;
  end: number;
  message: string;
  fixes?: OffsetFix[];
}

export interface Rule {
  code: string;
  defaultSeverity: Severity;
  /** One line for documentation (README's rule table, CLI help). */
  description: string;
  check(tracer: ParsedTracer, report: (finding: RuleFinding) => void): void;
}
