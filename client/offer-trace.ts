// After Send Transaction or Deploy Contract: the mined transaction is offered for tracing at once, with
// the tracer in the active editor, else one picked from the workspace's tracers.
import * as vscode from 'vscode';
import { LOCAL_NODE_NAME } from './nodes';

async function chooseTracer(): Promise<vscode.Uri | undefined> {
  const document = vscode.window.activeTextEditor?.document;
  if (document && (document.languageId === 'evm-tracer' || document.fileName.endsWith('.tracer.js'))) return document.uri;
  const tracers = await vscode.workspace.findFiles('**/*.tracer.js', '**/node_modules/**', 200);
  if (tracers.length <= 1) return tracers[0];
  const picked = await vscode.window.showQuickPick(
    tracers.map((uri) => ({ label: vscode.workspace.asRelativePath(uri), uri })),
    { title: 'Trace the transaction with which tracer?' },
  );
  return picked?.uri;
}

/** Tells that `hash` was mined (and how it ended) and offers to trace it; does not wait for the answer. */
export function offerTrace(hash: string, summary: string): void {
  void vscode.window.showInformationMessage(summary, 'Trace Transaction').then(async (choice) => {
    if (choice !== 'Trace Transaction') return;
    const uri = await chooseTracer();
    if (!uri) {
      void vscode.window.showWarningMessage(
        'No *.tracer.js file to trace with: create one, then run Trace Transaction and pick this transaction.',
      );
      return;
    }
    await vscode.commands.executeCommand('evmTracer.traceTransaction', { uri: uri.toString(), hash, node: LOCAL_NODE_NAME });
  });
}
