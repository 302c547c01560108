// The walkthrough check: a newcomer's first hour in the packaged extension, in a fresh profile and an
// empty folder. The walkthrough runs from its first step to its last, each step's own button doing what
// the step says; a step is ticked only once its action succeeded (a cancelled Trace Transaction leaves it
// open). New Tracer File and Add Node are pressed and answered with the keyboard alone: the new editor
// and every prompt must have the keyboard focus, the page's own focus on its step notwithstanding. Then
// Edit Node from the palette, the walkthrough page focused, with Enter on every step keeps the node as it
// was: its settings byte for byte, and its access key (the node, which serves only under its key, still
// answers). Screenshots go to test-artifacts/screenshots/walkthrough-*.png.
// Run alone: node test/e2e/walkthrough-check.mjs (needs the tools from node test/setup.mjs and a build).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newPage } from './lib/browser.mjs';
import { workbenchUrl } from './lib/code-server.mjs';
import { runAlone, runJourney, screenshots, startPackagedServer } from './lib/journey.mjs';
import { killGroup } from './lib/process-group.mjs';
import { repoRoot } from './lib/tools.mjs';
import { expectFocus, pick, runCommand, typeAnswer, typePick } from './lib/workbench.mjs';

const FOLDER_NAME = 'first-hour';
const NODE_NAME = 'keyed node';
const STEP_IDS = ['open-tracer', 'trace-transaction', 'see-result', 'flatten', 'add-node'];

/** A walkthrough step's entry (title and, when expanded, its description and button). */
const stepEntry = (page, id) => page.locator(`.getting-started-step[data-step-id$="#${id}"]`);

/** Waits until the walkthrough shows step `id` ticked (`true`) or not. */
async function expectTicked(page, id, ticked) {
  await page.locator(`.getting-started-step[data-step-id$="#${id}"][aria-checked="${ticked}"]`).waitFor();
}

/** The walkthrough's tab: "Welcome", or "Walkthrough: EVM Tracer Studio" once the page shows it. */
const walkthroughTab = (page) => page.locator('.tabs-container .tab', { hasText: /^(Welcome|Walkthrough: )/ });

/** Brings the walkthrough to the front: its tab, and its page if the Welcome editor went back to its start page. */
async function showWalkthrough(page) {
  await walkthroughTab(page).click();
  const shown = await stepEntry(page, 'open-tracer')
    .and(page.locator(':enabled'))
    .waitFor({ timeout: 3000 })
    .then(
      () => true,
      () => false,
    );
  if (!shown) await page.locator('.getting-started-category[x-dispatch$="#gettingStarted"]:enabled').click();
}

/** Accepts the suggestion `label` for what was just typed. Quick suggestions that a slow first completion
 *  request closed are asked for again (Ctrl+Space), as a user would; a failure says what the editor holds
 *  and where the focus is. */
async function acceptSuggestion(page, label) {
  const row = page.locator('.suggest-widget .monaco-list-row', { hasText: label }).first();
  for (let attempt = 1; ; attempt++) {
    const shown = await row.waitFor({ timeout: 10_000 }).then(
      () => true,
      () => false,
    );
    if (shown) break;
    if (attempt === 5) {
      const state = await page.evaluate(() => ({
        focus: document.activeElement?.className ?? 'nothing',
        text: document.querySelector('.editor-group-container.active .view-lines')?.textContent ?? '',
      }));
      throw new Error(`no suggestion "${label}" after 50 s; the editor holds ${JSON.stringify(state.text)}, focus is on ${state.focus}`);
    }
    await page.keyboard.press('Control+Space');
  }
  await page.keyboard.press('Enter');
}

/** Brings the walkthrough to the front, opens step `id` and clicks its button labelled `button`. */
async function clickStepButton(page, id, button) {
  await showWalkthrough(page);
  await stepEntry(page, id).click();
  await stepEntry(page, id).locator('.monaco-button', { hasText: button }).click();
}

/**
 * Presses the button `button` of step `id`, the step the page has just focused, with the keyboard: Tab's
 * focus on the button, then Enter. Enter's keyup selects the step again, and the page focuses it a moment
 * later, after what the command showed took the focus or before: resolves once it did, so the focus is
 * where the command leaves it for good.
 */
async function pressStepButton(page, id, button) {
  const step = stepEntry(page, id);
  // Focused by the page once it selected the step: nothing of its own is pending.
  await step.and(page.locator(':focus')).waitFor();
  await step.evaluate((element) => element.addEventListener('focus', () => element.setAttribute('data-focused-again', ''), { once: true }));
  await step.locator('.monaco-button', { hasText: button }).focus();
  await page.keyboard.press('Enter');
  await step.and(page.locator('[data-focused-again]')).waitFor();
}

/** The tracer's own tab (not its result's, nor its flattened copy's). */
const tracerTab = (page) => page.locator('.tabs-container .tab[data-resource-name="Untitled-1"]');

/** The shown result panel's document. */
const resultView = (page) => page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');

/** The user's settings.json of the code-server (where Add and Edit Node store nodes). */
function nodeSettings(server) {
  const text = readFileSync(join(server.userDataDir, 'User/settings.json'), 'utf8');
  return { text, nodes: JSON.parse(text)['evmTracer.nodes'] };
}

/** The project's own node, serving only under /KEY (a provider whose key goes last in the URL). */
async function startKeyedNode(key) {
  const port = await new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
    probe.once('error', reject);
  });
  const child = spawn(process.execPath, [join(repoRoot, 'dist/cli.js'), 'node', '--port', String(port), '--key', key], {
    detached: true,
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = () => killGroup(child.pid, 'SIGKILL');
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answered = await fetch(`${url}/${key}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}',
    }).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return { url, stop };
    if (Date.now() > deadline) {
      stop();
      throw new Error(`the keyed node did not answer at ${url} within 60 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The journey's steps; `keyed` is the key-protected node ({url, key}). */
export function walkthroughSteps(keyed) {
  let settingsAfterAdd;
  return [
    {
      name: 'a fresh profile opens an empty folder',
      run: async ({ page }) => {
        await page.locator('.monaco-workbench').waitFor();
        await page.locator('.pane-header', { hasText: FOLDER_NAME }).first().waitFor();
        const files = await page.locator('.explorer-folders-view .monaco-list-row').count();
        if (files > 0) throw new Error(`the folder is not empty: ${files} entries`);
      },
    },
    {
      name: 'the walkthrough opens from the command palette with no step ticked',
      run: async ({ page }) => {
        await runCommand(page, 'Welcome: Open Walkthrough');
        await pick(page, 'Get Started with EVM Tracer Studio');
        for (const id of STEP_IDS) await expectTicked(page, id, false);
      },
    },
    {
      name: 'Open a tracer: New Tracer File opens an EVM Tracer document beside the walkthrough, "tracer" makes a whole tracer, the step is ticked',
      run: async ({ page }) => {
        // By keyboard: the page's own focus on the step comes after the new editor took it, or before.
        await pressStepButton(page, 'open-tracer', 'New Tracer File');
        const beside = page.locator('.editor-group-container').nth(1);
        await beside.locator('.tabs-container .tab.active', { hasText: 'Untitled-1' }).waitFor();
        await expectFocus(page, beside.locator('.monaco-editor.focused'), 'the new tracer editor');
        await page.locator('[id="status.editor.mode"]', { hasText: 'EVM Tracer' }).waitFor();
        // Whatever the new file offers, the step says: type `tracer` for a whole tracer.
        await page.keyboard.press('Control+A');
        await page.keyboard.type('tracer');
        await acceptSuggestion(page, 'tracer');
        await page.keyboard.press('Escape'); // leaves the snippet's placeholders
        await page.locator('.monaco-editor .view-lines', { hasText: 'result: function (ctx, db)' }).first().waitFor();
        await expectTicked(page, 'open-tracer', true);
      },
    },
    {
      name: 'Trace a seeded transaction: cancelled, the step stays open; a transaction picked is traced beside the tracer and the step is ticked',
      run: async ({ page }) => {
        await clickStepButton(page, 'trace-transaction', 'Trace Transaction');
        await page.locator('.quick-input-list .monaco-list-row', { hasText: 'nested CALL → DELEGATECALL → STATICCALL' }).waitFor();
        await page.keyboard.press('Escape');
        await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
        // Ticking follows the command at once: give it a moment to be wrong.
        await page.waitForTimeout(1000);
        await expectTicked(page, 'trace-transaction', false);
        await stepEntry(page, 'trace-transaction').locator('.monaco-button', { hasText: 'Trace Transaction' }).click();
        await pick(page, 'nested CALL → DELEGATECALL → STATICCALL');
        await page.locator('.tabs-container .tab', { hasText: 'Result: Untitled-1' }).waitFor();
        await resultView(page).locator('.header-line', { hasText: 'done in' }).waitFor();
        await resultView(page).locator('.row', { hasText: '0: "PUSH1"' }).first().waitFor();
        // The tracer stays on screen beside the result.
        await tracerTab(page).and(page.locator('.tab.active')).waitFor();
        await showWalkthrough(page);
        await expectTicked(page, 'trace-transaction', true);
      },
    },
    {
      name: 'See the result: Run Last Trace Again runs it again and the step is ticked',
      run: async ({ page }) => {
        await clickStepButton(page, 'see-result', 'Run Last Trace Again');
        await page.locator('.tabs-container .tab.active', { hasText: 'Result: Untitled-1' }).waitFor();
        await resultView(page).locator('.header-line', { hasText: 'done in' }).waitFor();
        await showWalkthrough(page);
        await expectTicked(page, 'see-result', true);
      },
    },
    {
      name: 'Flatten for a provider: Flatten Tracer shows the one-line tracer and the step is ticked',
      run: async ({ page }) => {
        await clickStepButton(page, 'flatten', 'Flatten Tracer');
        await page.locator('.tabs-container .tab.active', { hasText: 'Untitled-1.flat.js' }).waitFor();
        await page.locator('.monaco-editor .view-lines', { hasText: '{data: [],step: function (log, db)' }).first().waitFor();
        await showWalkthrough(page);
        await expectTicked(page, 'flatten', true);
      },
    },
    {
      name: 'Add your own node: Add Node says where the key goes, shows the URL masked before saving, and the step is ticked',
      run: async ({ page, server }) => {
        // The keyboard alone: Down from the step above opens the step, Enter presses its button, and every
        // prompt must have the focus (the walkthrough page had it).
        await showWalkthrough(page);
        await stepEntry(page, 'flatten').focus();
        await page.keyboard.press('ArrowDown');
        await pressStepButton(page, 'add-node', 'Add Node');
        await typeAnswer(page, 'Name', NODE_NAME);
        await typePick(page, 'Which chain?', 'Any EVM chain');
        await typeAnswer(page, 'Chain id', '43112');
        await typePick(page, 'Authentication', 'an access key in the URL');
        await page
          .locator('.quick-input-widget .quick-input-message', {
            hasText: 'put {key} where the access key goes: last (https://host/v2/{key})',
          })
          .waitFor();
        await typeAnswer(page, 'RPC URL', `${keyed.url}/{key}`);
        await typeAnswer(page, 'Access key', keyed.key);
        // The level (step 7 of 8): Enter keeps the evmTracer.ecmaVersion setting.
        await page.locator('.quick-input-widget', { hasText: '7/8' }).waitFor();
        await expectFocus(page, page.locator('.quick-input-widget input:focus'), 'the level step');
        await page.keyboard.press('Enter');
        const summary = page.locator('.quick-input-list .monaco-list-row', { hasText: `${keyed.url}/****` }).first();
        await summary.waitFor();
        if ((await page.locator('.quick-input-widget').innerText()).includes(keyed.key)) throw new Error('the summary shows the key');
        await expectFocus(page, page.locator('.quick-input-widget input:focus'), 'the summary step');
        await page.keyboard.press('Enter');
        await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
        await expectTicked(page, 'add-node', true);
        const { text, nodes } = nodeSettings(server);
        if (text.includes(keyed.key)) throw new Error('the key is in settings.json');
        const node = nodes?.find((item) => item.name === NODE_NAME);
        if (node?.url !== `${keyed.url}/{key}` || node.auth !== 'key') throw new Error(`stored: ${JSON.stringify(node)}`);
        settingsAfterAdd = text;
      },
    },
    {
      name: 'every step of the walkthrough is ticked',
      run: async ({ page }) => {
        for (const id of STEP_IDS) await expectTicked(page, id, true);
      },
    },
    {
      name: 'Edit Node with Enter on every step changes nothing: settings.json the same, the key still opens the node',
      run: async ({ page, server }) => {
        // From the palette while the walkthrough page (all done, it shows its start) has the focus: every
        // step must still get it.
        await walkthroughTab(page).click();
        await page.locator('.gettingStartedContainer:focus').waitFor();
        await runCommand(page, 'EVM Tracer: Edit Node');
        // The only node there is, focused: Enter picks it, as for every step after.
        await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: NODE_NAME }).waitFor();
        await page.keyboard.press('Enter');
        // Name, chain, chain id, authentication, URL, key (empty keeps it), level, summary.
        const total = 8;
        for (let step = 1; step <= total; step++) {
          await page.locator('.quick-input-widget', { hasText: `${step}/${total}` }).waitFor();
          // Once the step has the keyboard: an Enter during the change of steps is lost.
          await expectFocus(page, page.locator('.quick-input-widget input:focus'), `step ${step} of Edit Node`);
          await page.keyboard.press('Enter');
        }
        await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
        // Saved (a moment for the settings file to be written), and the same as before.
        await page.waitForTimeout(1000);
        const { text } = nodeSettings(server);
        if (JSON.stringify(JSON.parse(text)) !== JSON.stringify(JSON.parse(settingsAfterAdd)))
          throw new Error(`settings.json changed:\nbefore ${settingsAfterAdd}\nafter ${text}`);
        // The stored key: the node serves only under it, and lists its (empty) chain.
        await runCommand(page, 'EVM Tracer: Select Node');
        await pick(page, NODE_NAME);
        // Selected once the setting is written: the status bar shows it then.
        await page.locator('.statusbar-item', { hasText: NODE_NAME }).waitFor();
        await tracerTab(page).click();
        await runCommand(page, 'EVM Tracer: Trace Transaction');
        await page.locator('.quick-input-list .monaco-list-row', { hasText: 'no transactions in block 0' }).waitFor();
        await page.keyboard.press('Escape');
      },
    },
  ];
}

/** Runs the journey in its own code-server (fresh profile, empty folder); returns {passed, failed, skipped, failures}. */
export async function runWalkthroughCheck({ browser, signal }) {
  if (signal?.aborted) throw new Error('not started: time limit reached');
  const parent = mkdtempSync(join(tmpdir(), 'evm-tracer-walkthrough-'));
  const folder = join(parent, FOLDER_NAME);
  mkdirSync(folder);
  const key = `wk${randomBytes(12).toString('hex')}`;
  const keyedNode = await startKeyedNode(key);
  let server;
  let page;
  try {
    server = await startPackagedServer({ label: 'walkthrough', folder, signal });
    page = await newPage(browser);
    page.setDefaultTimeout(60_000);
    mkdirSync(screenshots, { recursive: true });
    await page.goto(workbenchUrl(server));
    return await runJourney({
      label: 'Walkthrough check',
      page,
      server,
      steps: walkthroughSteps({ url: keyedNode.url, key }),
      prefix: 'walkthrough-',
      signal,
    });
  } finally {
    await page?.context().close();
    await server?.stop();
    keyedNode.stop();
    rmSync(parent, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runAlone(runWalkthroughCheck);
