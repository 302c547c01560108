// The result panel's script (runs in the webview). Renders what the extension sends: the request header,
// the run history and the view switch (the panel's other actions are commands in its title bar, carried
// out here when they act on the view), then the result (pictures, tree or raw JSON) or the explained error. Keeps the panel state with
// setState (the runs and how the user left the view: mode, expansion, focus, scroll, find) so that the panel
// survives being hidden and VS Code restarting. Writes text only (textContent), never HTML.
import { formatBytes } from '../../../core/rpc/errors';
import { jsonText } from '../../../report/json-text';
import type {
  FromWebview,
  OutcomeView,
  PanelState,
  RenderedContent,
  TestKey,
  ToWebview,
  UiState,
  ViewMode,
  ViewState,
  WebviewAction,
} from '../messages';
import { button, el } from '../../../report/browser/dom';
import { FindBar } from './find-bar';
import { jsPath } from './json-path';
import { JsonTree } from './json-tree';
import { PicturesView } from './pictures';
import { vsCodeApi } from './vscode-api';

const VIEW_MODES: Array<[ViewMode, string, string]> = [
  ['pictures', 'Pictures', 'Show the result as charts (call trees, counts, state diffs)'],
  ['tree', 'Tree', 'Show the result as a collapsible tree'],
  ['raw', 'Raw JSON', 'Show the result as formatted JSON text'],
];
/** How long view changes (scrolling, moving the focus) gather before the state is written. */
const SAVE_DELAY_MS = 150;

const vscode = vsCodeApi<FromWebview, PanelState>();
const header = byId('header');
const toolbar = byId('toolbar');
const findBox = byId('find');
const errorBox = byId('error');
const content = byId('content');

let panel: PanelState | undefined;
let current: ViewState | undefined;
let parsed: { value: unknown } | undefined;
let tree: JsonTree | undefined;
let ui: UiState = { viewMode: 'tree', tree: { expansion: 'initial', toggled: [] }, scrollTop: 0, find: '' };
let saveTimer: ReturnType<typeof setTimeout> | undefined;
const pictures = new PicturesView();
/** The first result shown after a restore keeps the saved view mode; later new results pick their own. */
let restoring = false;

const find = new FindBar(findBox, {
  data: () => parsed,
  highlight: (hits, hit) => tree?.highlight(hits, hit),
  reveal: (hit) => {
    if (ui.viewMode !== 'tree') setMode('tree');
    tree?.reveal(hit.segments);
  },
  queryChanged: (query) => {
    ui.find = query;
    saveSoon();
  },
  close: () => tree?.focus(),
});

function byId(id: string): HTMLElement {
  const node = document.getElementById(id);
  if (!node) throw new Error(`missing #${id}`);
  return node;
}

function show(next: PanelState): void {
  const run = next.runs[next.shown];
  if (!run) return;
  const resultChanged = !current || JSON.stringify(current.outcome) !== JSON.stringify(run.outcome);
  panel = next;
  current = run;
  renderHeader(run);
  // The result first: the toolbar offers Pictures only for a result they can draw.
  if (resultChanged) renderResult(run.outcome);
  renderToolbar(run.outcome);
  renderError(run.outcome);
  saveNow();
}

function renderHeader({ request, outcome }: ViewState): void {
  const lines: Array<[string, string]> = [
    ['Method', request.method],
    ['Tracer', request.tracerName],
    ['Node', `${request.nodeName} (${request.maskedUrl})`],
    ['Target', request.target],
  ];
  if (request.ranOn) lines.push(['Ran on', request.ranOn]);
  if (request.tracerConfig !== undefined) lines.push(['Tracer config', request.tracerConfig]);
  lines.push(['Status', statusText(outcome)]);
  header.replaceChildren(
    ...lines.map(([label, value]) => {
      const line = el('div', 'header-line');
      line.append(el('span', 'label', `${label}: `), el('span', 'header-value', value));
      return line;
    }),
  );
}

function statusText(outcome: OutcomeView): string {
  switch (outcome.status) {
    case 'running':
      return 'running…';
    case 'done':
      return `done in ${formatDuration(outcome.durationMs)}, ${formatBytes(outcome.bytes)}`;
    case 'failed':
      return `failed after ${formatDuration(outcome.durationMs)}`;
  }
}

/** The run history (when there are several runs) and, for a result, the switch between its views. */
function renderToolbar(outcome: OutcomeView): void {
  const controls: HTMLElement[] = [];
  if (panel && panel.runs.length > 1) controls.push(historyPicker(panel));
  if (outcome.status === 'done') controls.push(viewSwitch());
  toolbar.replaceChildren(...controls);
  toolbar.hidden = controls.length === 0;
}

/** Pictures / Tree / Raw JSON: one pressed at a time (Pictures only for a result they can draw). */
function viewSwitch(): HTMLElement {
  const group = el('div', 'view-switch');
  group.setAttribute('role', 'group');
  group.setAttribute('aria-label', 'Show the result as');
  for (const [mode, label, title] of VIEW_MODES) {
    if (mode === 'pictures' && !(parsed && pictures.has(parsed.value))) continue;
    const option = button(label, () => setMode(mode), title, 'view-option');
    option.setAttribute('aria-pressed', String(ui.viewMode === mode));
    option.dataset.view = mode;
    group.append(option);
  }
  return group;
}

/** A title-bar or palette command that acts on the view. */
function act(action: WebviewAction): void {
  if (!parsed) return;
  if (action === 'find') find.open();
  else if (action === 'expandAll') treeAction((view) => view.setAll(true));
  else if (action === 'collapseAll') treeAction((view) => view.setAll(false));
  else copyFocused(action === 'copyPath' ? 'path' : 'value');
}

/** The earlier runs of this tracer in this panel, newest first. */
function historyPicker(state: PanelState): HTMLSelectElement {
  const picker = el('select', 'history');
  picker.setAttribute('aria-label', 'Run history');
  picker.title = 'Earlier runs of this tracer in this panel';
  state.runs.forEach((run, index) => {
    const option = el('option', '', runLabel(run, state.runs.length - index));
    option.value = String(index);
    option.selected = index === state.shown;
    picker.append(option);
  });
  picker.addEventListener('change', () => {
    const shown = Number(picker.value);
    show({ ...state, shown });
    vscode.postMessage({ type: 'select', shown });
  });
  return picker;
}

function runLabel(run: ViewState, number: number): string {
  const time = run.startedAt === undefined ? '' : ` · ${new Date(run.startedAt).toLocaleTimeString()}`;
  return `Run ${number}${time} · ${run.request.target} · ${run.outcome.status}`;
}

function renderError(outcome: OutcomeView): void {
  if (outcome.status !== 'failed') {
    errorBox.hidden = true;
    errorBox.replaceChildren();
    return;
  }
  const { error } = outcome;
  const parts: HTMLElement[] = [el('div', 'error-kind', error.kind), el('div', 'error-message', error.message)];
  if (error.explanation) parts.push(el('div', 'error-explanation', error.explanation));
  const position = error.position;
  if (position) {
    parts.push(
      button(`Go to tracer line ${position.line + 1}, column ${position.character + 1}`, () =>
        vscode.postMessage({ type: 'reveal', line: position.line, character: position.character }),
      ),
    );
  }
  errorBox.replaceChildren(...parts);
  errorBox.hidden = false;
}

function renderResult(outcome: OutcomeView): void {
  tree?.dispose();
  tree = undefined;
  parsed = undefined;
  content.replaceChildren();
  if (outcome.status !== 'done') return;
  try {
    parsed = { value: JSON.parse(outcome.json) };
  } catch {
    content.append(el('pre', 'raw', outcome.json));
    return;
  }
  pictures.endCompare();
  // A new result with a recognised shape opens as pictures; the tree is one click away.
  const drawable = pictures.has(parsed.value);
  if (!restoring && drawable) ui = { ...ui, viewMode: 'pictures' };
  else if (!drawable && ui.viewMode === 'pictures') ui = { ...ui, viewMode: 'tree' };
  restoring = false;
  renderMode();
  content.scrollTop = ui.scrollTop;
  find.refresh();
}

function setMode(next: ViewMode): void {
  if (ui.viewMode === next && !pictures.comparing) return;
  if (next !== 'pictures') pictures.endCompare();
  ui = { ...ui, viewMode: next, scrollTop: 0 };
  tree?.dispose();
  tree = undefined;
  content.replaceChildren();
  renderMode();
  if (current) renderToolbar(current.outcome);
  saveNow();
}

function renderMode(): void {
  if (!parsed) return;
  if (ui.viewMode === 'pictures') {
    pictures.render(content, parsed.value);
  } else if (ui.viewMode === 'raw') {
    content.className = 'raw-view';
    content.append(el('pre', 'raw', jsonText(parsed.value, { indent: 2 })));
  } else {
    content.className = 'tree-view';
    tree = new JsonTree(content, parsed.value, ui.tree, () => {
      if (tree) ui.tree = tree.state();
      saveSoon();
    });
  }
}

function treeAction(action: (view: JsonTree) => void): void {
  if (ui.viewMode !== 'tree') setMode('tree');
  if (tree) action(tree);
}

/** Names arrived (redraw with them), or a comparison to show. */
function showPictures(message: Extract<ToWebview, { type: 'names' | 'compare' }>): void {
  if (message.type === 'names') pictures.setNames(message.names);
  else pictures.compare(message.a, message.b);
  if (!parsed || (message.type === 'names' && ui.viewMode !== 'pictures')) return;
  ui = { ...ui, viewMode: 'pictures' };
  tree?.dispose();
  tree = undefined;
  content.replaceChildren();
  renderMode();
  if (current) renderToolbar(current.outcome);
}

function copyFocused(what: 'path' | 'value'): void {
  const row = tree?.focused();
  if (!row) return;
  const text = what === 'path' ? jsPath(row.segments) : typeof row.value === 'string' ? row.value : jsonText(row.value, { indent: 2 });
  vscode.postMessage({ type: 'copyText', text, what });
}

function saveSoon(): void {
  if (saveTimer === undefined) saveTimer = setTimeout(saveNow, SAVE_DELAY_MS);
}

function saveNow(): void {
  clearTimeout(saveTimer);
  saveTimer = undefined;
  // The scroll event comes a frame late: read the position now (while a result is shown to scroll).
  if (parsed) ui.scrollTop = content.scrollTop;
  if (panel) vscode.setState({ ...panel, ui });
}

function rendered(): RenderedContent {
  const outcome = current?.outcome;
  const focused = tree?.focused();
  return {
    title: current ? `${current.request.method} · ${current.request.tracerName}` : '',
    header: Array.from(header.children).map((line) => line.textContent ?? ''),
    status: outcome?.status ?? 'running',
    rows: tree ? tree.renderedRows() : Array.from(content.querySelectorAll('pre')).map((pre) => pre.textContent ?? ''),
    rowCount: tree?.rowCount ?? 0,
    errorText: errorBox.hidden
      ? undefined
      : Array.from(errorBox.children)
          .map((part) => part.textContent ?? '')
          .join('\n'),
    resultJson: parsed ? jsonText(parsed.value) : undefined,
    ui,
    focused: focused && {
      path: jsPath(focused.segments),
      level: focused.level,
      expanded: focused.expanded,
      text: focused.text,
      active: document.activeElement?.getAttribute('role') === 'tree',
    },
    find: find.status(),
    history: panel ? panel.runs.map((run, index) => runLabel(run, panel!.runs.length - index)) : [],
    view: parsed ? ui.viewMode : undefined,
    frameBoxes: content.querySelectorAll('[data-frame]').length,
    frameLabels: Array.from(content.querySelectorAll('[data-frame]'), (box) => box.getAttribute('aria-label') ?? '').slice(0, 20),
    compare: compareView(),
  };
}

function compareView(): RenderedContent['compare'] {
  const heading = content.querySelector('.compare .report-heading')?.textContent;
  return heading ? { heading, summary: content.querySelector('.compare-summary')?.textContent ?? '' } : undefined;
}

/** Dispatches keys as the browser would (tests): to the focused element, or the tree as after a click in it. */
async function press(keys: TestKey[]): Promise<void> {
  for (const key of keys) {
    if (!document.activeElement || document.activeElement === document.body) tree?.focus();
    const target = document.activeElement ?? document.body;
    if (key.text !== undefined && target instanceof HTMLInputElement) {
      target.value = key.text;
      target.dispatchEvent(new Event('input', { bubbles: true }));
      await find.idle();
    }
    target.dispatchEvent(
      new KeyboardEvent('keydown', { key: key.key, ctrlKey: key.ctrlKey, shiftKey: key.shiftKey, bubbles: true, cancelable: true }),
    );
    await find.idle();
  }
  saveNow();
}

function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

document.addEventListener('keydown', (event) => {
  const ctrl = event.ctrlKey || event.metaKey;
  const inTree = (event.target as HTMLElement | null)?.getAttribute?.('role') === 'tree';
  if (ctrl && !event.altKey && event.key.toLowerCase() === 'f' && parsed) find.open();
  else if (event.key === 'F3' && parsed) find.step(event.shiftKey ? -1 : 1);
  else if (event.key === 'Escape' && find.isOpen) find.close();
  else if (inTree && ctrl && !event.shiftKey && event.key.toLowerCase() === 'c') copyFocused('value');
  else if (inTree && event.shiftKey && event.altKey && (event.code === 'KeyC' || event.key.toLowerCase() === 'c')) copyFocused('path');
  else return;
  // Handled here: VS Code must not also act on it (its own find, copy).
  event.preventDefault();
  event.stopPropagation();
});

content.addEventListener('scroll', () => {
  ui.scrollTop = content.scrollTop;
  saveSoon();
});

window.addEventListener('message', (event: MessageEvent<ToWebview>) => {
  const message = event.data;
  if (message.type === 'show') show(message.panel);
  else if (message.type === 'names' || message.type === 'compare') showPictures(message);
  else if (message.type === 'action') act(message.action);
  else if (message.type === 'query') vscode.postMessage({ type: 'rendered', id: message.id, content: rendered() });
  else if (message.type === 'press')
    void press(message.keys).then(() => vscode.postMessage({ type: 'rendered', id: message.id, content: rendered() }));
});

const saved = vscode.getState();
if (saved?.ui) {
  ui = saved.ui;
  restoring = true;
}
if (saved?.runs) show(saved);
if (ui.find !== '') find.restore(ui.find);
vscode.postMessage({ type: 'ready' });
