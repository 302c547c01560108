// One result panel per trace: shows the request, then the result or the explained error, and relays the
// panel's buttons (re-run, cancel, copy, save, go to the tracer line) back to the extension.
import * as vscode from 'vscode';
import type { TraceSpec } from '../trace/spec';
import { resultHtml, webviewOptions } from './html';
import type { FromWebview, RenderedContent, ToWebview, ViewState } from './messages';
import { namesFor, saveHtmlReport } from './report-export';
import { recordResult, type HistoryEntry } from './result-history';

export const RESULT_VIEW_TYPE = 'evmTracer.result';

export interface PanelActions {
  rerun(spec: TraceSpec, panel: ResultPanel): void;
}

export class ResultPanel {
  /** The panel most recently shown or updated (what the test hook reads). */
  static last: ResultPanel | undefined;

  private ready = false;
  private nextQueryId = 1;
  private readonly queries = new Map<number, (content: RenderedContent) => void>();
  private readonly cancelHandlers = new Set<() => void>();
  private disposed = false;

  static create(extensionUri: vscode.Uri, state: ViewState, actions: PanelActions): ResultPanel {
    const panel = vscode.window.createWebviewPanel(
      RESULT_VIEW_TYPE,
      panelTitle(state),
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      webviewOptions(extensionUri),
    );
    return new ResultPanel(panel, extensionUri, state, actions);
  }

  /** Re-attaches to a panel VS Code restored after a restart. */
  static revive(panel: vscode.WebviewPanel, extensionUri: vscode.Uri, state: ViewState, actions: PanelActions): ResultPanel {
    panel.webview.options = webviewOptions(extensionUri);
    const restored: ViewState =
      state.outcome.status === 'running'
        ? { ...state, outcome: { status: 'failed', durationMs: 0, error: { kind: 'cancelled', message: 'VS Code closed while the trace was running.', explanation: 'Run it again with the Re-run button.' } } }
        : state;
    return new ResultPanel(panel, extensionUri, restored, actions);
  }

  private constructor(
    private readonly panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    private state: ViewState,
    private readonly actions: PanelActions,
  ) {
    ResultPanel.last = this;
    recordResult(state);
    panel.title = panelTitle(state);
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
    });
  }

  get spec(): TraceSpec {
    return this.state.spec;
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  update(state: ViewState): void {
    this.state = state;
    ResultPanel.last = this;
    recordResult(state);
    if (this.disposed) return;
    this.panel.title = panelTitle(state);
    if (this.ready) {
      this.post({ type: 'show', state });
      void this.postNames();
    }
  }

  /** Shows two results side by side in this panel (Compare With Previous Result). */
  compare(a: HistoryEntry, b: HistoryEntry): void {
    const sides = [a, b].map(({ title, json }) => ({ title, result: JSON.parse(json) as unknown }));
    this.reveal();
    this.post({ type: 'compare', a: sides[0], b: sides[1] });
    void namesFor(sides[0], sides[1]).then((names) => this.post({ type: 'names', names }));
  }

  /** Names for the result's calls and events from the workspace's ABIs (the webview has the built-in ones). */
  private async postNames(): Promise<void> {
    if (this.state.outcome.status !== 'done') return;
    let result: unknown;
    try {
      result = JSON.parse(this.state.outcome.json);
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

  /** Asks the webview what it rendered. */
  query(): Promise<RenderedContent> {
    const id = this.nextQueryId++;
    return new Promise((resolve, reject) => {
      if (this.disposed) return reject(new Error('the result panel is closed'));
      this.queries.set(id, resolve);
      if (this.ready) this.post({ type: 'query', id });
    });
  }

  private post(message: ToWebview): void {
    void this.panel.webview.postMessage(message);
  }

  private async receive(message: FromWebview): Promise<void> {
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.post({ type: 'show', state: this.state });
        void this.postNames();
        for (const id of this.queries.keys()) this.post({ type: 'query', id });
        return;
      case 'rendered':
        this.queries.get(message.id)?.(message.content);
        this.queries.delete(message.id);
        return;
      case 'rerun':
        this.actions.rerun(this.state.spec, this);
        return;
      case 'cancel':
        this.cancel();
        return;
      case 'copy':
        if (this.state.outcome.status === 'done') {
          await vscode.env.clipboard.writeText(this.state.outcome.json);
          void vscode.window.setStatusBarMessage('EVM Tracer: result copied', 3000);
        }
        return;
      case 'save':
        await this.save();
        return;
      case 'saveHtml':
        if (this.state.outcome.status === 'done') await saveHtmlReport({ title: panelTitle(this.state), result: JSON.parse(this.state.outcome.json) as unknown }, this.defaultSaveUri('report.html'));
        return;
      case 'reveal':
        await revealInTracer(this.state.spec.tracerUri, message.line, message.character);
        return;
    }
  }

  /** `<tracer>.<suffix>` beside the tracer file. */
  private defaultSaveUri(suffix: string): vscode.Uri {
    const tracer = vscode.Uri.parse(this.state.spec.tracerUri);
    return vscode.Uri.joinPath(tracer, '..', `${baseName(tracer.path)}.${suffix}`);
  }

  private async save(): Promise<void> {
    if (this.state.outcome.status !== 'done') return;
    const target = await vscode.window.showSaveDialog({ defaultUri: this.defaultSaveUri('result.json'), filters: { JSON: ['json'] } });
    if (!target) return;
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(prettyJson(this.state.outcome.json)));
  }
}

function panelTitle(state: ViewState): string {
  return `${state.request.method.replace(/^debug_/, '')} · ${state.request.tracerName}`;
}

function baseName(path: string): string {
  return (path.split('/').pop() ?? 'trace').replace(/\.tracer\.js$|\.js$/, '');
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
