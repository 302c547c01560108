// The messages between the range view (extension side, range-panel.ts) and its webview script
// (browser/range-view.ts), and what the view keeps with setState.
import type { CountEntry } from '../../report/shapes';

/** One transaction of the run. */
export interface RangeRow {
  block: number;
  index: number;
  hash: string;
  status: 'ok' | 'error';
  /** The start of its result's JSON, or its error text. */
  preview: string;
  /** Where its line is: the chunk file and the line's index (read again to open it). */
  at: { file: string; line: number };
}

/** What the view shows: never a secret (the manifest's node URL is masked). */
export interface RangeViewData {
  title: string;
  /** Lines about the run: the node, tracer, range, chunks done or failed. */
  header: string[];
  rows: RangeRow[];
  /** Rows not listed (beyond the limit); the sums cover them. */
  unlisted: number;
  /** The results' counters summed over the range, when every result is counters. */
  totals?: CountEntry[];
}

export type RangeSortKey = 'block' | 'hash' | 'status' | 'preview';

/** How the user left the view: kept when it is hidden. */
export interface RangeUiState {
  filter: string;
  status: 'all' | 'ok' | 'error';
  sort: { key: RangeSortKey; descending: boolean };
}

/** What the view rendered (read by tests through a hidden command). */
export interface RangeRendered {
  title: string;
  header: string[];
  /** The rows listed, in order, as "block index hash status preview". */
  rows: string[];
  /** The chart's bars as "KEY VALUE", when drawn. */
  bars?: string[];
}

export type ToRangeView =
  | { type: 'show'; data: RangeViewData }
  /** A test's query: set the filter and sort first, open the listed row `open` (as a click does), then answer. */
  | { type: 'query'; id: number; ui?: Partial<RangeUiState>; open?: number };

export type FromRangeView =
  { type: 'ready' } | { type: 'open'; row: Pick<RangeRow, 'hash' | 'at'> } | { type: 'rendered'; id: number; content: RangeRendered };
