// The range view's script (runs in the webview): the run's header, the counters' sums as the report's bar
// chart, and one row per transaction, filtered (text, status) and sorted (by a column's header) here; a row
// clicked, or Enter on it, asks the extension to open it in the result panel. Keeps the filter and sort with
// setState. Writes text only (textContent), never HTML.
import { barChart } from '../../../report/browser/bars';
import { counted, el, section } from '../../../report/browser/dom';
import type { FromRangeView, RangeRendered, RangeRow, RangeSortKey, RangeUiState, RangeViewData, ToRangeView } from '../range-messages';
import { vsCodeApi } from './vscode-api';

/** Rows drawn at most: the filter narrows the rest. */
const DRAWN_LIMIT = 2000;

const vscode = vsCodeApi<FromRangeView, RangeUiState>();
const header = byId('header');
const controls = byId('controls');
const chart = byId('chart');
const table = byId('rows');

let data: RangeViewData | undefined;
let ui: RangeUiState = vscode.getState() ?? { filter: '', status: 'all', sort: { key: 'block', descending: false } };
/** The rows listed now, in order. */
let listed: RangeRow[] = [];

function byId(id: string): HTMLElement {
  const node = document.getElementById(id);
  if (!node) throw new Error(`missing #${id}`);
  return node;
}

const COLUMNS: Array<[RangeSortKey, string]> = [
  ['block', 'Block · index'],
  ['hash', 'Transaction'],
  ['status', 'Status'],
  ['preview', 'Result'],
];

function compare(a: RangeRow, b: RangeRow, key: RangeSortKey): number {
  if (key === 'block') return a.block - b.block || a.index - b.index;
  return a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : a.block - b.block || a.index - b.index;
}

function visibleRows(rows: RangeRow[]): RangeRow[] {
  const needle = ui.filter.trim().toLowerCase();
  const kept = rows.filter(
    (row) =>
      (ui.status === 'all' || row.status === ui.status) &&
      (!needle || `${row.block} ${row.hash} ${row.preview}`.toLowerCase().includes(needle)),
  );
  const sign = ui.sort.descending ? -1 : 1;
  return kept.sort((a, b) => sign * compare(a, b, ui.sort.key));
}

function open(row: RangeRow): void {
  vscode.postMessage({ type: 'open', row: { hash: row.hash, at: row.at } });
}

function drawControls(): void {
  const filter = el('input', 'find-input');
  filter.type = 'search';
  filter.placeholder = 'Filter: block, hash or result text';
  filter.setAttribute('aria-label', 'Filter the transactions');
  filter.value = ui.filter;
  filter.addEventListener('input', () => change({ filter: filter.value }));
  const status = el('select', 'find-input');
  status.setAttribute('aria-label', 'Status');
  for (const [value, label] of [
    ['all', 'All'],
    ['ok', 'Results'],
    ['error', 'Errors'],
  ]) {
    const option = el('option', '', label);
    option.value = value;
    status.append(option);
  }
  status.value = ui.status;
  status.addEventListener('change', () => change({ status: status.value as RangeUiState['status'] }));
  controls.replaceChildren(filter, status);
}

function drawRows(): void {
  listed = data ? visibleRows(data.rows) : [];
  const grid = el('table', 'range-table');
  const head = el('tr');
  for (const [key, label] of COLUMNS) {
    const arrow = ui.sort.key === key ? (ui.sort.descending ? ' ▼' : ' ▲') : '';
    const cell = el('th', '', `${label}${arrow}`);
    cell.tabIndex = 0;
    cell.setAttribute('aria-sort', ui.sort.key === key ? (ui.sort.descending ? 'descending' : 'ascending') : 'none');
    const sortBy = () => change({ sort: { key, descending: ui.sort.key === key ? !ui.sort.descending : false } });
    cell.addEventListener('click', sortBy);
    cell.addEventListener('keydown', (event) => event.key === 'Enter' && sortBy());
    head.append(cell);
  }
  grid.append(el('thead'), el('tbody'));
  grid.tHead!.append(head);
  for (const row of listed.slice(0, DRAWN_LIMIT)) {
    const line = el('tr', row.status === 'error' ? 'range-row failed' : 'range-row');
    line.tabIndex = 0;
    line.title = 'Open in the result panel';
    line.append(
      el('td', 'range-block', `${row.block} · ${row.index}`),
      el('td', 'range-hash', row.hash),
      el('td', 'range-state', row.status === 'ok' ? 'result' : 'error'),
      el('td', 'range-preview', row.preview),
    );
    line.addEventListener('click', () => open(row));
    line.addEventListener('keydown', (event) => event.key === 'Enter' && open(row));
    grid.tBodies[0].append(line);
  }
  const shown = Math.min(listed.length, DRAWN_LIMIT);
  const note = el(
    'p',
    'muted',
    `${counted(listed.length, 'transaction')} listed${shown < listed.length ? `, the first ${shown} drawn: filter to narrow` : ''}`,
  );
  table.replaceChildren(note, grid);
}

function draw(): void {
  if (!data) return;
  document.title = data.title;
  header.replaceChildren(el('h1', 'range-title', data.title), ...data.header.map((line) => el('div', 'header-line', line)));
  chart.hidden = data.totals === undefined;
  chart.replaceChildren();
  if (data.totals)
    section(chart, `Counters summed over the range: ${counted(data.totals.length, 'key')}`, 'counts').append(barChart(data.totals));
  drawControls();
  drawRows();
}

function change(next: Partial<RangeUiState>): void {
  ui = { ...ui, ...next };
  vscode.setState(ui);
  drawRows();
}

function rendered(): RangeRendered {
  const bars = Array.from(chart.querySelectorAll('[data-bar]')).map(
    (bar) => `${bar.getAttribute('data-bar')} ${bar.querySelector('.bar-value')?.textContent ?? ''}`,
  );
  return {
    title: data?.title ?? '',
    header: data?.header ?? [],
    rows: listed.map((row) => `${row.block} ${row.index} ${row.hash} ${row.status} ${row.preview}`),
    ...(chart.hidden ? {} : { bars }),
  };
}

window.addEventListener('message', (event: MessageEvent<ToRangeView>) => {
  const message = event.data;
  if (message.type === 'show') {
    data = message.data;
    draw();
    return;
  }
  if (message.ui) {
    ui = { ...ui, ...message.ui };
    vscode.setState(ui);
    drawControls();
    drawRows();
  }
  if (message.open !== undefined && listed[message.open]) open(listed[message.open]);
  vscode.postMessage({ type: 'rendered', id: message.id, content: rendered() });
});

vscode.postMessage({ type: 'ready' });
