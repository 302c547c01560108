// A real LSP client for protocol tests: spawns dist/server.js --stdio and speaks JSON-RPC over its pipes.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  InitializeRequest,
  InitializedNotification,
  DidOpenTextDocumentNotification,
  DidChangeTextDocumentNotification,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  ExitNotification,
  type ProtocolConnection,
  type ClientCapabilities,
  type PublishDiagnosticsParams,
  type TextDocumentContentChangeEvent,
} from 'vscode-languageserver-protocol/node';

export interface TestClient {
  connection: ProtocolConnection;
  /** The server process's id (to read its memory from /proc). */
  pid: number;
  /** Opens a document (language `evm-tracer`) and returns its URI. */
  open(name: string, text: string): Promise<string>;
  change(uri: string, version: number, changes: TextDocumentContentChangeEvent[]): Promise<void>;
  /** Resolves with the next pushed diagnostics for `uri`. */
  nextDiagnostics(uri: string): Promise<PublishDiagnosticsParams>;
  /** Resolves when the server process ends (a crash, or after close). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What the server wrote to stderr so far (read continuously, so the pipe never fills). */
  stderr(): string;
  close(): Promise<void>;
  /** Ends the server process at once (one that no longer answers cannot be shut down politely). */
  kill(): void;
}

export async function startServer(capabilities: ClientCapabilities = {}, settings: Record<string, unknown> = {}): Promise<TestClient> {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ['dist/server.js', '--stdio']);
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const waiters = new Map<string, ((p: PublishDiagnosticsParams) => void)[]>();
  connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
    const queue = waiters.get(params.uri);
    queue?.shift()?.(params);
  });
  connection.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) =>
    params.items.map((item) => (item.section ? (settings[item.section] ?? null) : settings)),
  );
  connection.listen();
  await connection.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri: null,
    capabilities,
    workspaceFolders: null,
  });
  await connection.sendNotification(InitializedNotification.type, {});

  return {
    connection,
    pid: child.pid!,
    exited,
    stderr: () => stderr,
    async open(name, text) {
      const uri = `file:///tmp/${name}`;
      await connection.sendNotification(DidOpenTextDocumentNotification.type, {
        textDocument: { uri, languageId: 'evm-tracer', version: 1, text },
      });
      return uri;
    },
    async change(uri, version, contentChanges) {
      await connection.sendNotification(DidChangeTextDocumentNotification.type, {
        textDocument: { uri, version },
        contentChanges,
      });
    },
    nextDiagnostics(uri) {
      return new Promise((resolve) => {
        const queue = waiters.get(uri) ?? [];
        queue.push(resolve);
        waiters.set(uri, queue);
      });
    },
    async close() {
      await connection.sendRequest(ShutdownRequest.type);
      await connection.sendNotification(ExitNotification.type);
      connection.dispose();
      child.kill();
    },
    kill() {
      connection.dispose();
      child.kill('SIGKILL');
    },
  };
}
