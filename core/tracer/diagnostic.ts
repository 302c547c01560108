// What analysis reports: findings in offsets (inside core), diagnostics in LSP ranges (at the boundary).
import type { Range } from './positions';

export type Severity = 'error' | 'warning' | 'information' | 'hint';
export type SeveritySetting = Severity | 'off';
export type EcmaVersion = 5 | 2017;

/** A replacement of [start, end) of the user's text. */
export interface OffsetEdit {
  start: number;
  end: number;
  newText: string;
}

export interface OffsetFix {
  title: string;
  edits: OffsetEdit[];
  /** Safe to apply without looking: part of "fix all". */
  preferred?: boolean;
}

/** A problem that stops the node from compiling the tracer. Offsets in the user's text. */
export interface SyntaxProblem {
  start: number;
  end: number;
  message: string;
  fixes?: OffsetFix[];
}

export interface TextEdit {
  range: Range;
  newText: string;
}

interface TracerFix {
  title: string;
  edits: TextEdit[];
  preferred?: boolean;
}

export interface TracerDiagnostic {
  code: string;
  severity: Severity;
  message: string;
  range: Range;
  fixes?: TracerFix[];
}
