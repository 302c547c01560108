// The messages between the result panel (extension side) and its webview script (browser side), and the
// view state the webview keeps with setState (which the serializer hands back after a restart).
import type { NameTable } from '../../core/abi/names';
import type { ReportSide } from '../../report/data';
import type { TraceSpec } from '../trace/spec';

/** What the header shows about the request: never a secret (the URL is masked). */
export interface RequestSummary {
  method: string;
  tracerName: string;
  nodeName: string;
  maskedUrl: string;
  target: string;
  tracerConfig?: string;
}

export interface TraceErrorView {
  kind: string;
  message: string;
  explanation?: string;
  /** 0-based position in the tracer file, when the node's error pointed into the tracer. */
  position?: { line: number; character: number };
}

export type OutcomeView =
  | { status: 'running'; startedAt: number }
  | { status: 'done'; json: string; durationMs: number; bytes: number }
  | { status: 'failed'; error: TraceErrorView; durationMs: number };

export interface ViewState {
  spec: TraceSpec;
  request: RequestSummary;
  outcome: OutcomeView;
}

/** What the webview reports it rendered (read by tests through a hidden command). */
export interface RenderedContent {
  title: string;
  header: string[];
  status: OutcomeView['status'];
  rows: string[];
  rowCount: number;
  errorText?: string;
  /** The result as the webview holds it, re-serialised compactly. */
  resultJson?: string;
  /** Which view shows the result, and the flame chart boxes drawn (pictures view). */
  view?: 'pictures' | 'tree' | 'raw';
  frameBoxes?: number;
}

export type ToWebview =
  | { type: 'show'; state: ViewState }
  | { type: 'query'; id: number }
  /** Names for the pictures, from the workspace's ABIs. */
  | { type: 'names'; names: NameTable }
  | { type: 'compare'; a: ReportSide; b: ReportSide };

export type FromWebview =
  | { type: 'ready' }
  | { type: 'rerun' }
  | { type: 'cancel' }
  | { type: 'copy' }
  | { type: 'save' }
  | { type: 'saveHtml' }
  | { type: 'reveal'; line: number; character: number }
  | { type: 'rendered'; id: number; content: RenderedContent };
