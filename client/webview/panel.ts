// One result panel per tracer file, titled with its name: each run of the tracer is shown in it and kept in
// its run history (newest first) to go back to. Shows the request, then the result or the explained error.
// Its actions (re-run, cancel, copy, save, find, expand, compare) are commands in the panel's title bar and
// the command palette (commands/result-panel.ts), acting on the panel most recently active or updated;
// context keys tell VS Code which of them apply to the run it shows.
import * as vscode from 'vscode';
import type { TraceSpec } from '../trace/spec';
import { resultHtml, webviewOptions } from './html';
import type { FromWebview, PanelState, RenderedContent, TestKey, ToWebview, ViewState, WebviewAction } from './messages';
import { defaultSaveUri } from '../save-location';
import { panelColumn } from './placement';
import type { ReportSide, ReportSource } from '../../report/data';
import { namesFor, saveHtmlReport } from './report-export';
import { WebviewQueries } from './webview-queries';

export const RESULT_VIEW_TYPE = 'evmTracer.result';
/** Context keys for the result panels' menus: the last panel's shown run is running / has a result. */
const RUNNING_KEY = 'evmTracer.resultRunning';
const DONE_KEY = 'evmTracer.resultDone';
/** Runs kept per panel: each holds its whole result, and the webview state stores them all. */
const HISTORY_LIMIT = 8;

export interface PanelActions {
  rerun(spec: TraceSpec, panel: ResultPanel): void;
}

/** A finished run of a panel's history, for Compare Results. */
export interface FinishedRun {
  panel: ResultPanel;
  run: ViewState;
  /** 1 for the panel's first run: as its run history numbers them. */
  number: number;
  /** Whether the panel shows it now. */
  shown: boolean;
}

export class ResultPanel {
  /** The panel most recently active, shown or updated: what the title bar's and palette's actions act on. */
  static last: ResultPanel | undefined;
  private static readonly open = new Set<ResultPanel>();
  private static readonly byTracer = new Map<string, ResultPanel>();

  private ready = false;
  private readonly queries = new WebviewQueries<ToWebview, RenderedContent>((message) => this.post(message));
  private readonly cancelHandlers = new Set<() => void>();
  private disposed = false;
  /** The comparison shown (Compare Results), sent again whenever the webview is rebuilt, until the next run. */
  private comparison: { a: ReportSide; b: ReportSide; nodeName: string } | undefined;
  /** Actions asked for while the webview was being rebuilt: carried out once it is ready. */
  private pendingActions: WebviewAction[] = [];

  /** Every finished run in the open panels' histories: the current panel's first, newest first in each. */
  static finishedRuns(): FinishedRun[] {
    const current = ResultPanel.last;
    const panels = [...ResultPanel.open].sort((a, b) => Number(b === current) - Number(a === current));
    return panels.flatMap((panel) =>
      panel.state.runs.flatMap((run, index) =>
        run.outcome.status === 'done' ? [{ panel, run, number: panel.state.runs.length - index, shown: index === panel.state.shown }] : [],
      ),
    );
  }

  /** The open panel of the tracer at `tracerUri`, if any. */
  static forTracer(tracerUri: string): ResultPanel | undefined {
    return ResultPanel.byTracer.get(tracerUri);
  }

  static create(extensionUri: vscode.Uri, first: ViewState, actions: PanelActions): ResultPanel {
    // Beside the tracer's own editor when it is on screen (a trace started from the walkthrough or another
    // panel must not cover it), else beside the active editor.
    const tracerColumn = vscode.window.visibleTextEditors.find(
      (editor) => editor.document.uri.toString() === first.spec.tracerUri,
    )?.viewColumn;
    const column = panelColumn(
      tracerColumn ?? vscode.window.activeTextEditor?.viewColumn ?? vscode.window.tabGroups.activeTabGroup.viewColumn,
      vscode.window.tabGroups.all.length,
    );
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
        ? {
            ...run,
            outcome: {
              status: 'failed',
              durationMs: 0,
              error: {
                kind: 'cancelled',
                message: 'VS Code closed while the trace was running.',
                explanation: "Run it again with Re-run Trace in the panel's title bar.",
              },
            },
          }
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
    ResultPanel.open.add(this);
    const tracer = state.runs[0]?.spec.tracerUri;
    if (tracer) this.claim(tracer);
    panel.webview.html = resultHtml(panel.webview, extensionUri);
    panel.webview.onDidReceiveMessage((message: FromWebview) => this.receive(message));
    // A hidden webview is torn down (no retainContextWhenHidden): messages wait for its next 'ready'.
    panel.onDidChangeViewState(({ webviewPanel }) => {
      if (!webviewPanel.visible) this.ready = false;
      if (!webviewPanel.active) return;
      ResultPanel.last = this;
      this.updateContext();
    });
    panel.onDidDispose(() => {
      this.disposed = true;
      this.cancel();
      ResultPanel.open.delete(this);
      if (ResultPanel.last === this) {
        ResultPanel.last = undefined;
        setContextKeys(undefined);
      }
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
    this.comparison = undefined;
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
      this.publish();
    };
  }

  /** Shows two finished runs (of any panels) side by side in this panel (Compare Results). */
  compare(a: FinishedRun, b: FinishedRun): void {
    const [first, second] = [a, b].map(reportSide);
    this.comparison = { a: first, b: second, nodeName: a.run.spec.nodeName };
    this.reveal();
    // A hidden webview is rebuilt when revealed: its 'ready' sends the comparison then.
    if (this.ready) this.postComparison();
  }

  private postComparison(): void {
    const comparison = this.comparison;
    if (!comparison) return;
    this.post({ type: 'compare', a: comparison.a, b: comparison.b });
    void namesFor(comparison.nodeName, comparison.a, comparison.b).then((names) => this.post({ type: 'names', names }));
  }

  rerun(): void {
    if (this.shown) this.actions.rerun(this.shown.spec, this);
  }

  /** An action the webview carries out (find, expand, copy a row). */
  act(action: WebviewAction): void {
    this.reveal();
    if (this.ready) this.post({ type: 'action', action });
    else this.pendingActions.push(action);
  }

  async copyResult(): Promise<void> {
    const shown = this.shown;
    if (shown?.outcome.status === 'done') await copy(shown.outcome.json, 'result');
  }

  async saveJson(): Promise<void> {
    if (this.shown) await save(this.shown);
  }

  /** Saves the shown result as an HTML report (to `target`, else where the user chooses); the file written. */
  async saveHtml(target?: vscode.Uri): Promise<vscode.Uri | undefined> {
    const shown = this.shown;
    if (shown?.outcome.status !== 'done') return undefined;
    const side = reportSide({ run: shown, number: this.state.runs.length - this.state.shown });
    return saveHtmlReport(
      shown.spec.nodeName,
      { ...side, title: panelTitle(shown.spec) },
      defaultSaveUri(shown.spec.tracerUri, 'report.html'),
      target,
    );
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
    const names = await namesFor(run.spec.nodeName, { title: '', result });
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
    if (this.disposed) return Promise.reject(new Error('the result panel is closed'));
    return this.queries.ask((id) => (keys ? { type: 'press', id, keys } : { type: 'query', id }), this.ready);
  }

  /** One panel per tracer: a panel showing another tracer's run no longer stands for the old one. */
  private claim(tracerUri: string): void {
    for (const [uri, owner] of ResultPanel.byTracer) if (owner === this) ResultPanel.byTracer.delete(uri);
    ResultPanel.byTracer.set(tracerUri, this);
    this.panel.title = panelTitle(this.state.runs[0]?.spec ?? { tracerUri });
  }

  /** Tells VS Code whether the last panel's shown run is running or done (which title-bar actions apply). */
  private updateContext(): void {
    if (ResultPanel.last === this) setContextKeys(this.shown?.outcome.status);
  }

  private publish(): void {
    ResultPanel.last = this;
    if (this.disposed) return;
    this.updateContext();
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
        this.postComparison();
        for (const action of this.pendingActions.splice(0)) this.post({ type: 'action', action });
        this.queries.resend();
        return;
      case 'rendered':
        this.queries.answered(message.id, message.content);
        return;
      case 'select':
        if (message.shown >= 0 && message.shown < this.state.runs.length) this.state = { ...this.state, shown: message.shown };
        this.comparison = undefined;
        this.updateContext();
        return;
      case 'copyText':
        await copy(message.text, message.what);
        return;
      case 'reveal':
        if (shown) await revealInTracer(shown.spec.tracerUri, message.line, message.character);
        return;
    }
  }
}

function setContextKeys(status: ViewState['outcome']['status'] | undefined): void {
  void vscode.commands.executeCommand('setContext', RUNNING_KEY, status === 'running');
  void vscode.commands.executeCommand('setContext', DONE_KEY, status === 'done');
}

/** A finished run as a report side: titled by its tracer, run number and time, with where it came from. */
function reportSide({ run, number }: Pick<FinishedRun, 'run' | 'number'>): ReportSide {
  const time = run.startedAt === undefined ? '' : ` at ${new Date(run.startedAt).toLocaleTimeString('en-GB')}`;
  const { request } = run;
  const source: ReportSource = {
    method: request.method,
    tracer: request.tracerName,
    node: request.nodeName,
    maskedUrl: request.maskedUrl,
    target: request.target,
  };
  const json = run.outcome.status === 'done' ? run.outcome.json : 'null';
  return { title: `${request.tracerName} run ${number}${time}`, result: JSON.parse(json) as unknown, source };
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
  const target = await vscode.window.showSaveDialog({
    defaultUri: defaultSaveUri(run.spec.tracerUri, 'result.json'),
    filters: { JSON: ['json'] },
  });
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
