// The webview's handle on VS Code, typed by what a page posts and what it keeps with setState.
interface VsCodeApi<Message, State> {
  postMessage(message: Message): void;
  setState(state: State): void;
  getState(): State | undefined;
}

declare function acquireVsCodeApi(): unknown;

/** VS Code's API object (it may be acquired once per page). */
export const vsCodeApi = <Message, State>() => acquireVsCodeApi() as VsCodeApi<Message, State>;
