// The view of a range run (Trace Block Range…): one panel per output folder, its rows read from the folder
// (range-rows.ts), drawn by its webview script (browser/range-view.ts), which filters and sorts them; a row
// opened is read again from its chunk file and shown in the tracer's result panel, as a finished run.
import * as vscode from 'vscode';
import type { Manifest } from '../../core/range/manifest';
import type { Ctx } from '../ctx';
import { tracerName } from '../trace/spec';
import { webviewHtml, webviewOptions } from './html';
import type { ViewState } from './messages';
import { readRangeLine, readRangeRows, rowLimit } from './range-rows';
import { WebviewQueries } from './webview-queries';
import type { FromRangeView, RangeRendered, RangeRow, RangeUiState, RangeViewData, ToRangeView } from './range-messages';

const RANGE_VIEW_TYPE = 'evmTracer.rangeRun';

/** Where a run's rows came from: what opening one shows in the result panel, and Re-run there traces again. */
interface RangeSource {
  folder: string;
  tracerUri: string;
  /** Raw tracerConfig JSON text. */
  tracerConfig?: string;
  nodeName: string;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What was left out of the rows, in words. */
interface LeftOut {
  unlisted: number;
  /** Lines that were not a range run's line. */
  skipped?: string;
  /** Chunk files that could not be read. */
  unread: string[];
}

function headerLines(source: RangeSource, manifest: Manifest, listed: number, { unlisted, skipped, unread }: LeftOut): string[] {
  const tracer = 'name' in manifest.tracer ? manifest.tracer.name : manifest.tracer.file;
  const done = manifest.chunks.filter((chunk) => chunk.state === 'done');
  const failed = manifest.chunks.filter((chunk) => chunk.state === 'failed');
  const pending = manifest.chunks.length - done.length - failed.length;
  const errors = done.reduce((sum, chunk) => sum + (chunk.state === 'done' ? chunk.errors : 0), 0);
  const lines = [
    `${source.nodeName} (${manifest.node.url}, chain ${manifest.node.chainId}) · ${tracer}${manifest.config === null ? '' : ` · config ${JSON.stringify(manifest.config)}`}`,
    `blocks ${manifest.range.from}..${manifest.range.to}: ${done.length} of ${plural(manifest.chunks.length, 'chunk')} done` +
      (failed.length
        ? `, ${failed.length} failed (first: blocks ${failed[0].from}..${failed[0].to}: ${failed[0].state === 'failed' ? failed[0].reason : ''})`
        : '') +
      (pending ? `, ${pending} not run yet: run Trace Block Range… again with this folder to resume` : ''),
    `${plural(listed + unlisted, 'transaction')}, ${plural(errors, 'error')}` + (unlisted ? `; the first ${rowLimit} listed` : ''),
    `folder: ${source.folder}`,
  ];
  if (unread.length > 0) lines.push(`not read: ${unread[0]}${unread.length > 1 ? ` (and ${unread.length - 1} more)` : ''}`);
  if (skipped) lines.push(`skipped: ${skipped}`);
  return lines;
}

export class RangePanel {
  /** The view most recently shown (what the test hooks read). */
  static last: RangePanel | undefined;
  private static readonly byFolder = new Map<string, RangePanel>();

  private ready = false;
  private data: RangeViewData;
  /** The node's URL as the manifest has it (masked). */
  private maskedUrl: string;
  private readonly queries = new WebviewQueries<ToRangeView, RangeRendered>((message) => this.post(message));

  /** Shows the run in `source.folder` (a new view, or the folder's view redrawn). */
  static show(ctx: Ctx, source: RangeSource): RangePanel {
    const { data, maskedUrl } = RangePanel.read(source);
    const open = RangePanel.byFolder.get(source.folder);
    if (open) {
      open.source = source;
      open.maskedUrl = maskedUrl;
      open.update(data);
      return open;
    }
    const panel = vscode.window.createWebviewPanel(
      RANGE_VIEW_TYPE,
      data.title,
      { viewColumn: vscode.ViewColumn.Active, preserveFocus: false },
      webviewOptions(ctx.extension.extensionUri),
    );
    return new RangePanel(ctx, panel, source, data, maskedUrl);
  }

  private static read(source: RangeSource): { data: RangeViewData; maskedUrl: string } {
    const { manifest, rows, unlisted, skipped, unread, totals } = readRangeRows(source.folder);
    const first = skipped.first && `${plural(skipped.count, 'line')} (first: ${skipped.first})`;
    const data: RangeViewData = {
      title: `Range: ${tracerName({ tracerUri: source.tracerUri })} ${manifest.range.from}..${manifest.range.to}`,
      header: headerLines(source, manifest, rows.length, { unlisted, skipped: first, unread }),
      rows,
      unlisted,
      ...(totals ? { totals } : {}),
    };
    return { data, maskedUrl: manifest.node.url };
  }

  private constructor(
    private readonly ctx: Ctx,
    private readonly panel: vscode.WebviewPanel,
    private source: RangeSource,
    data: RangeViewData,
    maskedUrl: string,
  ) {
    this.data = data;
    this.maskedUrl = maskedUrl;
    RangePanel.last = this;
    RangePanel.byFolder.set(source.folder, this);
    panel.webview.html = webviewHtml(panel.webview, ctx.extension.extensionUri, {
      title: 'Range run',
      script: 'range-view.js',
      body: `<header id="header"></header>
<nav id="controls" aria-label="Filter and sort"></nav>
<section id="chart" hidden></section>
<main id="rows"></main>`,
    });
    panel.webview.onDidReceiveMessage((message: FromRangeView) => this.receive(message));
    // A hidden webview is torn down (no retainContextWhenHidden): it asks for its rows again when shown.
    panel.onDidChangeViewState(({ webviewPanel }) => {
      if (!webviewPanel.visible) this.ready = false;
      if (webviewPanel.active) RangePanel.last = this;
    });
    panel.onDidDispose(() => {
      RangePanel.byFolder.delete(source.folder);
      if (RangePanel.last === this) RangePanel.last = undefined;
    });
  }

  private update(data: RangeViewData): void {
    this.data = data;
    this.panel.title = data.title;
    RangePanel.last = this;
    this.panel.reveal();
    if (this.ready) this.post({ type: 'show', data });
  }

  /** What the webview rendered, after setting its filter and sort and opening a listed row (tests). */
  query(ui?: Partial<RangeUiState>, open?: number): Promise<RangeRendered> {
    return this.queries.ask((id) => ({ type: 'query', id, ui, open }), this.ready);
  }

  private post(message: ToRangeView): void {
    void this.panel.webview.postMessage(message);
  }

  private receive(message: FromRangeView): void {
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.post({ type: 'show', data: this.data });
        this.queries.resend();
        return;
      case 'rendered':
        this.queries.answered(message.id, message.content);
        return;
      case 'open':
        try {
          this.open(message.row);
        } catch (error) {
          void vscode.window.showErrorMessage(`EVM Tracer: ${(error as Error).message}`);
        }
        return;
    }
  }

  /** Shows a row's entry in the tracer's result panel: its Re-run traces the transaction again on the node. */
  private open(row: Pick<RangeRow, 'hash' | 'at'>): void {
    const line = readRangeLine(this.source.folder, row);
    const { tracerUri, tracerConfig, nodeName } = this.source;
    const json = 'result' in line.outcome ? (JSON.stringify(line.outcome.result) ?? 'null') : '';
    const state: ViewState = {
      spec: { tracerUri, target: { kind: 'tx', hash: line.txHash }, tracerConfig, nodeName },
      request: {
        method: 'debug_traceBlockByHash',
        tracerName: tracerName({ tracerUri }),
        nodeName,
        maskedUrl: this.maskedUrl,
        target: `transaction ${line.txHash} (block ${line.blockNumber}, index ${line.txIndex}) of the range run in ${this.source.folder}`,
        tracerConfig,
      },
      outcome:
        'result' in line.outcome
          ? { status: 'done', json, bytes: Buffer.byteLength(json, 'utf8'), durationMs: 0 }
          : {
              status: 'failed',
              durationMs: 0,
              error: {
                kind: 'rpc',
                message: line.outcome.error,
                explanation: "The node's entry for this transaction in its block's trace.",
              },
            },
    };
    this.ctx.traces.show(state);
  }
}
