// Hostile results in real Chromium, in the HTML report (built by the real CLI) and in the result panel's
// page (dist/webview.js): call inputs whose array offsets all point at one blob (before the decoding
// budget, 188 KB of them crashed the page and 31 KB took seconds) and a call tree 10,000 frames deep (before,
// `evm-tracer report` ended with "Maximum call stack size exceeded"), and a contract name that is markup (names
// come from a node's seed). Each page must draw, show what it could not decode as such, keep every string as
// text, and record no problem.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { emptyNames } from '../../core/abi/names';
import { reportAssets } from '../../report/assets';
import { reportData } from '../../report/data';
import { MAX_DIFF_DEPTH } from '../../report/diff';
import { reportHtml } from '../../report/html';
import { aliasedMulticall, callWithInput, deepCallTreeJson, flatCalls, HOSTILE, TOKEN, VAULT } from './fixtures';
import { actInPanel, loadPanel, showInPanel } from './panel-page';
import { buildReport, openReport, watchedPage } from './report-page';

const dir = mkdtempSync(join(tmpdir(), 'evm-report-hostile-'));
const DEPTH = 10_000;
/** Levels the flame chart draws below its top frame (report/browser/flame.ts). */
const LEVELS = 1025;
let browser: Browser;

before(async () => {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true });
});
after(async () => {
  await browser?.close();
});

/** The same chain, its deepest frame using other gas. */
function deeperVariant(): string {
  const text = deepCallTreeJson(DEPTH);
  const last = text.lastIndexOf('"gasUsed":"0x2710"');
  return `${text.slice(0, last)}"gasUsed":"0x1"${text.slice(last + '"gasUsed":"0x2710"'.length)}`;
}

const frameBoxes = (page: Page, scope = '') => page.$$eval(`${scope} .flame [data-frame]`, (nodes) => nodes.length);
const callLines = (page: Page) => page.$$eval('.call-list .call-line', (nodes) => nodes.map((n) => n.textContent ?? ''));

for (const size of [31_000, 188_000]) {
  test(`report: a ${size / 1000} KB input with all offsets at one blob reads "not decoded: too large", the raw input kept`, async () => {
    const input = aliasedMulticall(size);
    const { page, problems } = await openReport(browser, buildReport(dir, `aliased-${size}`, callWithInput(input)));
    const [line] = await callLines(page);
    assert.match(line, /::multicall\(not decoded: too large\) input 0xac9650d8/);
    await page.hover('[data-frame="0"]');
    const tip = (await page.textContent('.report-tooltip')) ?? '';
    assert.match(tip, /call multicall\(not decoded: too large\)/);
    assert.match(tip, new RegExp(`input ${size.toLocaleString('en-US')} bytes 0xac9650d8`));
    assert.ok(((await page.textContent('.json-text')) ?? '').includes(input), 'the whole input is in the JSON');
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test(`report: a call tree ${DEPTH.toLocaleString('en-US')} frames deep, compared with a variant, draws ${LEVELS} levels at a time`, async () => {
  const { page, problems } = await openReport(browser, buildReport(dir, 'deep', deepCallTreeJson(DEPTH), deeperVariant()));
  assert.match((await page.textContent('.calls .report-heading')) ?? '', /Call tree: 10,000 frames/);
  const main = '.calls';
  assert.equal(await frameBoxes(page, main), LEVELS);
  assert.equal(
    await page.textContent(`${main} .flame-note`),
    `${(DEPTH - LEVELS).toLocaleString('en-US')} frames more than 1,025 levels below the top frame: click a frame to zoom in.`,
  );
  // Zoomed into the deepest frame drawn: the next window of levels, the breadcrumbs shortened.
  const deepest = `0${'.0'.repeat(LEVELS - 1)}`;
  await page.click(`${main} [data-frame="${deepest}"]`);
  assert.equal(await frameBoxes(page, main), LEVELS);
  assert.equal(await page.$$eval(`${main} .flame-crumb`, (nodes) => nodes.length), 12);
  assert.equal(await page.textContent(`${main} .flame-crumb-gap`), `… ${(LEVELS - 12).toLocaleString('en-US')} levels …`);
  await page.click(`${main} [data-crumb="0"]`);
  assert.equal(await frameBoxes(page, main), LEVELS);
  // Compare: both trees drawn, the one difference listed where the diff stops descending.
  assert.deepEqual(await page.$$eval('.compare-side .flame', (nodes) => nodes.map((n) => n.querySelectorAll('[data-frame]').length)), [
    LEVELS,
    LEVELS,
  ]);
  assert.equal(await page.textContent('.compare-summary'), '1 difference');
  assert.equal(await page.textContent('.diff-path'), `$${'.calls[0]'.repeat(MAX_DIFF_DEPTH / 2)}`);
  // The JSON text holds the whole chain.
  assert.equal(
    await page.evaluate(
      `(() => { let f = JSON.parse(document.querySelector('.json-text').textContent), n = 1; while (f.calls) { f = f.calls[0]; n++; } return n; })()`,
    ),
    DEPTH,
  );
  assert.deepEqual(problems, []);
  await page.close();
});

test('panel: the aliased input reads "not decoded: too large"; the deep tree draws, expands and prints as JSON', async () => {
  const { page, problems } = await watchedPage(browser);
  await loadPanel(page);
  await showInPanel(page, callWithInput(aliasedMulticall(188_000)), '.call-line');
  assert.match((await callLines(page))[0], /::multicall\(not decoded: too large\)/);
  await showInPanel(page, deepCallTreeJson(DEPTH), '[data-frame]');
  assert.equal(await frameBoxes(page), LEVELS);
  // The JSON tree, all expanded: the last row is the deepest frame's last field.
  await actInPanel(page, 'expandAll');
  await page.focus('.tree');
  await page.keyboard.press('End');
  const last = await page.$eval('.tree .row.focused', (row) => [row.getAttribute('aria-level'), row.textContent]);
  assert.deepEqual(last, [String(2 * DEPTH), ' input: "0x"']);
  await page.click('#toolbar button:text-is("Raw JSON")');
  assert.equal(
    await page.evaluate(
      `(() => { let f = JSON.parse(document.querySelector('pre.raw').textContent), n = 1; while (f.calls) { f = f.calls[0]; n++; } return n; })()`,
    ),
    DEPTH,
  );
  assert.deepEqual(problems, []);
  await page.close();
});

test('a contract name that is markup stays text beside its address, in the report and in the panel', async () => {
  const names = emptyNames();
  names.contracts = { [VAULT]: HOSTILE, [TOKEN]: 'Router' };
  const file = join(dir, 'hostile-name.html');
  writeFileSync(file, reportHtml(reportData({ title: 'flat calls', result: flatCalls() }, names), reportAssets()));
  const report = await openReport(browser, file);
  const panel = await watchedPage(browser);
  await loadPanel(panel.page);
  await showInPanel(panel.page, flatCalls(), '.call-line');
  // The names the extension sends once it has learnt the node's seed.
  await panel.page.evaluate(`window.postMessage(${JSON.stringify({ type: 'names', names })}, '*')`);
  await panel.page.waitForSelector('.call-contract');
  for (const { page, problems } of [report, panel]) {
    assert.deepEqual(await callLines(page), [
      `[36,864] CALL ${VAULT} (${HOSTILE})::fallback()`,
      `[12,288] STATICCALL ${TOKEN} (Router)::fallback()`,
      '[8,192] CREATE new 0xbbbbbbbb…bbbb (Router)',
    ]);
    assert.equal(await page.textContent('[data-frame="0"]'), `CALL ${HOSTILE}`);
    assert.equal(await page.$$eval('img, b', (nodes) => nodes.length), 0);
    assert.notEqual(await page.title(), 'pwned');
    assert.deepEqual(problems, []);
    await page.close();
  }
});
