// Debug Trace Call/Transaction/Block: the trace runs on the local node as a debug run (the tracer file
// itself, compiled there under its path) and VS Code's JavaScript debugger attaches to the trace worker's
// inspector (a `node` attach configuration), so breakpoints, logpoints, stepping, hover and watches work in
// the .tracer.js editor. The debug session ends with the trace, whose result panel opens as for any trace.
// A remote node's trace is replayed on a local fork of that node (fork mode reads the remote state at the
// block's parent), since only a local node's worker can open the inspector.
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import * as vscode from 'vscode';
import type { RpcClient } from '../../core/rpc/client';
import { apiSkipFiles } from '../../runtime/tracer/script-names';
import { maxTraceTimeoutSeconds } from '../config';
import type { Ctx } from '../ctx';
import { LOCAL_NODE_NAME } from '../nodes';
import type { ViewState } from '../webview/messages';
import type { TraceSender } from './run';
import { freePort, inspectorHost, inspectorOpened } from './inspector-port';
import { runKey, watchRunSession } from './run-session';
import { tracerName, type TraceSpec } from './spec';

/** How long the local node may take to start the worker and open its inspector, and js-debug to attach. */
const attachTimeoutMs = 30_000;

let runs = 0;

/** The js-debug attach configuration for a debug run's worker. */
function attachConfiguration(spec: TraceSpec, address: string, run: string): vscode.DebugConfiguration {
  return {
    type: 'node',
    request: 'attach',
    name: `Debug ${tracerName(spec)}`,
    // The worker's own address (its target id included), checked before: js-debug looks for nothing else.
    websocketAddress: address,
    timeout: attachTimeoutMs,
    // The worker waits in inspector.waitForDebugger(): js-debug lets it run once breakpoints are set.
    continueOnAttach: true,
    // The tracer file is the source itself; the worker's own bundle and the tracer API's scripts are code
    // nobody steps into: their frames are folded away in the call stack.
    sourceMaps: false,
    skipFiles: ['<node_internals>/**', '**/dist/trace-worker.js', ...apiSkipFiles],
    // A tracer's hooks run synchronously: the async frames under them are the worker's own (awaits in
    // processTicksAndRejections), nothing of the tracer.
    showAsyncStacks: false,
    [runKey]: run,
  };
}

/** A local fork of the remote node `nodeName`, started for one debug run, a client for it and its debug secret;
 * what it fetches from the remote node goes to `report`, and into the extension's fork cache. */
async function localFork(
  ctx: Ctx,
  nodeName: string,
  report: (message: string) => void,
): Promise<{ client: RpcClient; debugSecret: string; stop(): Promise<void> }> {
  const node = ctx.nodes.find(nodeName);
  if (!node) throw new Error(`No node named "${nodeName}".`);
  const endpoint = await ctx.nodes.endpoint(node);
  const [
    { launchLocalNode, forkProgressPrefix, forkProgressVariable, forkUrlVariable },
    { createRpcClient },
    { credentialedUrl, maskSecrets, postUrl },
    { forkCacheFolder },
  ] = await Promise.all([
    import('../../core/local-node-launcher'),
    import('../../core/rpc/client'),
    import('../../core/rpc/endpoint'),
    import('../commands/fork-cache'),
  ]);
  const fork = await launchLocalNode({
    cliPath: ctx.extension.asAbsolutePath('dist/cli.js'),
    // The URL carries the node's key or password: the environment keeps it out of the process list.
    args: ['--fork-url-env', forkUrlVariable, '--max-trace-timeout', `${maxTraceTimeoutSeconds}s`, '--cache-dir', forkCacheFolder(ctx)],
    debugTraces: true,
    // Fork mode POSTs: a WebSocket node is read over its HTTP(S) side.
    env: { [forkUrlVariable]: credentialedUrl(postUrl(endpoint.url), endpoint.auth), [forkProgressVariable]: 'lines' },
    // Counts only ("fork: fetched 41 accounts, 320 slots in 3 round trips"): nothing of the URL.
    onStderr: (text) => {
      const line = text
        .split('\n')
        .slice(0, -1)
        .findLast((l) => l.startsWith(forkProgressPrefix));
      if (line) report(`${nodeName}: ${line.slice('fork: '.length)}`);
    },
  }).catch((error: unknown) => {
    // Its output may name the URL it dialled, credentials included.
    throw new Error(maskSecrets(error instanceof Error ? error.message : String(error), endpoint));
  });
  const client = createRpcClient({ name: `local fork of ${nodeName}`, url: fork.url, auth: { kind: 'none' } });
  ctx.log.info(`debug run: ${nodeName}'s trace replays on a local fork (${fork.url}); the trace runs locally`);
  return { client, debugSecret: fork.debugSecret!, stop: async () => (await client.close(), await fork.stop()) };
}

/** Runs `spec` as a debug run on the local node with VS Code's debugger attached; resolves with the panel's state. */
export async function debugTrace(ctx: Ctx, spec: TraceSpec): Promise<ViewState> {
  // A file (the Debug Trace commands check it before asking for a target).
  const uri = vscode.Uri.parse(spec.tracerUri);
  const document = await vscode.workspace.openTextDocument(uri);
  // What runs is what the debugger shows: the file on disk.
  if (document.isDirty) await document.save();
  const run = `${process.pid}-${++runs}`;
  const node = ctx.nodes.find(spec.nodeName);
  const remote = node !== undefined && !ctx.nodes.isLocal(node);
  const send: TraceSender = async (selected, sent, options) => {
    const fork = remote ? await localFork(ctx, sent.nodeName, options.report) : undefined;
    const client = fork?.client ?? selected;
    const [core, port] = await Promise.all([import('../../core/trace/requests'), freePort()]);
    const controller = new AbortController();
    const abort = () => controller.abort();
    options.signal.addEventListener('abort', abort, { once: true });
    const session = watchRunSession(run);
    const secret = fork?.debugSecret ?? (await ctx.localNode.ensure()).debugSecret!;
    const debugging = { file: uri.fsPath, host: inspectorHost, port, secret };
    // The local node and a fork are the extension's own CLI: their workers run its trace-worker.js (Node
    // names a main script by its real path).
    const workerUrl = pathToFileURL(realpathSync(ctx.extension.asAbsolutePath('dist/trace-worker.js'))).href;
    const result = core.sendDebugTrace(client, sent.target, document.getText(), debugging, { ...options, signal: controller.signal });
    /** Ends a trace nobody will attach to (its worker would wait for ever) and fails with `reason`. */
    const giveUp = async (reason: unknown): Promise<never> => {
      controller.abort();
      await result.catch(() => undefined);
      throw reason;
    };
    try {
      // An Error here: something else holds the port, so this run's worker could not listen there.
      const opened = await inspectorOpened(port, workerUrl, result, attachTimeoutMs).catch(giveUp);
      // The trace failed before its worker listened: its own error says why.
      if (opened.kind === 'ended') return await result;
      if (opened.kind === 'timeout')
        return await giveUp(
          new Error(`The trace worker did not open its inspector on ${inspectorHost}:${port} within ${attachTimeoutMs / 1000} s.`),
        );
      const folder = vscode.workspace.getWorkspaceFolder(uri);
      const attached = await vscode.debug.startDebugging(folder, attachConfiguration(sent, opened.address, run), {
        suppressDebugView: false,
      });
      if (!attached) await giveUp(new Error("VS Code's JavaScript debugger did not start (is the built-in js-debug extension enabled?)"));
      return await result;
    } finally {
      options.signal.removeEventListener('abort', abort);
      // The trace is over: its worker is gone, and so is what the session debugged.
      await session.end();
      await fork?.stop();
    }
  };
  if (remote)
    void vscode.window.showInformationMessage(
      `EVM Tracer: debugging on a local fork of ${spec.nodeName}: the trace runs locally, on ${spec.nodeName}'s state.`,
    );
  const ranOn = remote ? `a local fork of ${spec.nodeName}: the trace ran locally, on its state` : undefined;
  return ctx.traces.run(remote ? spec : { ...spec, nodeName: LOCAL_NODE_NAME }, undefined, send, ranOn);
}
