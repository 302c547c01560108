// *Compare With Previous Result*: the last two finished results side by side in the latest result panel.
import * as vscode from 'vscode';
import { ResultPanel } from '../webview/panel';
import { lastTwoResults } from '../webview/result-history';
import type { CommandFactory } from './command';

export const compareWithPrevious: CommandFactory = () => (): boolean => {
  const pair = lastTwoResults();
  const panel = ResultPanel.last;
  if (!pair || !panel || panel.isDisposed) {
    void vscode.window.showInformationMessage('EVM Tracer: Compare needs two finished results. Run a trace twice (for example your tracer and the built-in callTracer), then compare.');
    return false;
  }
  panel.compare(...pair);
  return true;
};
