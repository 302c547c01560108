// Results laid out for reading, in real Chromium (the HTML report built by the real CLI or by reportHtml, and
// the result panel's page): unrelated numbers are figures, not shares of one total; counts read "1 frame",
// "1 difference"; the diff table breaks no path or change kind mid-word in a wide page; call boxes and the
// call list carry the seeded contracts' names; a report says which node and target its result came from; the
// panel's page keeps only the run history and the view switch, whose text keeps its colour when hovered.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { nameTable } from '../../core/abi/names';
import { functionFromSignature } from '../../core/abi/signature';
import { reportAssets } from '../../report/assets';
import { reportData } from '../../report/data';
import { reportHtml } from '../../report/html';
import { callTree, TOKEN, USER, VAULT } from './fixtures';
import { actInPanel, applyTheme, loadPanel, showInPanel } from './panel-page';
import { artifacts, buildReport, openReport, testBrowser, watchedPage } from './report-page';

const dir = mkdtempSync(join(tmpdir(), 'evm-report-readable-'));
const browser = testBrowser();

const texts = (page: Page, selector: string) => page.$$eval(selector, (nodes) => nodes.map((n) => n.textContent ?? ''));

test('numbers that measure different things are figures (no bars, no shares); counts of one kind stay bars', async () => {
  const { page, problems } = await openReport(
    browser(),
    buildReport(dir, 'figures', { summary: { gas: 98_500, steps: 1_500 }, ops: { PUSH1: 3, ADD: 1 }, calls: { call: 2, staticcall: 1 } }),
  );
  assert.deepEqual(await texts(page, '.report-heading'), [
    'Figures at $.summary: 2 values',
    'Counts at $.ops: 2 keys',
    'Counts at $.calls: 2 keys',
  ]);
  assert.deepEqual(
    await page.$$eval('[data-figure]', (rows) =>
      rows.map((row) => [(row as HTMLElement).dataset.figure, row.querySelector('.figure-value')?.textContent]),
    ),
    [
      ['gas', '98,500'],
      ['steps', '1,500'],
    ],
  );
  const figures = (await page.textContent('.figures')) ?? '';
  assert.doesNotMatch(figures, /%/);
  assert.equal(await page.$$eval('.figures .bar', (nodes) => nodes.length), 0);
  assert.deepEqual(await page.$$eval('[data-bar]', (nodes) => nodes.map((n) => (n as HTMLElement).dataset.bar)), [
    'PUSH1',
    'ADD',
    'call',
    'staticcall',
  ]);
  assert.deepEqual(await texts(page, '.counts .bar-share'), ['75.0%', '25.0%', '66.7%', '33.3%']);
  assert.deepEqual(problems, []);
  await page.close();
});

test('plural forms: "1 frame", "1 key", "1 difference", "1 byte"', async () => {
  const one = { type: 'CALL', from: VAULT, to: TOKEN, gas: '0x10', gasUsed: '0x5', input: '0x' };
  const { page, problems } = await openReport(
    browser(),
    buildReport(
      dir,
      'plural',
      { tree: one, ops: { STOP: 1 }, state: { pre: { [VAULT]: { code: '0x00' } }, post: {} } },
      { tree: { ...one, gasUsed: '0x6' }, ops: { STOP: 1 }, state: { pre: { [VAULT]: { code: '0x00' } }, post: {} } },
    ),
  );
  const headings = await texts(page, '.report-heading');
  assert.ok(headings.includes('Call tree at $.tree: 1 frame, 5 gas used'), headings.join(' | '));
  assert.ok(headings.includes('Counts at $.ops: 1 key'), headings.join(' | '));
  assert.equal(await page.textContent('.compare-summary'), '1 difference');
  assert.match((await page.textContent('tr[data-field="code"] .before')) ?? '', /^1 byte 0x00$/);
  const all = (await page.textContent('body')) ?? '';
  assert.doesNotMatch(all, /\b1 (frames|keys|differences|bytes|results)\b/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the diff table in a wide page: every path and change kind on one line, long values wrapped in their cells', async () => {
  const a = {
    steps: 12,
    removed: 'x',
    structLogs: [{ op: 'PUSH1', stack: ['0x' + 'ab'.repeat(60)] }],
    nested: { deeperAndLongerKeyName: { value: 1 } },
  };
  const b = {
    steps: 13,
    structLogs: [{ op: 'PUSH2', stack: ['0x' + 'cd'.repeat(60)] }],
    nested: { deeperAndLongerKeyName: { value: 2 } },
    added: [1, 2, 3],
  };
  const { page, problems } = await openReport(browser(), buildReport(dir, 'diff-wide', a, b));
  // In the page as text: a named function in a callback would need the bundler's helper there.
  const lines = (await page.evaluate(`[...document.querySelectorAll('.diff-table tr[data-diff]')].map((row) => {
    const linesOf = (cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    };
    return { path: row.querySelector('.diff-path').textContent, pathLines: linesOf(row.querySelector('.diff-path')), kindLines: linesOf(row.querySelector('.diff-kind')) };
  })`)) as Array<{ path: string; pathLines: number; kindLines: number }>;
  assert.deepEqual(
    lines.map((line) => line.path),
    ['$.steps', '$.removed', '$.structLogs[0].op', '$.structLogs[0].stack[0]', '$.nested.deeperAndLongerKeyName.value', '$.added'],
  );
  for (const line of lines) assert.deepEqual([line.path, line.pathLines, line.kindLines], [line.path, 1, 1]);
  // The table fits the page: nothing scrolls sideways.
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'the page scrolls sideways');
  await page.screenshot({ path: join(artifacts, 'diff-wide.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await page.close();
});

test("a report names the node (masked URL), target, method and tracer; call boxes and call lines carry the seeded contracts' names", async () => {
  const names = nameTable([functionFromSignature('deposit(uint256)')]);
  names.contracts = { [VAULT]: 'Vault', [TOKEN]: 'Router' };
  const source = {
    method: 'debug_traceTransaction',
    tracer: 'calls.tracer.js',
    node: 'provider',
    maskedUrl: 'https://rpc.example/****/v1',
    target: `tx 0x${'12'.repeat(32)}`,
  };
  const file = join(dir, 'source.html');
  writeFileSync(file, reportHtml(reportData({ title: 'calls.tracer.js', result: callTree(), source }, names), reportAssets()));
  const { page, problems } = await openReport(browser(), file);
  const shown = await page.$$eval('.report-source dt', (terms) =>
    terms.map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
  assert.deepEqual(shown, [
    ['Node', 'provider (https://rpc.example/****/v1)'],
    ['Target', source.target],
    ['Method', 'debug_traceTransaction'],
    ['Tracer', 'calls.tracer.js'],
  ]);
  const boxes = await page.$$eval('.flame [data-frame]', (nodes) => nodes.map((n) => n.textContent));
  assert.deepEqual(boxes.slice(0, 3), ['deposit Vault', 'balanceOf Router', 'transfer Router']);
  await page.hover('[data-frame="0.1"]');
  assert.match((await page.textContent('.report-tooltip')) ?? '', new RegExp(`to ${TOKEN} \\(Router\\)`));
  // The call list names the same contracts beside their addresses; an unknown address (USER) stays bare.
  assert.deepEqual(await texts(page, '.call-list .call-line'), [
    `[100,000] CALL ${VAULT} (Vault)::deposit(1000)`,
    `[20,000] STATICCALL ${TOKEN} (Router)::balanceOf(${USER})`,
    `[30,000] CALL ${TOKEN} (Router)::transfer(${VAULT}, 1000)`,
    `[10,000] DELEGATECALL ${USER}::0x12345678 ✗ execution reverted: paused`,
    `[15,000] CALL ${USER}::fallback() ✗ execution reverted: Insufficient balance`,
  ]);
  // User info, a query and a fragment are left out of the URL: a token the masker cannot tell may sit there.
  const leaky = { ...source, maskedUrl: 'https://alice:pw@rpc.example/v1?session=abc#frag' };
  assert.equal(reportData({ title: '', result: null, source: leaky }, names).main.source?.maskedUrl, 'https://****@rpc.example/v1?****');
  assert.equal(
    reportData({ title: '', result: null, source: { ...leaky, maskedUrl: 'https://rpc.example/v1#frag' } }, names).main.source?.maskedUrl,
    'https://rpc.example/v1',
  );
  // Only the names the result mentions are embedded.
  assert.deepEqual(reportData({ title: '', result: { type: 'CALL', to: VAULT, gasUsed: 1, input: '0x' } }, names).names.contracts, {
    [VAULT]: 'Vault',
  });
  await page.screenshot({ path: join(artifacts, 'source-and-names.png') });
  assert.deepEqual(problems, []);
  await page.close();
});

test('panel: in the page only the run history and the view switch; the pressed view keeps its text colour when hovered', async () => {
  const { page, problems } = await watchedPage(browser());
  await loadPanel(page);
  await applyTheme(page, 'Light Modern');
  await showInPanel(page, callTree(), '[data-frame]');
  assert.deepEqual(await texts(page, '#toolbar button'), ['Pictures', 'Tree', 'Raw JSON']);
  const pressed = () => page.$$eval('.view-option[aria-pressed="true"]', (nodes) => nodes.map((n) => n.textContent));
  assert.deepEqual(await pressed(), ['Pictures']);
  const look = () => page.$eval('.view-option[aria-pressed="true"]', (n) => [getComputedStyle(n).color, getComputedStyle(n).fontWeight]);
  const before = await look();
  await page.hover('.view-option[aria-pressed="true"]');
  assert.deepEqual(await look(), before);
  await page.click('.view-option[data-view="tree"]');
  assert.deepEqual(await pressed(), ['Tree']);
  // The title bar's Expand All reaches the tree.
  const rows = await page.$$eval('.tree .row', (nodes) => nodes.length);
  await actInPanel(page, 'expandAll');
  assert.ok((await page.$$eval('.tree .row', (nodes) => nodes.length)) > rows);
  await actInPanel(page, 'find');
  assert.equal(await page.evaluate(() => document.getElementById('find')?.hidden), false);
  assert.deepEqual(problems, []);
  await page.close();
});
