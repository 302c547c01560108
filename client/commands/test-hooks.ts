// Hidden commands for the VS Code test suites: they read what the UI shows, through the same messages
// the UI uses. Compiled into test builds only (esbuild.mjs --test-hooks), never into the packaged
// extension; not in package.json, so they exist once the extension is active.
import { ResultPanel } from '../webview/panel';
import type { RenderedContent, TestKey } from '../webview/messages';
import type { RangeRendered, RangeUiState } from '../webview/range-messages';
import type { CommandFactory } from './command';

/**
 * What the most recent result panel's webview rendered (brought to the front first, as a user would look);
 * with `keys`, after pressing them in the webview.
 */
export const lastResultView: CommandFactory =
  () =>
  async (options?: { keys?: TestKey[] }): Promise<RenderedContent | undefined> => {
    ResultPanel.last?.reveal();
    return ResultPanel.last?.query(options?.keys);
  };

/** What the most recent range view's webview rendered, after setting its filter and sort and opening listed row `open`. */
export const lastRangeView: CommandFactory =
  () =>
  async (options?: { ui?: Partial<RangeUiState>; open?: number }): Promise<RangeRendered | undefined> => {
    const { RangePanel } = await import('../webview/range-panel');
    return RangePanel.last?.query(options?.ui, options?.open);
  };

/** The folder of the extension's logs (the "EVM Tracer" output channel's file is under it). */
export const logFolder: CommandFactory = (ctx) => (): string => ctx.extension.logUri.fsPath;

/** What the status bar says about a node (the selected one when no name is given). */
export const nodeStatus: CommandFactory =
  (ctx) =>
  (name?: string): string | undefined => {
    const node = name === undefined ? ctx.nodes.selected() : ctx.nodes.find(name);
    return node && ctx.nodes.describe(node);
  };
/** What the prompt on screen (a step of Trace Call, Trace Transaction, …) shows. */
export const activePrompt: CommandFactory = () => async () => (await import('../quick-input')).activePromptView();

/** Answers the prompt on screen as a user would: types and accepts, picks an item, or presses Back. */
export const answerPrompt: CommandFactory = () => async (answer: import('../quick-input').PromptAnswer) =>
  (await import('../quick-input')).answerActivePrompt(answer);
