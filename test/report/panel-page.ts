// The result panel's page outside VS Code, for the report tests and bench: its built script
// (dist/webview.js) and styles in a Chromium page, with a stand-in for the VS Code webview API and the
// colours of VS Code's default themes, fed the `show` message the extension sends for a finished run.
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

/**
 * What VS Code injects into a webview (as --vscode-NAME) for the colours the panel's styles use, in the four
 * default themes: the theme's own colour, else the colour registry's default for its kind (VS Code 1.10x).
 */
export const THEME_COLORS: Record<string, Record<string, string>> = {
  'Dark Modern': {
    foreground: '#cccccc',
    'editor-background': '#1f1f1f',
    descriptionForeground: '#9d9d9d',
    'panel-border': '#2b2b2b',
    'toolbar-hoverBackground': 'rgba(90, 93, 94, 0.31)',
    focusBorder: '#0078d4',
    'panelTitle-activeBorder': '#0078d4',
  },
  'Light Modern': {
    foreground: '#3b3b3b',
    'editor-background': '#ffffff',
    descriptionForeground: '#3b3b3b',
    'panel-border': '#e5e5e5',
    'toolbar-hoverBackground': 'rgba(184, 184, 184, 0.31)',
    focusBorder: '#005fb8',
    'panelTitle-activeBorder': '#005fb8',
  },
  'Dark High Contrast': {
    foreground: '#ffffff',
    'editor-background': '#000000',
    descriptionForeground: 'rgba(255, 255, 255, 0.7)',
    'panel-border': '#6fc3df',
    contrastBorder: '#6fc3df',
    'toolbar-hoverOutline': '#f38518',
    focusBorder: '#f38518',
    'panelTitle-activeBorder': '#6fc3df',
  },
  'Light High Contrast': {
    foreground: '#292929',
    'editor-background': '#ffffff',
    descriptionForeground: 'rgba(41, 41, 41, 0.7)',
    'panel-border': '#0f4a85',
    contrastBorder: '#0f4a85',
    'toolbar-hoverOutline': '#006bbd',
    focusBorder: '#006bbd',
    'panelTitle-activeBorder': '#b5200d',
  },
};

/** Gives the loaded panel `theme`'s colours (THEME_COLORS), dropping those of a theme set before. */
export async function applyTheme(page: Page, theme: string): Promise<void> {
  const names = [...new Set(Object.values(THEME_COLORS).flatMap((colors) => Object.keys(colors)))];
  await page.evaluate(
    ([names, colors]) => {
      const style = document.documentElement.style;
      for (const name of names) {
        if (colors[name] === undefined) style.removeProperty(`--vscode-${name}`);
        else style.setProperty(`--vscode-${name}`, colors[name]);
      }
    },
    [names, THEME_COLORS[theme]] as const,
  );
}
