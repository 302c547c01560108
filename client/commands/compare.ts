// *Compare Results…*: the user picks two finished runs from the history of any open result panel (the
// active panel's shown run first); they are shown side by side in the panel of the first.
import * as vscode from 'vscode';
import { back, pick, type Answer } from '../quick-input';
import { ResultPanel, type FinishedRun } from '../webview/panel';
import type { CommandFactory } from './command';

interface RunItem extends vscode.QuickPickItem {
  run: FinishedRun;
}

const TITLE = 'Compare Results';

function runItem(run: FinishedRun): RunItem {
  const { request, startedAt } = run.run;
  const time = startedAt === undefined ? '' : ` · ${new Date(startedAt).toLocaleTimeString()}`;
  return {
    label: `${run.shown ? '$(eye) ' : ''}${request.tracerName} · run ${run.number}`,
    description: `${request.target} · ${request.nodeName}${time}${run.shown ? ' · shown' : ''}`,
    run,
  };
}

export const compareResults: CommandFactory = () => async (): Promise<boolean> => {
  const runs = ResultPanel.finishedRuns();
  if (runs.length < 2) {
    void vscode.window.showInformationMessage(
      `EVM Tracer: Compare needs two finished results; the open result panels hold ${runs.length === 1 ? 'one' : 'none'}. Run a trace twice (for example your tracer and the built-in callTracer), then compare.`,
    );
    return false;
  }
  const items = runs.map(runItem);
  const choose = (step: number, placeholder: string, from: RunItem[]): Promise<Answer<RunItem>> =>
    pick({ position: { title: TITLE, step, totalSteps: 2 }, placeholder, items: from, canGoBack: step > 1 });
  for (;;) {
    const first = await choose(1, 'Pick the first result (from the run history of every open result panel)', items);
    if (first === undefined || first === back) return false;
    const second = await choose(
      2,
      `Compare ${first.label.replace('$(eye) ', '')} with…`,
      items.filter((item) => item !== first),
    );
    if (second === undefined) return false;
    if (second === back) continue;
    const { panel } = first.run;
    if (panel.isDisposed) throw new Error('the result panel of the first result was closed');
    panel.compare(first.run, second.run);
    return true;
  }
};
