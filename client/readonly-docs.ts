// Read-only documents for generated text (flattened tracers, request bodies, curl commands): served by a
// content provider, so the editor cannot modify them.
import * as vscode from 'vscode';

const SCHEME = 'evm-tracer-output';

export class ReadonlyDocs implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(SCHEME, this);

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }

  /** Shows `text` in a read-only editor named `name` (same name: same document, updated). */
  async show(name: string, text: string, language: string): Promise<vscode.TextEditor> {
    const uri = vscode.Uri.from({ scheme: SCHEME, path: `/${name}` });
    this.contents.set(uri.toString(), text);
    this.changed.fire(uri);
    const document = await vscode.languages.setTextDocumentLanguage(await vscode.workspace.openTextDocument(uri), language);
    return vscode.window.showTextDocument(document, { preview: true, viewColumn: vscode.ViewColumn.Beside });
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
  }
}
