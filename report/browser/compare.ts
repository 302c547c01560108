// Two results side by side: the structural diff (added / removed / changed paths) and, when both hold a
// call tree at the same path, their flame charts next to each other.
import type { NameTable } from '../../core/abi/names';
import type { ReportSide } from '../data';
import { structuralDiff } from '../diff';
import { jsonText } from '../json-text';
import { findShapes } from '../shapes';
import { counted, el, section } from './dom';
import { FlameChart } from './flame';
import { describerFor } from './frames';
import type { Tooltip } from './tooltip';

/** One line of a value: its JSON cut at 120 characters, without writing the rest (a value can be huge). */
const preview = (value: unknown) => {
  const text = jsonText(value, { limit: 121 });
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
};

export function renderCompare(parent: HTMLElement, a: ReportSide, b: ReportSide, names: NameTable, tooltip: Tooltip): void {
  const body = section(parent, `Compare: ${a.title} ↔ ${b.title}`, 'compare');
  const treesA = findShapes(a.result).filter((f) => f.shape.kind === 'calls');
  const treesB = findShapes(b.result).filter((f) => f.shape.kind === 'calls');
  const describer = describerFor(names);
  for (const found of treesA) {
    const other = treesB.find((f) => f.path === found.path);
    if (!other || found.shape.kind !== 'calls' || other.shape.kind !== 'calls') continue;
    const pair = el('div', 'compare-flames');
    pair.dataset.comparePath = found.path;
    body.append(pair);
    for (const [side, shape] of [
      [a, found.shape],
      [b, other.shape],
    ] as const) {
      const column = el('div', 'compare-side');
      pair.append(column);
      column.append(el('h3', 'compare-title', `${side.title} ${found.path === '$' ? '' : found.path}`.trim()));
      new FlameChart(shape.root, describer, tooltip).mountIn(column);
    }
  }
  const diff = structuralDiff(a.result, b.result);
  const summary = el(
    'p',
    'compare-summary',
    diff.entries.length === 0 ? 'The results are identical.' : counted(diff.entries.length + diff.truncated, 'difference'),
  );
  body.append(summary);
  if (diff.entries.length === 0) return;
  const table = el('table', 'diff-table');
  const head = el('tr');
  head.append(el('th', '', 'path'), el('th', '', 'change'), el('th', '', a.title), el('th', '', b.title));
  table.append(head);
  for (const entry of diff.entries) {
    const row = el('tr', `diff-${entry.kind}`);
    row.dataset.diff = entry.kind;
    row.append(
      el('td', 'diff-path', entry.path),
      el('td', 'diff-kind', entry.kind),
      el('td', 'diff-before', entry.kind === 'added' ? '' : preview(entry.before)),
      el('td', 'diff-after', entry.kind === 'removed' ? '' : preview(entry.after)),
    );
    table.append(row);
  }
  body.append(table);
  if (diff.truncated > 0) body.append(el('p', 'muted', `… and ${diff.truncated} more`));
}
