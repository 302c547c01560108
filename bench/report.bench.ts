// The pictures' figures in headless Chromium: first paint of a 10,000-frame call tree and of a 5,000-key
// count map, in the result panel's script (dist/webview.js) and in the standalone HTML report, and the time a
// zoom into the flame chart takes (click to the next frame painted). Then the hostile results: call inputs
// of 31 KB and 188 KB whose array offsets all point at one blob, and a call tree 10,000 frames deep.
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { nameTable } from '../core/abi/names';
import { reportAssets } from '../report/assets';
import { reportData } from '../report/data';
import { reportHtml } from '../report/html';
import { aliasedMulticall, callWithInput, deepCallTreeJson } from '../test/report/fixtures';
import { loadPanel, NEXT_FRAME, showInPanel } from '../test/report/panel-page';

const CHROMIUM = '/usr/bin/chromium';
const FRAMES = 10_000;
const KEYS = 5_000;

interface Frame {
  type: string;
  from: string;
  to: string;
  gas: string;
  gasUsed: string;
  input: string;
  calls?: Frame[];
}

/** A callTracer-shaped tree of exactly `FRAMES` frames, eight children per frame, filled breadth-first. */
function callTree(): Frame {
  const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
  const make = (n: number): Frame => ({
    type: n % 5 === 0 ? 'STATICCALL' : 'CALL',
    from: address(n),
    to: address(n + 1),
    gas: '0x0',
    gasUsed: '0x0',
    input: n % 2 ? '0xa9059cbb' + '0'.repeat(128) : '0x70a08231' + '0'.repeat(64),
  });
  const root = make(0);
  const queue = [root];
  let count = 1;
  while (count < FRAMES) {
    const parent = queue.shift() as Frame;
    parent.calls = [];
    for (let i = 0; i < 8 && count < FRAMES; i++) {
      const child = make(count++);
      parent.calls.push(child);
      queue.push(child);
    }
  }
  // Gas from the leaves up: each frame uses its children's gas plus its own 300.
  const gas = (frame: Frame): number => {
    const used = 300 + (frame.calls ?? []).reduce((sum, child) => sum + gas(child), 0);
    frame.gasUsed = `0x${used.toString(16)}`;
    frame.gas = `0x${(used * 2).toString(16)}`;
    return used;
  };
  gas(root);
  return root;
}

function countMap(): Record<string, number> {
  return Object.fromEntries(
    Array.from({ length: KEYS }, (_, i) => [`0x${(i * 7919).toString(16).padStart(8, '0')}`, ((i * 37) % 1000) + 1]),
  );
}

/** Zoom: a click on the first child of the root, until the next frame is painted. */
async function zoom(page: Page): Promise<number> {
  return (await page.evaluate(`(async () => {
    const box = document.querySelector('[data-frame="0.0"]');
    const start = performance.now();
    box.click();
    await ${NEXT_FRAME};
    if (!document.querySelector('[data-crumb="0.0"]')) throw new Error('zoom did not happen');
    return performance.now() - start;
  })()`)) as number;
}

/** Navigation start (the page's time origin) to the report drawn and painted, opened from file://. */
async function reportFirstPaint(page: Page, result: unknown): Promise<number> {
  const file = join(mkdtempSync(join(tmpdir(), 'evm-report-bench-')), 'report.html');
  writeFileSync(file, reportHtml(reportData({ title: 'bench', result }, nameTable()), reportAssets()));
  // No time limit of playwright's own: the hostile figures have theirs.
  await page.goto(pathToFileURL(file).href, { timeout: 0 });
  await page.waitForSelector('body[data-rendered="true"]', { timeout: 0 });
  return (await page.evaluate(`(async () => { await ${NEXT_FRAME}; return performance.now(); })()`)) as number;
}

/** Hostile results are cut off after this long (before the decoding budget, the 188 KB input took minutes). */
const HOSTILE_LIMIT_MS = 120_000;

/** A hostile result's figure in a page of its own, or why there is none (crashed, threw, not painted in time). */
async function hostileFigure(browser: Browser, load: (page: Page) => Promise<number>): Promise<string> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not painted after ${HOSTILE_LIMIT_MS / 1000} s`)), HOSTILE_LIMIT_MS);
  });
  try {
    return `${(await Promise.race([load(page), limit])).toFixed(0)} ms`;
  } catch (error) {
    return `failed (${(error as Error).message.split('\n')[0]})`;
  } finally {
    clearTimeout(timer);
    // A page still busy would not answer: closed without waiting.
    void page.close().catch(() => undefined);
  }
}

async function hostileFigures(browser: Browser): Promise<void> {
  // As JSON text: JSON.stringify cannot write the deep tree.
  const results: Array<[string, string]> = [
    ['31 KB input, aliased offsets', JSON.stringify(callWithInput(aliasedMulticall(31_000)))],
    ['188 KB input, aliased offsets', JSON.stringify(callWithInput(aliasedMulticall(188_000)))],
    ['call tree 10,000 frames deep', deepCallTreeJson(10_000)],
  ];
  for (const [name, text] of results) {
    const panel = await hostileFigure(browser, async (page) => {
      await loadPanel(page);
      return showInPanel(page, text, '[data-frame]');
    });
    const report = await hostileFigure(browser, (page) => reportFirstPaint(page, JSON.parse(text)));
    console.log(`hostile: ${name}: panel first paint ${panel}, HTML report navigation to first paint ${report} (target < 1 s)`);
  }
}

export default async function bench(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.log(`report pictures: skipped (${CHROMIUM} not installed)`);
    return;
  }
  const tree = callTree();
  const counts = countMap();
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    await loadPanel(page);
    const panelTree = await showInPanel(page, tree, '[data-frame]');
    const frames = await page.$$eval('[data-frame]', (nodes) => nodes.length);
    const panelZoom = await zoom(page);
    await loadPanel(page);
    const panelCounts = await showInPanel(page, counts, '[data-bar]');
    const reportTree = await reportFirstPaint(page, tree);
    const reportZoom = await zoom(page);
    const reportCounts = await reportFirstPaint(page, counts);
    console.log(
      `panel pictures, first paint: ${FRAMES.toLocaleString('en-US')}-frame call tree ${panelTree.toFixed(0)} ms (${frames} boxes), ${KEYS.toLocaleString('en-US')}-key count map ${panelCounts.toFixed(0)} ms (target < 1 s); zoom ${panelZoom.toFixed(0)} ms (target < 100 ms)`,
    );
    console.log(
      `HTML report, navigation to first paint: call tree ${reportTree.toFixed(0)} ms, count map ${reportCounts.toFixed(0)} ms (target < 1 s); zoom ${reportZoom.toFixed(0)} ms (target < 100 ms)`,
    );
    await hostileFigures(browser);
  } finally {
    await browser.close();
  }
}
