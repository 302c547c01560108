// Hidden commands for the VS Code test suites: they read what the UI shows, through the same messages
// the UI uses (hidden from the command palette in package.json).
import { ResultPanel } from '../webview/panel';
import type { RenderedContent, TestKey } from '../webview/messages';
import type { CommandFactory } from './command';

/**
 * What the most recent result panel's webview rendered (brought to the front first, as a user would look);
 * with `keys`, after pressing them in the webview.
 */
export const lastResultView: CommandFactory = () => async (options?: { keys?: TestKey[] }): Promise<RenderedContent | undefined> => {
  ResultPanel.last?.reveal();
  return ResultPanel.last?.query(options?.keys);
};

/** The folder of the extension's logs (the "EVM Tracer" output channel's file is under it). */
export const logFolder: CommandFactory = (ctx) => (): string => ctx.extension.logUri.fsPath;
