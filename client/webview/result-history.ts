// The last two finished results (any panel), for *Compare With Previous Result*.
import type { ViewState } from './messages';

export interface HistoryEntry {
  title: string;
  json: string;
}

const entries: HistoryEntry[] = [];
/** Outcomes already recorded: a panel shows the same outcome again when only its header changes. */
const seen = new WeakSet<object>();

export function recordResult(state: ViewState): void {
  if (state.outcome.status !== 'done' || seen.has(state.outcome)) return;
  seen.add(state.outcome);
  const json = state.outcome.json;
  const time = new Date().toLocaleTimeString('en-GB');
  entries.push({ title: `${state.request.tracerName} on ${state.request.nodeName} at ${time}`, json });
  if (entries.length > 2) entries.shift();
}

/** [previous, latest], or undefined before two results. */
export function lastTwoResults(): [HistoryEntry, HistoryEntry] | undefined {
  return entries.length === 2 ? [entries[0], entries[1]] : undefined;
}
