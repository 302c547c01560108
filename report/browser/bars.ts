// Counts as a horizontal bar chart, descending, with values and percentages; beyond 50 keys the rest
// is one "others" bar. Bars carry data-bar="KEY".
import type { CountEntry } from '../shapes';
import { counted, el, formatNumber, percent } from './dom';

const TOP_BARS = 50;

export function barChart(entries: CountEntry[]): HTMLElement {
  const sorted = [...entries].sort((a, b) => b.value - a.value || (a.key < b.key ? -1 : 1));
  const total = sorted.reduce((sum, e) => sum + e.value, 0);
  const top = sorted.slice(0, TOP_BARS);
  const rest = sorted.slice(TOP_BARS);
  const max = Math.max(
    top[0]?.value ?? 0,
    rest.reduce((sum, e) => sum + e.value, 0),
  );
  const chart = el('div', 'bars');
  chart.setAttribute('role', 'table');
  const row = (label: string, value: number, text: string, attribute: [string, string]) => {
    const line = el('div', 'bar-row');
    line.setAttribute('role', 'row');
    line.setAttribute(attribute[0], attribute[1]);
    const track = el('div', 'bar-track');
    const bar = el('div', 'bar');
    bar.style.width = `${max > 0 ? (value / max) * 100 : 0}%`;
    track.append(bar);
    const key = el('span', 'bar-key', label);
    key.title = label;
    line.append(key, track, el('span', 'bar-value', text), el('span', 'bar-share', percent(value, total)));
    return line;
  };
  for (const entry of top)
    chart.append(
      row(
        entry.key,
        entry.value,
        entry.text === String(entry.value) ? formatNumber(entry.value) : `${formatNumber(entry.value)} (${entry.text})`,
        ['data-bar', entry.key],
      ),
    );
  if (rest.length > 0) {
    const sum = rest.reduce((s, e) => s + e.value, 0);
    chart.append(row(counted(rest.length, 'other'), sum, formatNumber(sum), ['data-bar-others', String(rest.length)]));
  }
  return chart;
}
