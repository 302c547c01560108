// "Trace transaction | Trace call | Debug | Flatten" above the tracer object (the first `{` after any leading
// comments), so a tracer runs with one click.
import * as vscode from 'vscode';

/** Offset of the tracer object's `{`: the first character that is not whitespace or a comment. */
function tracerObjectOffset(text: string): number | undefined {
  let index = 0;
  while (index < text.length) {
    if (/\s/.test(text[index])) index++;
    else if (text.startsWith('//', index)) index = text.includes('\n', index) ? text.indexOf('\n', index) + 1 : text.length;
    else if (text.startsWith('/*', index)) {
      const end = text.indexOf('*/', index + 2);
      if (end < 0) return undefined;
      index = end + 2;
    } else return text[index] === '{' ? index : undefined;
  }
  return undefined;
}

export class TracerCodeLens implements vscode.CodeLensProvider {
  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const offset = tracerObjectOffset(document.getText());
    if (offset === undefined) return [];
    const position = document.positionAt(offset);
    const range = new vscode.Range(position, position);
    const args = [document.uri];
    return [
      new vscode.CodeLens(range, { title: 'Trace transaction', command: 'evmTracer.traceTransaction', arguments: args }),
      new vscode.CodeLens(range, { title: 'Trace call', command: 'evmTracer.traceCall', arguments: args }),
      new vscode.CodeLens(range, {
        title: 'Debug',
        tooltip: 'Debug Trace Call: breakpoints in this file',
        command: 'evmTracer.debugTraceCall',
        arguments: args,
      }),
      new vscode.CodeLens(range, { title: 'Flatten', command: 'evmTracer.flatten', arguments: args }),
    ];
  }
}
