// The `evm-tracer` debug configuration type, so that F5 debugs a tracer: a launch.json entry names the tracer
// and a call (a *.call.json file or an inline object) or a transaction or block hash, and starts the matching
// Debug Trace command. That command starts the real debug session (js-debug attached to the trace worker),
// so this type's own launch is cancelled once the command is on its way.
import * as vscode from 'vscode';

export const DEBUG_TYPE = 'evm-tracer';

interface TracerLaunch extends vscode.DebugConfiguration {
  /** The tracer file (default: the active editor's). */
  tracer?: string;
  /** A call: the path of a *.call.json file or the call object. */
  call?: string | Record<string, unknown>;
  /** Block for the call: latest (default), a number or a hash. */
  block?: string;
  /** A transaction hash (Debug Trace Transaction). */
  hash?: string;
  /** A block hash (Debug Trace Block). */
  blockHash?: string;
  /** tracerConfig: an object, or null for none. */
  tracerConfig?: unknown;
}

async function callObject(
  call: TracerLaunch['call'],
  folder: vscode.WorkspaceFolder | undefined,
): Promise<Record<string, unknown> | undefined> {
  if (call === undefined || typeof call === 'object') return call;
  const uri = folder && !call.startsWith('/') ? vscode.Uri.joinPath(folder.uri, call) : vscode.Uri.file(call);
  const text = Buffer.from(await vscode.workspace.fs.readFile(uri)).toString('utf8');
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`launch.json "call": ${call} is not valid JSON (${(error as Error).message})`);
  }
}

export class TracerDebugConfigurations implements vscode.DebugConfigurationProvider {
  async resolveDebugConfiguration(folder: vscode.WorkspaceFolder | undefined, launch: TracerLaunch): Promise<undefined> {
    try {
      const uri = launch.tracer
        ? folder && !launch.tracer.startsWith('/')
          ? vscode.Uri.joinPath(folder.uri, launch.tracer)
          : vscode.Uri.file(launch.tracer)
        : undefined;
      const tracerConfig =
        launch.tracerConfig === undefined ? undefined : launch.tracerConfig === null ? null : JSON.stringify(launch.tracerConfig);
      const args = { uri, tracerConfig };
      const [command, extra] = launch.hash
        ? ['evmTracer.debugTraceTransaction', { hash: launch.hash }]
        : launch.blockHash
          ? ['evmTracer.debugTraceBlock', { hash: launch.blockHash }]
          : [
              'evmTracer.debugTraceCall',
              { call: await callObject(launch.call, folder), block: launch.block ?? (launch.call ? 'latest' : undefined) },
            ];
      // Not awaited: the command runs the whole trace; this launch only starts it.
      void vscode.commands.executeCommand(command, { ...args, ...extra }).then(undefined, (error: unknown) => {
        void vscode.window.showErrorMessage(`EVM Tracer: ${error instanceof Error ? error.message : String(error)}`);
      });
    } catch (error) {
      void vscode.window.showErrorMessage(`EVM Tracer: ${error instanceof Error ? error.message : String(error)}`);
    }
    return undefined;
  }
}
