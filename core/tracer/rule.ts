// A lint rule: a stable code, a default severity, and a check over the parsed tracer that reports findings
// in offsets of the user's text. Rules live in rules/*.ts and are listed in rules/index.ts.
import type { ClientTarget } from '../client-targets';
import type { EcmaVersion, OffsetFix, Severity, SeveritySetting } from './diagnostic';
import type { ParsedTracer } from './parse';

export interface RuleFinding {
  start: number;
  end: number;
  message: string;
  fixes?: OffsetFix[];
}

export interface Rule {
  code: string;
  defaultSeverity: Severity;
  /** Checks what only the ES5.1 providers reject (plain geth takes it): off by default when the target
   * level is ES2017, unless a rules setting names it. */
  providerOnly?: true;
  /** Its findings each rest on one piece of code and what it refers to: while the text has a syntax error
   * it also reads the error-tolerant parse, so it keeps reporting on the parts that parse. */
  readsTolerantParse?: true;
  /** One line for documentation (docs/checks.md's rule table, CLI help). */
  description: string;
  /** `target`: the client whose tracer API the tracer is checked against (the node it runs on). */
  check(tracer: ParsedTracer, report: (finding: RuleFinding) => void, target: ClientTarget): void;
}

/** The severity a rule has at `ecmaVersion` when no setting names it. */
export function defaultSeverityAt(rule: Rule, ecmaVersion: EcmaVersion): SeveritySetting {
  return rule.providerOnly && ecmaVersion !== 5 ? 'off' : rule.defaultSeverity;
}
