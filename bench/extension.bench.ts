// The extension's figures: the result webview's first paint of a 10 MB result in headless Chromium, then
// from a production build: activation time of dist/extension.js (loaded in a fresh Node process against a
// do-nothing `vscode` stand-in, so only our module and activate() are timed) and the .vsix size.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const RUNS = 5;
const CHROMIUM = '/usr/bin/chromium';

/** Runs in a child: times require('dist/extension.js') and activate() with a stub `vscode` module. */
const activationProbe = `
const Module = require('module');
const path = require('path');
function stub() {
  return new Proxy(function () {}, {
    get(_target, prop) {
      if (prop === 'then') return undefined;
      if (prop === Symbol.toPrimitive) return () => '';
      if (prop === Symbol.iterator) return function* () {};
      return stub();
    },
    apply: () => stub(),
    construct: () => stub(),
  });
}
// The module object needs every real key (bundles copy them into namespace objects): the names that
// @types/vscode exports.
const declarations = require('fs').readFileSync(path.join(process.argv[1], 'node_modules/@types/vscode/index.d.ts'), 'utf8');
const names = [...new Set([...declarations.matchAll(/^\\s*export (?:class|enum|namespace|const|function|let) (\\w+)/gm)].map((m) => m[1]))];
const vscode = Object.fromEntries(names.map((name) => [name, stub()]));
const load = Module._load;
Module._load = function (request, ...rest) { return request === 'vscode' ? vscode : load.call(this, request, ...rest); };
const root = process.argv[1];
const context = { subscriptions: [], asAbsolutePath: (p) => path.join(root, p), extensionUri: stub(), logUri: stub(), secrets: stub(), workspaceState: stub(), globalState: stub() };
const t0 = performance.now();
const extension = require(path.join(root, 'dist/extension.js'));
const t1 = performance.now();
extension.activate(context);
const t2 = performance.now();
// Loaded by the extension right after activate() returns: timed apart, as it is off the activation path.
require(path.join(root, 'dist/language-client.js'));
const t3 = performance.now();
process.stdout.write(JSON.stringify({ load: t1 - t0, activate: t2 - t1, languageClient: t3 - t2 }));
process.exit(0);
`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function activation(root: string): void {
  const runs: Array<{ load: number; activate: number; languageClient: number }> = [];
  for (let run = 0; run < RUNS; run++) {
    const child = spawnSync(process.execPath, ['-e', activationProbe, root], { encoding: 'utf8', timeout: 60_000 });
    if (child.status !== 0) throw new Error(`activation probe failed: ${child.stderr}`);
    runs.push(JSON.parse(child.stdout) as { load: number; activate: number; languageClient: number });
  }
  const load = median(runs.map((run) => run.load));
  const activate = median(runs.map((run) => run.activate));
  const languageClient = median(runs.map((run) => run.languageClient));
  const size = statSync(join(root, 'dist/extension.js')).size;
  console.log(
    `extension activation, production build (median of ${RUNS}): ${(load + activate).toFixed(1)} ms = load ${load.toFixed(1)} ms + activate() ${activate.toFixed(1)} ms (target < 50 ms); dist/extension.js ${(size / 1024).toFixed(0)} KB; then, after activation, the language client bundle loads in ${languageClient.toFixed(1)} ms (activation = ${((load + activate) / languageClient).toFixed(2)}× that, same run)`,
  );
}

/** A private copy of the sources (node_modules linked), so building and packaging leave dist/ alone. */
function privateCopy(): string {
  const copy = mkdtempSync(join(tmpdir(), 'evm-tracer-package-'));
  for (const entry of [
    'package.json',
    'esbuild.mjs',
    'README.md',
    'LICENSE',
    '.vscodeignore',
    'docs',
    'build',
    'client',
    'core',
    'report',
    'server',
    'cli',
    'runtime',
    'language',
    'snippets',
    'media',
  ]) {
    if (existsSync(entry)) cpSync(entry, join(copy, entry), { recursive: true });
  }
  symlinkSync(resolve('node_modules'), join(copy, 'node_modules'));
  return copy;
}

/** The production build (what the .vsix holds): activation time and the .vsix size. */
function productionBuild(): void {
  const copy = privateCopy();
  try {
    const build = spawnSync(process.execPath, ['esbuild.mjs', '--production'], { cwd: copy, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`production build failed: ${build.stderr}`);
    activation(copy);
    const vsix = join(copy, 'evm-tracer-studio.vsix');
    const pack = spawnSync(
      resolve('node_modules/.bin/vsce'),
      ['package', '--no-dependencies', '--no-rewrite-relative-links', '--out', vsix],
      { cwd: copy, encoding: 'utf8', timeout: 300_000 },
    );
    if (pack.status !== 0 || !existsSync(vsix)) throw new Error(`vsce package failed: ${pack.stdout}${pack.stderr}`);
    console.log(`.vsix size: ${(statSync(vsix).size / 1024 / 1024).toFixed(2)} MB (target < 2 MB)`);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** A debug_traceTransaction-like result of about 10 MB: 100,000 steps. */
function bigResult(): string {
  const steps = Array.from({ length: 100_000 }, (_, index) => ({
    pc: index,
    op: index % 3 === 0 ? 'PUSH1' : index % 3 === 1 ? 'SLOAD' : 'CALL',
    gas: 1_000_000 - index,
    depth: 1 + (index % 4),
    stack: [`0x${index.toString(16).padStart(64, '0')}`],
  }));
  return JSON.stringify(steps);
}

async function webviewFirstPaint(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.log(`webview first paint: skipped (${CHROMIUM} not installed)`);
    return;
  }
  const json = bigResult();
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    const css = readFileSync('media/result.css', 'utf8');
    await page.setContent(
      `<!DOCTYPE html><html><head><style>${css}</style></head><body><header id="header"></header><nav id="toolbar"></nav><div id="find" hidden></div><section id="error" hidden></section><main id="content"></main></body></html>`,
    );
    // What VS Code's webview host provides to the script. In-page code is plain text: tsx would inject
    // helpers into a compiled function that the page does not have.
    await page.evaluate(`window.acquireVsCodeApi = () => ({ postMessage() {}, setState() {}, getState() { return undefined; } })`);
    await page.addScriptTag({ path: 'dist/webview.js' });
    await page.evaluate(`window.benchResult = ${json}`);
    const paint = (await page.evaluate(`(async () => {
      const text = JSON.stringify(window.benchResult);
      const state = {
        spec: { tracerUri: 'file:///bench.tracer.js', nodeName: 'bench', target: { kind: 'tx', hash: '0x${'1'.repeat(64)}' } },
        request: { method: 'debug_traceTransaction', tracerName: 'bench.tracer.js', nodeName: 'bench', maskedUrl: 'http://127.0.0.1/', target: 'bench' },
        outcome: { status: 'done', json: text, durationMs: 1, bytes: text.length },
      };
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      const start = performance.now();
      window.postMessage({ type: 'show', panel: { runs: [state], shown: 0 } }, '*');
      while (document.querySelectorAll('.row').length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
      await frame();
      const firstPaint = performance.now() - start;
      const content = document.getElementById('content');
      const scrollStart = performance.now();
      content.scrollTop = content.scrollHeight / 2;
      await frame();
      await frame();
      const scroll = performance.now() - scrollStart;
      // Find over the data in slices: the time to the full count, and the longest the page went without a frame.
      let longestGap = 0;
      let searching = true;
      const watch = async () => {
        for (let last = performance.now(); searching; ) {
          await frame();
          longestGap = Math.max(longestGap, performance.now() - last);
          last = performance.now();
        }
      };
      const findStart = performance.now();
      void watch();
      document.querySelector('[role="tree"]').dispatchEvent(new KeyboardEvent('keydown', { key: 'f', ctrlKey: true, bubbles: true }));
      const input = document.querySelector('.find-input');
      input.value = '0x000000000000000000000000000000000000000000000000000000000001869f';
      input.dispatchEvent(new Event('input'));
      while (!/of \\d+$|No results/.test(document.querySelector('.find-count').textContent) && performance.now() - findStart < 60_000) await new Promise((resolve) => setTimeout(resolve, 1));
      searching = false;
      return { firstPaint, scroll, rowsInDom: document.querySelectorAll('.row').length, find: performance.now() - findStart, longestGap, findCount: document.querySelector('.find-count').textContent };
    })()`)) as { firstPaint: number; scroll: number; rowsInDom: number; find: number; longestGap: number; findCount: string };
    console.log(
      `webview first paint of a ${(json.length / 1024 / 1024).toFixed(1)} MB result (100,000 rows): ${paint.firstPaint.toFixed(0)} ms (target < 1 s); ` +
        `scroll to the middle: ${paint.scroll.toFixed(0)} ms; rows in the DOM: ${paint.rowsInDom}`,
    );
    console.log(
      `webview find over the whole result (${paint.findCount}): ${paint.find.toFixed(0)} ms, longest time without a frame meanwhile: ${paint.longestGap.toFixed(0)} ms`,
    );
  } finally {
    await browser.close();
  }
}

export default async function bench(): Promise<void> {
  await webviewFirstPaint();
  productionBuild();
}
