// One result panel per tracer file, titled with its name: each run of the tracer is shown in it and kept in
// its run history (newest first) to go back to. Shows the request, then the result or the explained error,
// and relays the panel's buttons (re-run, cancel, copy, save, go to the tracer line) back to the extension.
import * as vscode from 'vscode';
import type { TraceSpec } from '../trace/spec';
import { resultHtml, webviewOptions } from './html';
import type { FromWebview, PanelState, RenderedContent, TestKey, ToWebview, ViewState } from './messages';
import { defaultSaveUri } from '../save-location';
import { panelColumn } from './placement';
import { namesFor, saveHtmlReport } from './report-export';
import { recordResult, type HistoryEntry } from './result-history';

export const RESULT_VIEW_TYPE = 'evmTracer.result';
/** Runs kept per panel: each holds its whole result, and the webview state stores them all. */
const HISTORY_LIMIT = 8;

export interface PanelActions {
  rerun(spec: TraceSpec, panel: ResultPanel): void;
}

export class ResultPanel {
  /** The panel most recently shown or updated (what the test hook reads). */
  static last: ResultPanel | undefined;
  private static readonly byTracer = new Map<string, ResultPanel>();

  private ready = false;
  private nextQueryId = 1;
  private readonly queries = new Map<number, { resolve: (content: RenderedContent) => void; message: ToWebview }>();
  private readonly cancelHandlers = new Set<() => void>();
  private disposed = false;

  /** The open panel of the tracer at `tracerUri`, if any. */
  static forTracer(tracerUri: string): ResultPanel | undefined {
    return ResultPanel.byTracer.get(tracerUri);
  }

  static create(extensionUri: vscode.Uri, first: ViewState, actions: PanelActions): ResultPanel {
    // Beside the tracer's own editor when it is on screen (a trace started from the walkthrough or another
    // panel must not cover it), else beside the active editor.
    const tracerColumn = vscode.window.visibleTextEditors.find((editor) => editor.document.uri.toString() === first.spec.tracerUri)?.viewColumn;
    const column = panelColumn(tracerColumn ?? vscode.window.activeTextEditor?.viewColumn ?? vscode.window.tabGroups.activeTabGroup.viewColumn, vscode.window.tabGroups.all.length);
    const panel = vscode.window.createWebviewPanel(
      RESULT_VIEW_TYPE,
      panelTitle(first.spec),
      { viewColumn: column === 'beside' ? vscode.ViewColumn.Beside : column, preserveFocus: true },
      webviewOptions(extensionUri),
    );
    return new ResultPanel(panel, extensionUri, { runs: [], shown: 0 }, actions);
  }

  /** Re-attaches to a panel VS Code restored after a restart (`saved` is what its webview stored). */
  static revive(panel: vscode.WebviewPanel, extensionUri: vscode.Uri, saved: PanelState | ViewState, actions: PanelActions): ResultPanel {
    panel.webview.options = webviewOptions(extensionUri);
    // Panels stored before the run history held one run.
    const state: PanelState = 'runs' in saved ? saved : { runs: [saved], shown: 0 };
    const runs = state.runs.map((run): ViewState =>
      run.outcome.status === 'running'
        ? { ...run, outcome: { status: 'failed', durationMs: 0, error: { kind: 'cancelled', message: 'VS Code closed while the trace was running.', explanation: 'Run it again with the Re-run button.' } } }
        : run,
    );
    return new ResultPanel(panel, extensionUri, { runs, shown: Math.min(state.shown, runs.length - 1) }, actions);
  }

  private constructor(
    private readonly panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    private state: PanelState,
    private readonly actions: PanelActions,
  ) {
    ResultPanel.last = this;
    const tracer = state.runs[0]?.spec.tracerUri;
    if (tracer) this.claim(tracer);
    panel.webview.html = resultHtml(panel.webview, extensionUri);
    panel.webview.onDidReceiveMessage((message: FromWebview) => this.receive(message));
    // A hidden webview is torn down (no retainContextWhenHidden): messages wait for its next 'ready'.
    panel.onDidChangeViewState(({ webviewPanel }) => {
      if (!webviewPanel.visible) this.ready = false;
    });
    panel.onDidDispose(() => {
      this.disposed = true;
      this.cancel();
      if (ResultPanel.last === this) ResultPanel.last = undefined;
      for (const [uri, owner] of ResultPanel.byTracer) if (owner === this) ResultPanel.byTracer.delete(uri);
    });
  }

  /** The run shown (what Re-run, Copy and Save act on). */
  private get shown(): ViewState | undefined {
    return this.state.runs[this.state.shown];
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  /** Starts a new run in this panel (shown at once, added to the history); the returned function updates it. */
  begin(run: ViewState): (state: ViewState) => void {
    const entry = { ...run, startedAt: Date.now() };
    this.claim(run.spec.tracerUri);
    this.state = { runs: [entry, ...this.state.runs].slice(0, HISTORY_LIMIT), shown: 0 };
    this.publish();
    let latest: ViewState = entry;
    return (state) => {
      const index = this.state.runs.indexOf(latest);
      latest = { ...state, startedAt: entry.startedAt };
      // A run pushed out of the history by later ones is no longer shown anywhere.
      if (index === -1) return;
      const runs = [...this.state.runs];
      runs[index] = latest;
      this.state = { ...this.state, runs };
      recordResult(latest);
      this.publish();
    };
  }

  /** Shows two results side by side in this panel (Compare With Previous Result). */
  compare(a: HistoryEntry, b: HistoryEntry): void {
    const sides = [a, b].map(({ title, json }) => ({ title, result: JSON.parse(json) as unknown }));
    this.reveal();
    this.post({ type: 'compare', a: sides[0], b: sides[1] });
    void namesFor(sides[0], sides[1]).then((names) => this.post({ type: 'names', names }));
  }

  /** Names for the shown result's calls and events from the workspace's ABIs (the webview has the built-in ones). */
  private async postNames(): Promise<void> {
    const run = this.state.runs[this.state.shown];
    if (run?.outcome.status !== 'done') return;
    let result: unknown;
    try {
      result = JSON.parse(run.outcome.json);
    } catch {
      return;
    }
    const names = await namesFor({ title: '', result });
    if (!this.disposed) this.post({ type: 'names', names });
  }

  reveal(): void {
    if (!this.disposed) this.panel.reveal(undefined, true);
  }

  /** Registers what the panel's Cancel button (or disposing the panel) does while a trace runs. */
  onCancel(handler: () => void): vscode.Disposable {
    this.cancelHandlers.add(handler);
    return new vscode.Disposable(() => this.cancelHandlers.delete(handler));
  }

  cancel(): void {
    for (const handler of [...this.cancelHandlers]) handler();
  }

  /** Asks the webview what it rendered; with `keys`, after pressing them there (tests). */
  query(keys?: TestKey[]): Promise<RenderedContent> {
    const id = this.nextQueryId++;
    const message: ToWebview = keys ? { type: 'press', id, keys } : { type: 'query', id };
    return new Promise((resolve, reject) => {
      if (this.disposed) return reject(new Error('the result panel is closed'));
      this.queries.set(id, { resolve, message });
      if (this.ready) this.post(message);
    });
  }

  /** One panel per tracer: a panel showing another tracer's run no longer stands for the old one. */
  private claim(tracerUri: string): void {
    for (const [uri, owner] of ResultPanel.byTracer) if (owner === this) ResultPanel.byTracer.delete(uri);
    ResultPanel.byTracer.set(tracerUri, this);
    this.panel.title = panelTitle(this.state.runs[0]?.spec ?? { tracerUri });
  }

  private publish(): void {
    ResultPanel.last = this;
    if (this.disposed) return;
    const first = this.state.runs[0];
    if (first) this.panel.title = panelTitle(first.spec);
    if (!this.ready) return;
    this.post({ type: 'show', panel: this.state });
    void this.postNames();
  }

  private post(message: ToWebview): void {
    void this.panel.webview.postMessage(message);
  }

  private async receive(message: FromWebview): Promise<void> {
    const shown = this.shown;
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.post({ type: 'show', panel: this.state });
        void this.postNames();
        for (const query of this.queries.values()) this.post(query.message);
        return;
      case 'rendered':
        this.queries.get(message.id)?.resolve(message.content);
        this.queries.delete(message.id);
        return;
      case 'select':
        if (message.shown >= 0 && message.shown < this.state.runs.length) this.state = { ...this.state, shown: message.shown };
        return;
      case 'rerun':
        if (shown) this.actions.rerun(shown.spec, this);
        return;
      case 'cancel':
        this.cancel();
        return;
      case 'copy':
        if (shown?.outcome.status === 'done') await copy(shown.outcome.json, 'result');
        return;
      case 'copyText':
        await copy(message.text, message.what);
        return;
      case 'save':
        if (shown) await save(shown);
        return;
      case 'saveHtml':
        if (shown?.outcome.status === 'done') await saveHtmlReport({ title: tracerFileName(shown.spec), result: JSON.parse(shown.outcome.json) as unknown }, defaultSaveUri(shown.spec.tracerUri, 'report.html'));
        return;
      case 'reveal':
        if (shown) await revealInTracer(shown.spec.tracerUri, message.line, message.character);
        return;
    }
  }
}

function tracerFileName(spec: Pick<TraceSpec, 'tracerUri'>): string {
  return vscode.Uri.parse(spec.tracerUri).path.split('/').pop() || 'trace';
}

/** "Result: <tracer>": the tab is not taken for the tracer's own (an untitled tracer's Untitled-1 too). */
function panelTitle(spec: Pick<TraceSpec, 'tracerUri'>): string {
  return `Result: ${tracerFileName(spec)}`;
}

async function copy(text: string, what: string): Promise<void> {
  await vscode.env.clipboard.writeText(text);
  void vscode.window.setStatusBarMessage(`EVM Tracer: ${what} copied`, 3000);
}

async function save(run: ViewState): Promise<void> {
  if (run.outcome.status !== 'done') return;
  const target = await vscode.window.showSaveDialog({ defaultUri: defaultSaveUri(run.spec.tracerUri, 'result.json'), filters: { JSON: ['json'] } });
  if (!target) return;
  await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(prettyJson(run.outcome.json)));
}

function prettyJson(json: string): string {
  try {
    return `${JSON.stringify(JSON.parse(json), null, 2)}\n`;
  } catch {
    return json;
  }
}

async function revealInTracer(uri: string, line: number, character: number): Promise<void> {
  const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(uri));
  const position = new vscode.Position(line, character);
  await vscode.window.showTextDocument(document, { selection: new vscode.Range(position, position), viewColumn: vscode.ViewColumn.One });
}
