// The result panel's actions, in its title bar (editor/title, shown while a result panel is the active
// editor) and the command palette: each acts on the result panel most recently active or updated.
import * as vscode from 'vscode';
import type { WebviewAction } from '../webview/messages';
import { ResultPanel } from '../webview/panel';
import type { CommandFactory } from './command';

function currentPanel(): ResultPanel {
  const panel = ResultPanel.last;
  if (!panel || panel.isDisposed) throw new Error('No result panel is open: run a trace first.');
  return panel;
}

const onPanel =
  (action: (panel: ResultPanel) => unknown): CommandFactory =>
  () =>
  () =>
    action(currentPanel());
const inWebview = (action: WebviewAction): CommandFactory => onPanel((panel) => panel.act(action));

export const rerun = onPanel((panel) => panel.rerun());
export const cancel = onPanel((panel) => panel.cancel());
export const copyResult = onPanel((panel) => panel.copyResult());
export const saveJson = onPanel((panel) => panel.saveJson());
export const find = inWebview('find');
export const expandAll = inWebview('expandAll');
export const collapseAll = inWebview('collapseAll');
export const copyPath = inWebview('copyPath');
export const copyValue = inWebview('copyValue');

/** Programs (tests) may pass `{ target }`, a file URI to write without the save dialog; resolves to the file written. */
export const saveHtml: CommandFactory = () => (args?: { target?: string }) =>
  currentPanel()
    .saveHtml(args?.target === undefined ? undefined : vscode.Uri.parse(args.target))
    .then((uri) => uri?.toString());
