// The result panel's page outside VS Code, for the report tests and bench: its built script
// (dist/webview.js) and styles in a Chromium page, with a stand-in for the VS Code webview API, fed the
// `show` message the extension sends for a finished run.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/** Resolves once the page has painted the next frame. */
export const NEXT_FRAME = 'new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))';

/** Loads the panel's markup, styles and script into `page`. */
export async function loadPanel(page: Page): Promise<void> {
  const css = readFileSync('media/result.css', 'utf8') + readFileSync('dist/report.css', 'utf8');
  await page.setContent(
    `<!DOCTYPE html><html><head><style>${css}</style></head><body><header id="header"></header><nav id="toolbar"></nav><div id="find" hidden></div><section id="error" hidden></section><main id="content"></main></body></html>`,
  );
  await page.evaluate(`window.acquireVsCodeApi = () => ({ postMessage() {}, setState() {}, getState() { return undefined; } })`);
  await page.addScriptTag({ path: 'dist/webview.js' });
}

/**
 * Shows `result` as a finished run, as the extension does, and waits for an element matching `ready` and
 * the next paint; returns the milliseconds from the message to that paint (measured in the page).
 */
export async function showInPanel(page: Page, result: unknown, ready: string): Promise<number> {
  const text = typeof result === 'string' ? result : JSON.stringify(result);
  return (await page.evaluate(
    `(async ([text, ready]) => {
      const state = {
        spec: { tracerUri: 'file:///panel.tracer.js', nodeName: 'local', target: { kind: 'tx', hash: '0x${'1'.repeat(64)}' } },
        request: { method: 'debug_traceTransaction', tracerName: 'panel.tracer.js', nodeName: 'local', maskedUrl: 'http://127.0.0.1/', target: 'tx' },
        outcome: { status: 'done', json: text, durationMs: 1, bytes: text.length },
      };
      let failure;
      window.addEventListener('error', (event) => { failure = event.message; });
      const start = performance.now();
      window.postMessage({ type: 'show', panel: { runs: [state], shown: 0 } }, '*');
      while (!document.querySelector(ready)) {
        if (failure !== undefined) throw new Error('the panel failed: ' + failure);
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      await ${NEXT_FRAME};
      return performance.now() - start;
    })(${JSON.stringify([text, ready])})`,
  )) as number;
}

/** What a panel command in VS Code's title bar sends the webview (Find, Expand All, …). */
export async function actInPanel(page: Page, action: string): Promise<void> {
  await page.evaluate(`window.postMessage({ type: 'action', action: ${JSON.stringify(action)} }, '*')`);
  await page.evaluate(NEXT_FRAME);
}
