// A disabled control's text must stay readable (3:1 at least; WCAG exempts disabled controls, but users still
// read them): the flame chart's breadcrumb of the zoomed frame is the one disabled control in the panel's page
// and the report. Measured in real Chromium as the UI check measures the view switch (test/e2e/lib/contrast.mjs),
// in VS Code's four default themes and in the standalone report's light and dark colour schemes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { textContrast, type TextContrast } from '../e2e/lib/contrast.mjs';
import { callTree } from './fixtures';
import { applyTheme, loadPanel, showInPanel, THEME_COLORS } from './panel-page';
import { buildReport, openReport, testBrowser, watchedPage } from './report-page';

const MIN_DISABLED = 3;
const browser = testBrowser();

/** Zooms into the second callee: the root's breadcrumb is then enabled, the zoomed frame's disabled. */
async function zoomIn(page: Page): Promise<void> {
  await page.click('[data-frame="0.1"]');
  assert.equal(await page.$$eval('.flame-crumb:disabled', (nodes) => nodes.map((n) => (n as HTMLElement).dataset.crumb).join()), '0.1');
}

/** The disabled breadcrumb's measurements, and its weight against an enabled one's (the current level is bold). */
async function disabledCrumb(page: Page): Promise<{ entries: TextContrast[]; weights: string[] }> {
  const entries = (await textContrast(page.locator('body'))).filter((entry) => entry.kind === 'button.flame-crumb:disabled');
  const weights = await page.$$eval('.flame-crumb', (nodes) => nodes.map((n) => getComputedStyle(n).fontWeight));
  return { entries, weights };
}

function assertReadable(where: string, { entries, weights }: { entries: TextContrast[]; weights: string[] }): void {
  assert.equal(entries.length, 1, `${where}: the disabled breadcrumb was not measured`);
  const [entry] = entries;
  assert.ok(entry.ratio >= MIN_DISABLED, `${where}: "${entry.text}" ${entry.color} on ${entry.background} is ${entry.ratio}:1`);
  assert.notEqual(weights[0], weights[1], `${where}: the zoomed level is not told apart from the others`);
}

test(`panel: the disabled breadcrumb reads at ${MIN_DISABLED}:1 or more in ${Object.keys(THEME_COLORS).join(', ')}`, async () => {
  const { page, problems } = await watchedPage(browser());
  await loadPanel(page);
  await showInPanel(page, callTree(), '[data-frame]');
  await zoomIn(page);
  for (const theme of Object.keys(THEME_COLORS)) {
    await applyTheme(page, theme);
    assertReadable(theme, await disabledCrumb(page));
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test(`report: the disabled breadcrumb reads at ${MIN_DISABLED}:1 or more in the light and dark colour schemes`, async () => {
  const file = buildReport(mkdtempSync(join(tmpdir(), 'evm-report-disabled-')), 'crumbs', callTree());
  const { page, problems } = await openReport(browser(), file);
  await zoomIn(page);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    assertReadable(colorScheme, await disabledCrumb(page));
  }
  assert.deepEqual(problems, []);
  await page.close();
});
