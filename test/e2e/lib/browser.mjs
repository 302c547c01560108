// Headless Debian Chromium driven by playwright-core (Playwright never downloads a browser here).
import { chromium as playwright } from 'playwright-core';
import { chromium } from './tools.mjs';

const flags = [
  '--no-sandbox', // runs as root in a container
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-sync',
  '--no-first-run',
  '--mute-audio',
];

export { chromium as chromiumPath };

/** `extraArgs`: more Chromium flags, e.g. --host-resolver-rules for a test's made-up host names. */
export function launchBrowser(extraArgs = []) {
  return playwright.launch({ executablePath: chromium, headless: true, args: [...flags, ...extraArgs] });
}

/** A page of its own context, sized like a laptop screen so screenshots show the whole workbench. */
export async function newPage(browser) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  return context.newPage();
}

/**
 * Messages every code-server page logs whatever the extension does: files code-server does not ship,
 * Chromium's warnings about VS Code's own iframes (webviews, web worker host), closing the page.
 */
const knownNoise = [
  /^Failed to load resource/,
  /^An iframe which has both allow-scripts and allow-same-origin/,
  /^The web worker extension host is started in a same-origin iframe/,
  /Long running operations during shutdown are unsupported in the web/,
];

/**
 * Prints the workbench's warnings and errors (the extension host's included: activation failures,
 * uncaught errors) without the logger's CSS arguments.
 */
export function relayWorkbenchProblems(page, prefix) {
  page.on('console', (message) => {
    if (message.type() !== 'warning' && message.type() !== 'error') return;
    const text = message.text().replace(/^%c\s*(\w+)\s+color:\s*#[0-9a-f]+\s*/i, '$1 ');
    if (!knownNoise.some((noise) => noise.test(text))) console.log(`${prefix} ${text}`);
  });
  page.on('pageerror', (error) => console.log(`${prefix} page error: ${error.message}`));
}
