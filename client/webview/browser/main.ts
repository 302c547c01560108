// The result panel's script (runs in the webview). Renders what the extension sends: the request header,
// then the result (tree or raw JSON) or the explained error. Keeps the state with setState so that the panel
// survives being hidden and VS Code restarting. Writes text only (textContent), never HTML.
import { formatBytes } from '../../../core/rpc/errors';
import type { FromWebview, OutcomeView, RenderedContent, ToWebview, ViewState } from '../messages';
import { JsonTree } from './json-tree';
import { PicturesView } from './pictures';

interface VsCodeApi {
  postMessage(message: FromWebview): void;
  setState(state: ViewState): void;
  getState(): ViewState | undefined;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const header = byId('header');
const toolbar = byId('toolbar');
const errorBox = byId('error');
const content = byId('content');

let current: ViewState | undefined;
let parsed: { value: unknown } | undefined;
let tree: JsonTree | undefined;
let mode: 'pictures' | 'tree' | 'raw' = 'tree';
const pictures = new PicturesView();

function byId(id: string): HTMLElement {
  const element = document.getElementById(id);
  if (!element) throw new Error(`missing #${id}`);
  return element;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(label: string, onClick: () => void, title?: string): HTMLButtonElement {
  const node = element('button', 'action', label);
  if (title) node.title = title;
  node.addEventListener('click', onClick);
  return node;
}

function show(state: ViewState): void {
  const resultChanged = !current || current.outcome !== state.outcome;
  current = state;
  vscode.setState(state);
  renderHeader(state);
  if (resultChanged) renderResult(state.outcome);
  renderToolbar(state.outcome);
  renderError(state.outcome);
}

function renderHeader({ request, outcome }: ViewState): void {
  const lines: Array<[string, string]> = [
    ['Method', request.method],
    ['Tracer', request.tracerName],
    ['Node', `${request.nodeName} (${request.maskedUrl})`],
    ['Target', request.target],
  ];
  if (request.tracerConfig !== undefined) lines.push(['Tracer config', request.tracerConfig]);
  lines.push(['Status', statusText(outcome)]);
  header.replaceChildren(
    ...lines.map(([label, value]) => {
      const line = element('div', 'header-line');
      line.append(element('span', 'label', `${label}: `), element('span', 'header-value', value));
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

function renderToolbar(outcome: OutcomeView): void {
  const actions: HTMLElement[] = [];
  if (outcome.status === 'done') {
    if (parsed && pictures.has(parsed.value)) actions.push(button('Pictures', () => setMode('pictures'), 'Show the result as charts'));
    actions.push(
      button('Tree', () => setMode('tree'), 'Show the result as a collapsible tree'),
      button('Raw JSON', () => setMode('raw'), 'Show the result as formatted JSON text'),
      button('Copy', () => vscode.postMessage({ type: 'copy' }), 'Copy the result JSON'),
      button('Save as JSON…', () => vscode.postMessage({ type: 'save' })),
      button('Save as HTML Report…', () => vscode.postMessage({ type: 'saveHtml' }), 'Save a self-contained HTML file with the charts and the JSON'),
    );
  }
  if (outcome.status === 'running') actions.push(button('Cancel', () => vscode.postMessage({ type: 'cancel' })));
  else actions.push(button('Re-run', () => vscode.postMessage({ type: 'rerun' }), 'Run the same trace again'));
  toolbar.replaceChildren(...actions);
}

function renderError(outcome: OutcomeView): void {
  if (outcome.status !== 'failed') {
    errorBox.hidden = true;
    errorBox.replaceChildren();
    return;
  }
  const { error } = outcome;
  const parts: HTMLElement[] = [element('div', 'error-kind', error.kind), element('div', 'error-message', error.message)];
  if (error.explanation) parts.push(element('div', 'error-explanation', error.explanation));
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
  tree = undefined;
  parsed = undefined;
  content.replaceChildren();
  if (outcome.status !== 'done') return;
  try {
    parsed = { value: JSON.parse(outcome.json) };
  } catch {
    content.append(element('pre', 'raw', outcome.json));
    return;
  }
  pictures.endCompare();
  // A result with a recognised shape opens as pictures; the tree is one click away.
  if (pictures.has(parsed.value)) mode = 'pictures';
  else if (mode === 'pictures') mode = 'tree';
  renderMode();
}

function setMode(next: 'pictures' | 'tree' | 'raw'): void {
  if (mode === next && !pictures.comparing) return;
  if (next !== 'pictures') pictures.endCompare();
  mode = next;
  tree = undefined;
  content.replaceChildren();
  renderMode();
}

function renderMode(): void {
  if (!parsed) return;
  if (mode === 'pictures') {
    pictures.render(content, parsed.value);
  } else if (mode === 'raw') {
    content.className = 'raw-view';
    content.append(element('pre', 'raw', JSON.stringify(parsed.value, null, 2)));
  } else {
    content.className = 'tree-view';
    tree = new JsonTree(content, parsed.value);
  }
}

/** Names arrived (redraw with them), or a comparison to show. */
function showPictures(message: Extract<ToWebview, { type: 'names' | 'compare' }>): void {
  if (message.type === 'names') pictures.setNames(message.names);
  else pictures.compare(message.a, message.b);
  if (!parsed || (message.type === 'names' && mode !== 'pictures')) return;
  mode = 'pictures';
  content.replaceChildren();
  tree = undefined;
  renderMode();
}

function rendered(): RenderedContent {
  const outcome = current?.outcome;
  return {
    title: current ? `${current.request.method} · ${current.request.tracerName}` : '',
    header: Array.from(header.children).map((line) => line.textContent ?? ''),
    status: outcome?.status ?? 'running',
    rows: tree ? tree.renderedRows() : Array.from(content.querySelectorAll('pre')).map((pre) => pre.textContent ?? ''),
    rowCount: tree?.rowCount ?? 0,
    errorText: errorBox.hidden ? undefined : Array.from(errorBox.children).map((part) => part.textContent ?? '').join('\n'),
    resultJson: parsed ? JSON.stringify(parsed.value) : undefined,
    view: parsed ? mode : undefined,
    frameBoxes: content.querySelectorAll('[data-frame]').length,
  };
}

function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

window.addEventListener('message', (event: MessageEvent<ToWebview>) => {
  const message = event.data;
  if (message.type === 'show') show(message.state);
  else if (message.type === 'names' || message.type === 'compare') showPictures(message);
  else if (message.type === 'query') vscode.postMessage({ type: 'rendered', id: message.id, content: rendered() });
});

const saved = vscode.getState();
if (saved) show(saved);
vscode.postMessage({ type: 'ready' });
