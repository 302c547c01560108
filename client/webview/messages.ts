// The messages between the result panel (extension side) and its webview script (browser side), and the
// panel state the webview keeps with setState (which the serializer hands back after a restart).
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
  /** Where the trace really ran when not on the node itself (a debug run of a remote transaction). */
  ranOn?: string;
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
  /** When the panel began this run (its label in the run history). */
  startedAt?: number;
}

/** How the result is shown; other views (pictures) add their names here. */
export type ViewMode = 'pictures' | 'tree' | 'raw';

/** The tree's expansion: a default for every row plus the rows toggled away from it, and the focused row. */
export interface TreeViewState {
  expansion: 'initial' | 'all' | 'none';
  toggled: string[];
  focused?: string;
}

/** How the user left the panel: kept across runs, hiding and restarts. */
export interface UiState {
  viewMode: ViewMode;
  tree: TreeViewState;
  scrollTop: number;
  find: string;
}

/** Everything a panel shows: the runs of its tracer (newest first), which one is shown, and the UI state. */
export interface PanelState {
  runs: ViewState[];
  shown: number;
  ui?: UiState;
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
  ui?: UiState;
  /** The tree's focused row (ARIA attributes as rendered), the find bar, and the run history's entries. */
  focused?: { path: string; level: number; expanded?: boolean; text: string; active: boolean };
  find?: { open: boolean; query: string; current: number; count: number; label: string };
  history: string[];
  /** Which view shows the result, and the flame chart boxes drawn (pictures view). */
  view?: ViewMode;
  frameBoxes?: number;
  /** The first boxes' labels ("route Router"). */
  frameLabels?: string[];
  /** The compare view's heading and summary ("3 differences"), when it is shown. */
  compare?: { heading: string; summary: string };
}

/** A key the tests press in the webview (dispatched like a real one to the focused element). */
export interface TestKey {
  key: string;
  ctrlKey?: boolean;
  shiftKey?: boolean;
  /** Typed into the focused text field before the key. */
  text?: string;
}

export type ToWebview =
  | { type: 'show'; panel: PanelState }
  | { type: 'query'; id: number }
  | { type: 'press'; id: number; keys: TestKey[] }
  /** Names for the pictures, from the workspace's ABIs. */
  | { type: 'names'; names: NameTable }
  | { type: 'compare'; a: ReportSide; b: ReportSide }
  /** A title-bar or palette command the webview carries out. */
  | { type: 'action'; action: WebviewAction };

/** The panel commands that act inside the webview. */
export type WebviewAction = 'find' | 'expandAll' | 'collapseAll' | 'copyPath' | 'copyValue';

export type FromWebview =
  | { type: 'ready' }
  | { type: 'copyText'; text: string; what: string }
  | { type: 'select'; shown: number }
  | { type: 'reveal'; line: number; character: number }
  | { type: 'rendered'; id: number; content: RenderedContent };
