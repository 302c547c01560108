// Runs a trace through core's runTrace (flattening at the node's ECMAScript level, request, node errors mapped
// to the tracer file) with progress, Cancel and the configured time-out; logs it (masked) and shows the
// outcome in a result panel.
import * as vscode from 'vscode';
import { displayUrl, maskSecrets, type Endpoint } from '../../core/rpc/endpoint';
import { formatBytes, NodeError } from '../../core/rpc/errors';
import { config } from '../config';
import type { RpcClient } from '../../core/rpc/client';
import { describeTarget, methodOf, type RunTraceOptions } from '../../core/trace/requests';
import type { Nodes } from '../nodes';
import type { OutcomeView, RequestSummary, TraceErrorView, ViewState } from '../webview/messages';
import { ResultPanel, type PanelActions } from '../webview/panel';
import { learnSeedNames } from '../webview/seed-names';
import { tracerName, type TraceSpec } from './spec';

const LAST_TRACE_KEY = 'evmTracer.lastTrace';

/** How a run sends its trace; default: core's runTrace (flattened). A debug run sends the file as is. */
export type TraceSender = (
  client: RpcClient,
  spec: TraceSpec,
  options: RunTraceOptions & { signal: AbortSignal; report(message: string): void },
) => Promise<unknown>;

interface TraceRunnerDeps {
  extensionUri: vscode.Uri;
  nodes: Nodes;
  log: vscode.LogOutputChannel;
  state: vscode.Memento;
}

export class TraceRunner {
  private readonly running = new Set<AbortController>();

  /** What the result panels' Re-run Trace does (also for panels restored after a restart). */
  readonly panelActions: PanelActions = {
    rerun: (spec, panel) => {
      this.run(spec, panel).catch(
        (error: unknown) => void vscode.window.showErrorMessage(`EVM Tracer: ${error instanceof Error ? error.message : String(error)}`),
      );
    },
  };

  constructor(private readonly deps: TraceRunnerDeps) {}

  get lastSpec(): TraceSpec | undefined {
    return this.deps.state.get<TraceSpec>(LAST_TRACE_KEY);
  }

  /** Aborts every running trace (the Cancel buttons and the "Cancel Running Traces" command). */
  cancelAll(): number {
    const count = this.running.size;
    for (const controller of this.running) controller.abort();
    return count;
  }

  /** Runs `work` with a controller that Cancel Running Traces aborts as well (a range run's). */
  async cancellable<T>(work: (controller: AbortController) => PromiseLike<T>): Promise<T> {
    const controller = new AbortController();
    this.running.add(controller);
    try {
      return await work(controller);
    } finally {
      this.running.delete(controller);
    }
  }

  /** Shows a finished run (a transaction of a range run) in its tracer's result panel, without tracing anything. */
  show(state: ViewState): void {
    const view = ResultPanel.forTracer(state.spec.tracerUri) ?? ResultPanel.create(this.deps.extensionUri, state, this.panelActions);
    view.begin(state);
    view.reveal();
  }

  /** Runs `spec`, showing it in `panel` (re-run), else its tracer's panel or a new one; resolves with what the panel shows. */
  async run(spec: TraceSpec, panel?: ResultPanel, send?: TraceSender, ranOn?: string): Promise<ViewState> {
    const node = this.deps.nodes.find(spec.nodeName);
    if (!node) throw new Error(`No node named "${spec.nodeName}": add it with "EVM Tracer: Add Node" or select another.`);
    await this.deps.state.update(LAST_TRACE_KEY, spec);
    const method = methodOf(spec.target);
    const request: RequestSummary = {
      method,
      tracerName: tracerName(spec),
      nodeName: node.name,
      maskedUrl: node.url,
      target: describeTarget(spec.target),
      tracerConfig: spec.tracerConfig,
      ...(ranOn ? { ranOn } : {}),
    };
    const running: ViewState = { spec, request, outcome: { status: 'running', startedAt: Date.now() } };
    const view =
      (panel && !panel.isDisposed ? panel : ResultPanel.forTracer(spec.tracerUri)) ??
      ResultPanel.create(this.deps.extensionUri, running, this.panelActions);
    const show = view.begin(running);
    view.reveal();

    const controller = new AbortController();
    this.running.add(controller);
    const cancelFromPanel = view.onCancel(() => controller.abort());
    try {
      const state = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `EVM Tracer: ${method} on ${node.name}`, cancellable: true },
        (progress, token) => {
          token.onCancellationRequested(() => controller.abort());
          const connected = (endpoint: Endpoint) => show({ ...running, request: { ...request, maskedUrl: displayUrl(endpoint) } });
          return this.execute(spec, request, controller.signal, connected, send, (message) => progress.report({ message }));
        },
      );
      show(state);
      return state;
    } finally {
      cancelFromPanel.dispose();
      this.running.delete(controller);
    }
  }

  private async execute(
    spec: TraceSpec,
    request: RequestSummary,
    signal: AbortSignal,
    connected: (endpoint: Endpoint) => void,
    send?: TraceSender,
    report: (message: string) => void = () => undefined,
  ): Promise<ViewState> {
    const { nodes, log } = this.deps;
    const started = performance.now();
    let endpoint: Endpoint | undefined;
    const elapsed = (): number => performance.now() - started;
    // Loaded on the first trace, not at activation: they bring the tracer parser and the transports.
    const [{ createRpcClient }, core, { TracerNodeError }, named] = await Promise.all([
      import('../../core/rpc/client'),
      import('../../core/trace/requests'),
      import('../../core/trace/node-positions'),
      import('../../core/trace/named-tracer'),
    ]);
    /** An error as the panel shows it: NodeErrors keep their kind and explanation; any text is masked. */
    const errorView = (error: unknown): TraceErrorView => {
      const mask = (text: string): string => (endpoint ? maskSecrets(text, endpoint) : text);
      if (error instanceof NodeError) {
        const position = error instanceof TracerNodeError ? error.positions[0] : undefined;
        return { kind: error.kind, message: mask(error.message), explanation: mask(error.explanation), position };
      }
      if (error instanceof core.TracerSourceError) {
        return {
          kind: 'tracer',
          message: error.message,
          explanation: 'Fix the tracer (see the Problems panel) and run it again.',
          position: error.diagnostics[0]?.range.start,
        };
      }
      return { kind: 'error', message: mask(error instanceof Error ? error.message : String(error)) };
    };
    try {
      const node = nodes.find(spec.nodeName);
      if (!node) throw new Error(`No node named "${spec.nodeName}".`);
      endpoint = await nodes.endpoint(node);
      request = { ...request, maskedUrl: displayUrl(endpoint) };
      connected(endpoint);
      log.debug(`${methodOf(spec.target)} on ${request.nodeName} (${request.maskedUrl}): sending`);
      const builtin = named.builtinTracerOfUri(spec.tracerUri);
      const source =
        builtin === undefined ? (await vscode.workspace.openTextDocument(vscode.Uri.parse(spec.tracerUri))).getText() : undefined;
      const client = createRpcClient(endpoint, { log: (line: string) => log.trace(line) });
      let result: unknown;
      try {
        const options = {
          tracerConfig: spec.tracerConfig === undefined ? undefined : (JSON.parse(spec.tracerConfig) as unknown),
          timeout: `${config.traceTimeoutSeconds()}s`,
          signal,
        };
        const fileOptions = { ...options, fileName: request.tracerName, level: config.level(node.name) };
        result =
          source === undefined
            ? await core.sendTrace(client, spec.target, named.namedTracer(builtin!), options)
            : send
              ? await send(client, spec, { ...fileOptions, report })
              : await core.runTrace(client, spec.target, source, fileOptions);
        // The local node's seeded contracts name the result's calls in the panel's pictures.
        if (nodes.isLocal(node)) await learnSeedNames(node.name, client);
      } finally {
        await client.close();
      }
      const json = JSON.stringify(result) ?? 'null';
      const bytes = Buffer.byteLength(json, 'utf8');
      log.info(
        `${methodOf(spec.target)} on ${request.nodeName} (${request.maskedUrl}): ${Math.round(elapsed())} ms, ${formatBytes(bytes)}`,
      );
      return { spec, request, outcome: { status: 'done', json, bytes, durationMs: elapsed() } };
    } catch (error) {
      const view = errorView(error);
      log.warn(
        `${methodOf(spec.target)} on ${request.nodeName} (${request.maskedUrl}) failed after ${Math.round(elapsed())} ms: ${view.kind}: ${view.message}`,
      );
      const outcome: OutcomeView = { status: 'failed', error: view, durationMs: elapsed() };
      return { spec, request, outcome };
    }
  }
}
