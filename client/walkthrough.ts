// The walkthrough's steps are ticked by context keys that the commands set once their action succeeded
// (package.json: completionEvents onContext), not by the command merely having run: a cancelled or failed
// Trace Transaction leaves its step open.
import * as vscode from 'vscode';

type WalkthroughStep = 'traced' | 'reran' | 'flattened' | 'nodeAdded';

export function walkthroughStepDone(step: WalkthroughStep): void {
  void vscode.commands.executeCommand('setContext', `evmTracer.walkthrough.${step}`, true);
}

/** Ticks `step` when `state` is a trace that finished with a result; returns `state`. */
export function tickWhenTraced<T extends { outcome: { status: string } } | undefined>(step: WalkthroughStep, state: T): T {
  if (state?.outcome.status === 'done') walkthroughStepDone(step);
  return state;
}
