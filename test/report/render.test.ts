// The HTML report in real Chromium (headless Debian Chromium through playwright-core), built by the real CLI
// (`evm-tracer report`, dist/cli.js) from results and the fixture workspace's Hardhat artifact. Checks what
// is drawn, that nothing leaves the page, that hostile strings stay text, and saves screenshots.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callTree, counts, HOSTILE, prestate, SLOT, VAULT } from './fixtures';
import { artifacts, buildReport as build, openReport, testBrowser } from './report-page';

const dir = mkdtempSync(join(tmpdir(), 'evm-report-'));
const browser = testBrowser();

const buildReport = (name: string, result: unknown, compare?: unknown) => build(dir, name, result, compare);
const open = (file: string) => openReport(browser(), file);

test('call tree: one box per frame, widths by gasUsed, reverted frames marked, names from the Hardhat artifact', async () => {
  const { page, problems } = await open(buildReport('calls', callTree()));
  const boxes = await page.$$eval('.flame [data-frame]', (nodes) =>
    nodes.map((n) => ({
      path: (n as HTMLElement).dataset.frame,
      width: n.getBoundingClientRect().width,
      reverted: (n as HTMLElement).dataset.reverted !== undefined,
      text: n.textContent,
    })),
  );
  assert.deepEqual(
    boxes.map((b) => b.path),
    ['0', '0.0', '0.1', '0.1.0', '0.2'],
  );
  const gas: Record<string, number> = { '0': 100_000, '0.0': 20_000, '0.1': 30_000, '0.1.0': 10_000, '0.2': 15_000 };
  const rootWidth = boxes[0].width;
  for (const box of boxes)
    assert.ok(Math.abs(box.width / rootWidth - gas[box.path as string] / 100_000) < 0.04, `${box.path}: ${box.width} of ${rootWidth}`);
  assert.deepEqual(
    boxes.filter((b) => b.reverted).map((b) => b.path),
    ['0.1.0', '0.2'],
  );
  // deposit comes from the workspace artifact, balanceOf and transfer from the built-in table.
  assert.match(boxes[0].text ?? '', /^deposit /);
  assert.match(boxes[1].text ?? '', /^balanceOf /);
  assert.match(boxes[2].text ?? '', /^transfer /);
  const list = await page.$$eval('.call-list .call-line', (nodes) => nodes.map((n) => n.textContent));
  assert.ok(
    list.some((line) => line?.includes(`${VAULT}::deposit(amount: 1000)`)),
    list.join('\n'),
  );
  assert.ok(
    list.some((line) => line?.includes('✗ execution reverted: Insufficient balance')),
    list.join('\n'),
  );
  assert.ok(
    list.some((line) => line?.includes('✗ execution reverted: paused')),
    list.join('\n'),
  );
  // Hover: the tooltip tells type, gasUsed and share of the root.
  await page.hover('[data-frame="0.1"]');
  const tip = await page.textContent('.report-tooltip');
  assert.match(tip ?? '', /type CALL/);
  assert.match(tip ?? '', /gasUsed 30,000/);
  assert.match(tip ?? '', /share of root 30\.0%/);
  await page.screenshot({ path: join(artifacts, 'calls.png'), fullPage: true });
  // Zoom into 0.1: it fills the width; the breadcrumb zooms back out.
  await page.click('[data-frame="0.1"]');
  const zoomed = await page.$$eval('.flame [data-frame]', (nodes) =>
    nodes.map((n) => [(n as HTMLElement).dataset.frame, n.getBoundingClientRect().width]),
  );
  assert.deepEqual(
    zoomed.map(([path]) => path),
    ['0.1', '0.1.0'],
  );
  assert.ok(Math.abs((zoomed[1][1] as number) / (zoomed[0][1] as number) - 1 / 3) < 0.04);
  await page.screenshot({ path: join(artifacts, 'calls-zoomed.png') });
  await page.click('[data-crumb="0"]');
  assert.equal(await page.$$eval('.flame [data-frame]', (nodes) => nodes.length), 5);
  assert.deepEqual(problems, []);
  await page.close();
});

test('call tree from the keyboard: one tab stop, arrows between frames, Enter zooms in, Escape zooms out', async () => {
  const { page, problems } = await open(buildReport('calls-keyboard', callTree()));
  const focused = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.frame);
  assert.deepEqual(
    await page.$$eval('.flame [data-frame]', (nodes) =>
      nodes.filter((n) => (n as HTMLElement).tabIndex === 0).map((n) => (n as HTMLElement).dataset.frame),
    ),
    ['0'],
  );
  await page.focus('[data-frame="0"]');
  // The focused frame's details show as on hover, and name it for a screen reader.
  assert.match((await page.textContent('.report-tooltip')) ?? '', /type CALL.*gasUsed 100,000/s);
  assert.match((await page.getAttribute('[data-frame="0"]', 'aria-label')) ?? '', /^deposit 0x/);
  const describedBy = await page.getAttribute('[data-frame="0"]', 'aria-describedby');
  assert.match((await page.textContent(`#${describedBy}`)) ?? '', /share of root 100\.0%/);
  for (const [key, expected] of [
    ['ArrowDown', '0.0'],
    ['ArrowRight', '0.1'],
    ['ArrowDown', '0.1.0'],
    ['ArrowDown', '0.1.0'],
    ['ArrowUp', '0.1'],
    ['ArrowRight', '0.2'],
    ['ArrowRight', '0.2'],
    ['ArrowLeft', '0.1'],
    ['ArrowUp', '0'],
    ['ArrowUp', '0'],
  ] as const) {
    await page.keyboard.press(key);
    assert.equal(await focused(), expected, `after ${key}`);
  }
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  assert.match((await page.textContent('.report-tooltip')) ?? '', /gasUsed 30,000/);
  await page.keyboard.press('Enter');
  assert.deepEqual(await page.$$eval('.flame [data-frame]', (nodes) => nodes.map((n) => (n as HTMLElement).dataset.frame)), [
    '0.1',
    '0.1.0',
  ]);
  assert.equal(await focused(), '0.1');
  // Zoomed in, the zoomed frame is the top: no way up or sideways out of it.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowRight');
  assert.equal(await focused(), '0.1');
  await page.keyboard.press('Escape');
  assert.equal(await page.$$eval('.flame [data-frame]', (nodes) => nodes.length), 5);
  assert.equal(await focused(), '0');
  await page.screenshot({ path: join(artifacts, 'calls-keyboard.png') });
  assert.deepEqual(problems, []);
  await page.close();
});

test('counts: top 50 bars sorted descending with proportional lengths, then "others"; prestate table', async () => {
  const { page, problems } = await open(buildReport('counts', { ops: counts(), state: prestate() }));
  const bars = await page.$$eval('[data-bar]', (nodes) =>
    nodes.map((n) => [(n as HTMLElement).dataset.bar, n.querySelector('.bar')?.getBoundingClientRect().width ?? -1] as const),
  );
  assert.equal(bars.length, 50);
  assert.deepEqual(
    bars.slice(0, 3).map(([key]) => key),
    ['OP_60', 'OP_59', 'OP_58'],
  );
  assert.equal(bars[49][0], 'OP_11');
  const max = bars[0][1];
  bars.forEach(([key, width]) => assert.ok(Math.abs(width / max - Number(key?.slice(3)) / 60) < 0.01, `${key}: ${width} of ${max}`));
  assert.match((await page.textContent('[data-bar-others]')) ?? '', /10 others.*55/);
  const rows = await page.$$eval(`table[data-account="${VAULT}"] tr[data-field]`, (nodes) =>
    nodes.map((n) => [
      (n as HTMLElement).dataset.field,
      n.classList.contains('changed'),
      n.querySelector('.before')?.textContent,
      n.querySelector('.after')?.textContent,
    ]),
  );
  assert.deepEqual(rows, [
    ['balance', true, '0x10', '0x20'],
    ['nonce', false, '1', '1'],
    ['code', false, '2 bytes 0x6000', '2 bytes 0x6000'],
    [`storage ${SLOT}`, true, '0x' + '7'.padStart(64, '0'), '0x' + '8'.padStart(64, '0')],
  ]);
  assert.equal(
    await page.$$eval('table[data-account] caption', (nodes) => nodes.map((n) => n.textContent).join('|')),
    `${VAULT}|0x${'bb'.repeat(20)} (removed)`,
  );
  await page.screenshot({ path: join(artifacts, 'counts-prestate.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await page.close();
});

test('compare: side-by-side flame charts and the structural diff', async () => {
  const { page, problems } = await open(buildReport('compare', callTree(100_000), callTree(90_000)));
  assert.equal(await page.$$eval('.compare-flames .flame', (nodes) => nodes.length), 2);
  assert.equal(await page.$$eval('.compare-side:nth-child(2) [data-frame]', (nodes) => nodes.length), 5);
  const diff = await page.$$eval('.diff-table tr[data-diff]', (nodes) =>
    nodes.map((n) => [(n as HTMLElement).dataset.diff, n.querySelector('.diff-path')?.textContent]),
  );
  assert.deepEqual(diff, [['changed', '$.gasUsed']]);
  await page.screenshot({ path: join(artifacts, 'compare.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await page.close();
});

test('hostile strings in a result stay text: no markup, no script, no request', async () => {
  const file = buildReport(HOSTILE.replace(/[^a-z]/g, '').slice(0, 20), {
    calls: callTree(100_000, true),
    ops: counts(true),
    [HOSTILE]: HOSTILE,
  });
  const { page, problems } = await open(file);
  assert.equal(await page.$$eval('img, b', (nodes) => nodes.length), 0);
  assert.notEqual(await page.title(), 'pwned');
  assert.ok(((await page.textContent('.call-list')) ?? '').includes(`execution reverted: ${HOSTILE}`));
  assert.equal(
    await page.$$eval('[data-bar]', (nodes, key) => nodes.filter((n) => (n as HTMLElement).dataset.bar === key).length, HOSTILE),
    1,
  );
  assert.deepEqual(problems, []);
  await page.close();
});
