// The language client, bundled on its own (dist/language-client.js): it is most of the extension's code
// and is loaded just after activation instead of during it.
import * as path from 'node:path';
import type * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';

export async function startLanguageClient(context: vscode.ExtensionContext): Promise<LanguageClient> {
  const module = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ language: 'evm-tracer' }],
    synchronize: { configurationSection: 'evmTracer' },
  };
  const client = new LanguageClient('evmTracer', 'EVM Tracer', serverOptions, clientOptions);
  await client.start();
  return client;
}
