// Numbers that measure different things (gas, steps): a table of figures with no bars and no shares, since
// a share of their sum would mean nothing. Rows carry data-figure="KEY".
import type { CountEntry } from '../shapes';
import { el, formatNumber } from './dom';

export function figuresTable(entries: CountEntry[]): HTMLElement {
  const table = el('table', 'figures-table');
  for (const entry of entries) {
    const row = el('tr');
    row.dataset.figure = entry.key;
    const text = entry.text === String(entry.value) ? formatNumber(entry.value) : `${formatNumber(entry.value)} (${entry.text})`;
    row.append(el('th', 'figure-key', entry.key), el('td', 'figure-value', text));
    table.append(row);
  }
  return table;
}
