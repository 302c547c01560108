// VS Code's walkthrough focuses a step 250 ms after selecting it, and its buttons select their step when
// pressed by keyboard (Enter's keyup reaches the step) or clicked right after the step's title: whatever
// the button's command showed by then (an editor, a prompt) loses the keyboard focus to the page, and the
// user types into nothing. Nothing tells an extension that the page took the focus, and a prompt cannot be
// given it back (the quick input's focus command focuses its list): what a command shows first from one of
// VS Code's pages waits until the page settled.
import * as vscode from 'vscode';

/** The walkthrough's 250 ms after a key held for a third of a second. */
const PAGE_SETTLED_MS = 600;

/** Whether the active editor is a page (the walkthrough, a result panel), not a text editor. */
export function onPage(): boolean {
  return vscode.window.tabGroups.activeTabGroup.activeTab !== undefined && vscode.window.activeTextEditor === undefined;
}

/** Whether one of VS Code's own pages (the walkthrough, Welcome, Settings: neither text nor webview) is the active editor. */
export function onWorkbenchPage(): boolean {
  const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
  return tab !== undefined && tab.input === undefined;
}

/** Resolves once a page that a command was started on settled. */
export function pageSettled(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, PAGE_SETTLED_MS));
}
