// The pictures' figures in headless Chromium: first paint of a 10,000-frame call tree and of a 5,000-key
// count map, in the result panel's script (dist/webview.js) and in the standalone HTML report, and the time a
// zoom into the flame chart takes (click to the next frame painted).
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { nameTable } from '../core/abi/names';
import { reportAssets } from '../report/assets';
import { reportData } from '../report/data';
import { reportHtml } from '../report/html';

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
  const make = (n: number): Frame => ({ type: n % 5 === 0 ? 'STATICCALL' : 'CALL', from: address(n), to: address(n + 1), gas: '0x0', gasUsed: '0x0', input: n % 2 ? '0xa9059cbb' + '0'.repeat(128) : '0x70a08231' + '0'.repeat(64) });
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
  return Object.fromEntries(Array.from({ length: KEYS }, (_, i) => [`0x${(i * 7919).toString(16).padStart(8, '0')}`, (i * 37) % 1000 + 1]));
}

const FRAME = 'new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))';

/** Zoom: a click on the first child of the root, until the next frame is painted. */
async function zoom(page: Page): Promise<number> {
  return (await page.evaluate(`(async () => {
    const box = document.querySelector('[data-frame="0.0"]');
    const start = performance.now();
    box.click();
    await ${FRAME};
    if (!document.querySelector('[data-crumb="0.0"]')) throw new Error('zoom did not happen');
    return performance.now() - start;
  })()`)) as number;
}

async function panelFirstPaint(page: Page, result: unknown, ready: string): Promise<number> {
  const css = readFileSync('media/result.css', 'utf8') + readFileSync('dist/report.css', 'utf8');
  await page.setContent(`<!DOCTYPE html><html><head><style>${css}</style></head><body><header id="header"></header><nav id="toolbar"></nav><div id="find" hidden></div><section id="error" hidden></section><main id="content"></main></body></html>`);
  await page.evaluate(`window.acquireVsCodeApi = () => ({ postMessage() {}, setState() {}, getState() { return undefined; } })`);
  await page.addScriptTag({ path: 'dist/webview.js' });
  await page.evaluate(`window.benchResult = ${JSON.stringify(result)}`);
  return (await page.evaluate(`(async () => {
    const text = JSON.stringify(window.benchResult);
    const state = {
      spec: { tracerUri: 'file:///bench.tracer.js', nodeName: 'bench', target: { kind: 'tx', hash: '0x${'1'.repeat(64)}' } },
      request: { method: 'debug_traceTransaction', tracerName: 'bench.tracer.js', nodeName: 'bench', maskedUrl: 'http://127.0.0.1/', target: 'bench' },
      outcome: { status: 'done', json: text, durationMs: 1, bytes: text.length },
    };
    const start = performance.now();
    window.postMessage({ type: 'show', panel: { runs: [state], shown: 0 } }, '*');
    while (!document.querySelector(${JSON.stringify(ready)})) await new Promise((resolve) => setTimeout(resolve, 1));
    await ${FRAME};
    return performance.now() - start;
  })()`)) as number;
}

/** Navigation start (the page's time origin) to the report drawn and painted, opened from file://. */
async function reportFirstPaint(page: Page, result: unknown): Promise<number> {
  const file = join(mkdtempSync(join(tmpdir(), 'evm-report-bench-')), 'report.html');
  writeFileSync(file, reportHtml(reportData({ title: 'bench', result }, nameTable()), reportAssets()));
  await page.goto(pathToFileURL(file).href);
  await page.waitForSelector('body[data-rendered="true"]');
  return (await page.evaluate(`(async () => { await ${FRAME}; return performance.now(); })()`)) as number;
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
    const panelTree = await panelFirstPaint(page, tree, '[data-frame]');
    const frames = await page.$$eval('[data-frame]', (nodes) => nodes.length);
    const panelZoom = await zoom(page);
    const panelCounts = await panelFirstPaint(page, counts, '[data-bar]');
    const reportTree = await reportFirstPaint(page, tree);
    const reportZoom = await zoom(page);
    const reportCounts = await reportFirstPaint(page, counts);
    console.log(`panel pictures, first paint: ${FRAMES.toLocaleString('en-US')}-frame call tree ${panelTree.toFixed(0)} ms (${frames} boxes), ${KEYS.toLocaleString('en-US')}-key count map ${panelCounts.toFixed(0)} ms (target < 1 s); zoom ${panelZoom.toFixed(0)} ms (target < 100 ms)`);
    console.log(`HTML report, navigation to first paint: call tree ${reportTree.toFixed(0)} ms, count map ${reportCounts.toFixed(0)} ms (target < 1 s); zoom ${reportZoom.toFixed(0)} ms (target < 100 ms)`);
  } finally {
    await browser.close();
  }
}
