// Reports in real Chromium for the report tests: built by the real CLI (`evm-tracer report`, dist/cli.js),
// opened from file:// in pages that record as a problem every request other than the file itself, console
// error or warning, page error and dialog.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';

const cli = resolve('dist/cli.js');
const workspace = resolve('test/fixtures/report-workspace');

/** Where the report tests' screenshots go. */
export const artifacts = resolve('test-artifacts/report');

/** Headless Debian Chromium for the calling test file: launched before its tests, closed after them. */
export function testBrowser(): () => Browser {
  let browser: Browser | undefined;
  before(async () => {
    mkdirSync(artifacts, { recursive: true });
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true });
  });
  after(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is not launched yet');
    return browser;
  };
}

/** A result as JSON text: as is when given as text (JSON.stringify cannot write a very deep result). */
const jsonOf = (result: unknown) => (typeof result === 'string' ? result : JSON.stringify(result));

/** Writes `dir/NAME.html` from results (objects or JSON text) with the fixture workspace's ABIs; returns its path. */
export function buildReport(dir: string, name: string, result: unknown, compare?: unknown): string {
  const input = join(dir, `${name}.json`);
  writeFileSync(input, jsonOf(result));
  const args = ['report', input, '--html', join(dir, `${name}.html`), '--abi-dir', workspace];
  if (compare !== undefined) {
    writeFileSync(join(dir, `${name}-b.json`), jsonOf(compare));
    args.push('--compare', join(dir, `${name}-b.json`));
  }
  const run = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  return join(dir, `${name}.html`);
}

export interface Opened {
  page: Page;
  problems: string[];
}

/** A new page whose problems are recorded; `allowed` is the one URL it may load. */
export async function watchedPage(browser: Browser, allowed?: string): Promise<Opened> {
  const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
  const problems: string[] = [];
  await page.route('**/*', (route) => {
    if (route.request().url() === allowed) return route.continue();
    problems.push(`request ${route.request().url()}`);
    return route.abort();
  });
  page.on('request', (request) => {
    if (request.url() !== allowed) problems.push(`request ${request.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('dialog', (dialog) => {
    problems.push(`dialog ${dialog.message()}`);
    void dialog.dismiss();
  });
  return { page, problems };
}

/** Opens a report file and waits until it is drawn. */
export async function openReport(browser: Browser, file: string): Promise<Opened> {
  const url = pathToFileURL(file).href;
  const opened = await watchedPage(browser, url);
  await opened.page.goto(url);
  await opened.page.waitForSelector('body[data-rendered="true"]');
  return opened;
}
