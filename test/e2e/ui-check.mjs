// The UI check: a user's view of the packaged extension. A code-server WITHOUT the smoke-test flag
// (notifications and panels behave as for a user), the `.vsix` installed with --install-extension,
// driven in headless Chromium. Each step is one test in the counts; a screenshot of each goes to
// test-artifacts/screenshots/. A failed step skips the rest (they build on its state).
// To add a check, append a step: { name, run: async ({ page, server }) => { ... } }.
// Run alone: node test/e2e/ui-check.mjs (needs the tools from node test/setup.mjs and a build).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newPage } from './lib/browser.mjs';
import { workbenchUrl } from './lib/code-server.mjs';
import { contrastOf, textContrast } from './lib/contrast.mjs';
import { runAlone, runJourney, screenshots, startPackagedServer } from './lib/journey.mjs';
import { repoRoot } from './lib/tools.mjs';
import { answer, pick, quickOpen, runCommand, selectColorTheme, waitForWorkbench } from './lib/workbench.mjs';

const tracerFile = 'missing-fault.tracer.js';
/** WCAG AA for normal text. */
const MIN_CONTRAST = 4.5;
/** The built-in themes the contrast check covers (the theme it started with is selected again after it). */
const THEMES = ['Dark Modern', 'Light Modern', 'Dark High Contrast', 'Light High Contrast'];

/** The shown result panel's document (only the active webview of a group exists). */
const resultView = (page) => page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');

/** A result panel's tab: in the second editor group, beside the tracer's editor tab of the same name. */
const panelTab = (page, tracer) => page.locator('.editor-group-container').nth(1).locator('.tabs-container .tab', { hasText: tracer });

/** Traces `tracer` from its CodeLens; its `*.call.json` is the call, the block prompt takes "latest". */
async function traceFromCodeLens(page, tracer) {
  // From the first group (a result panel may have the focus), so the panel opens in the second.
  await page.locator('.editor-group-container').first().locator('.tabs-container .tab').first().click();
  await quickOpen(page, tracer);
  await page.locator('.editor-group-container.active .codelens-decoration a', { hasText: 'Trace call' }).first().click();
  // The call file beside the tracer is the call, run on latest: nothing is asked.
  await panelTab(page, tracer).waitFor();
}

/** The in-page controls' states the contrast check measures, besides their normal look. */
const CONTROL_STATES = ['hovered (pressed)', 'hovered (not pressed)', 'keyboard focus'];

/**
 * The view switch's text contrast in each of CONTROL_STATES: the pressed and an unpressed option under the
 * mouse, then the first option focused from the keyboard (Tab from the header). [state, entries] pairs.
 */
async function controlStates(page) {
  const view = resultView(page);
  const body = view.locator('body');
  const options = (pressed) => view.locator(`.view-option[aria-pressed="${pressed}"]`).first();
  const states = [];
  const measure = async (state, locator) => {
    const entries = await textContrast(body);
    const kind = await locator.evaluate((node) => `button${[...node.classList].map((name) => `.${name}`).join('')}`);
    // The control itself must be among them (measured in this state), not only the rest of the page.
    if (!entries.some((entry) => entry.kind === kind)) throw new Error(`the view switch was not measured ${state}`);
    states.push([state, entries]);
  };
  // The pressed view is told apart by more than colour: its weight, and an underline of 3:1 against the page.
  const marks = await view.locator('.view-switch').evaluate((group) => {
    const look = (node) => ({ weight: getComputedStyle(node).fontWeight, underline: getComputedStyle(node).borderBottomColor });
    return {
      pressed: look(group.querySelector('[aria-pressed="true"]')),
      other: look(group.querySelector('[aria-pressed="false"]')),
      page: getComputedStyle(document.body).backgroundColor,
    };
  });
  const underline = contrastOf(marks.pressed.underline, marks.page);
  if (marks.pressed.weight === marks.other.weight || underline < 3)
    throw new Error(`the pressed view is not told apart: ${JSON.stringify(marks)} (underline ${underline}:1)`);
  await options(true).hover();
  await measure(CONTROL_STATES[0], options(true));
  await options(false).hover();
  await measure(CONTROL_STATES[1], options(false));
  await view.locator('#header').click();
  await page.keyboard.press('Tab');
  const focused = view.locator('.view-option:focus-visible');
  await focused.waitFor();
  await measure(CONTROL_STATES[2], focused);
  await page.mouse.move(0, 0);
  return states;
}

/** Waits until the shown webview has taken `theme` (VS Code names it on the webview's body). */
async function waitForWebviewTheme(page, theme) {
  const body = resultView(page).locator('body');
  const deadline = Date.now() + 30_000;
  let seen = '';
  while (Date.now() < deadline) {
    seen = (await body.getAttribute('data-vscode-theme-name').catch(() => null)) ?? '';
    if (seen === theme) return;
    await page.waitForTimeout(250);
  }
  throw new Error(`the result panel did not take the theme ${theme}; it shows ${seen || 'no theme name'}`);
}

export const steps = [
  {
    name: 'the workbench opens the fixture workspace',
    run: ({ page }) => waitForWorkbench(page, tracerFile),
  },
  {
    name: 'Quick Open opens a tracer, shown as an EVM Tracer document',
    run: async ({ page }) => {
      await quickOpen(page, tracerFile);
      await page.locator('[id="status.editor.mode"]', { hasText: 'EVM Tracer' }).waitFor();
    },
  },
  {
    name: 'the status bar shows the selected node and the ECMAScript level tracers are checked at',
    run: ({ page }) =>
      page
        .locator('.statusbar-item', { hasText: /Local \(in-process EVM\).* · ES5/ })
        .first()
        .waitFor(),
  },
  {
    name: 'the language server underlines the missing fault hook',
    run: ({ page }) => page.locator('.monaco-editor .squiggly-error').first().waitFor(),
  },
  {
    name: 'the Problems panel lists the missing-fault error',
    run: async ({ page }) => {
      await page.keyboard.press('Control+Shift+M');
      await page.locator('.markers-panel .monaco-list-row', { hasText: "no 'fault' hook" }).first().waitFor();
    },
  },
  {
    name: 'the CodeLens Trace call runs the tracer on the local node and the result panel shows it beside',
    run: async ({ page }) => {
      await traceFromCodeLens(page, 'ops.tracer.js');
      const view = resultView(page);
      await view.locator('.row', { hasText: '"MSTORE"' }).first().waitFor();
      await view.locator('.header-line', { hasText: 'done in' }).waitFor();
      // The collapsed-row preview: the root row shows its first keys and values.
      await view.locator('.row', { hasText: '{ops: Array(4)}' }).waitFor();
    },
  },
  {
    name: 'the result tree from the keyboard (arrows, Home, End) and find (Ctrl+F, Enter) in it',
    run: async ({ page }) => {
      const view = resultView(page);
      await view.locator('.row', { hasText: '2: "MSTORE"' }).click();
      const focused = view.locator('[role="treeitem"].focused');
      for (const [key, expected] of [
        ['ArrowUp', { text: '1: "PUSH1"', level: '3' }],
        ['Home', { text: '{ops: Array(4)}', level: '1', expanded: 'true' }],
        ['ArrowDown', { text: 'ops: (4) ["PUSH1", "PUSH1", "MSTORE", "STOP"]', level: '2', expanded: 'true' }],
        ['ArrowLeft', { text: 'ops: (4)', level: '2', expanded: 'false' }],
        ['ArrowRight', { text: 'ops: (4)', level: '2', expanded: 'true' }],
        ['End', { text: '3: "STOP"', level: '3' }],
      ]) {
        await page.keyboard.press(key);
        await focused.filter({ hasText: expected.text }).waitFor();
        const attributes = await focused.evaluate((row) => ({
          level: row.getAttribute('aria-level'),
          expanded: row.getAttribute('aria-expanded') ?? undefined,
          id: row.id,
        }));
        const active = await view.locator('[role="tree"]').getAttribute('aria-activedescendant');
        if (attributes.level !== expected.level || attributes.expanded !== expected.expanded || active !== attributes.id) {
          throw new Error(`after ${key}: ${JSON.stringify({ ...attributes, active })}, expected ${JSON.stringify(expected)}`);
        }
      }
      await page.keyboard.press('Control+f');
      await page.keyboard.type('push');
      await view.locator('.find-count', { hasText: '1 of 2' }).waitFor();
      await page.keyboard.press('Enter');
      await view.locator('.find-count', { hasText: '2 of 2' }).waitFor();
      await view.locator('.row.current-match', { hasText: '1: "PUSH1"' }).waitFor();
    },
  },
  {
    name: 'a failing trace shows its explained error in a panel of its own',
    run: async ({ page }) => {
      await traceFromCodeLens(page, 'broken-result.tracer.js');
      await resultView(page).locator('.error-kind').waitFor();
    },
  },
  {
    name: `the result panel's text has a contrast of at least ${MIN_CONTRAST}:1 in ${THEMES.join(', ')}`,
    run: async ({ page }) => {
      const measured = [];
      const started = await resultView(page).locator('body').getAttribute('data-vscode-theme-name');
      // The theme it started with last, so the later steps see the workbench as before.
      const order = [...THEMES.filter((theme) => theme !== started), ...(started ? [started] : [])];
      for (const theme of order) {
        await selectColorTheme(page, theme);
        for (const tracer of ['broken-result.tracer.js', 'ops.tracer.js']) {
          await panelTab(page, tracer).click();
          await waitForWebviewTheme(page, theme);
          const body = resultView(page).locator('body');
          await body
            .locator(tracer === 'ops.tracer.js' ? '.match' : '.error-kind')
            .first()
            .waitFor();
          if (!THEMES.includes(theme)) continue;
          for (const entry of await textContrast(body)) measured.push({ theme, panel: tracer, ...entry });
          if (tracer === 'ops.tracer.js') {
            for (const [state, entries] of await controlStates(page))
              for (const entry of entries) measured.push({ theme, panel: tracer, state, ...entry });
          }
        }
      }
      mkdirSync(join(repoRoot, 'test-artifacts'), { recursive: true });
      writeFileSync(join(repoRoot, 'test-artifacts/contrast.json'), JSON.stringify(measured, null, 2));
      const low = measured.filter((entry) => entry.ratio < MIN_CONTRAST);
      if (low.length > 0) {
        throw new Error(
          `${low.length} text styles below ${MIN_CONTRAST}:1 (all in test-artifacts/contrast.json):\n${low.map((e) => `${e.theme} ${e.panel} ${e.state ?? ''} ${e.kind} "${e.text}" ${e.color} on ${e.background}: ${e.ratio}`).join('\n')}`,
        );
      }
      // Both panels were measured, with their rows, buttons, header and error, and the view switch in every state.
      for (const kind of ['span.key', 'div.error-kind', 'button.action', 'span.label', 'button.view-option']) {
        if (!measured.some((entry) => entry.kind.startsWith(kind))) throw new Error(`no ${kind} was measured`);
      }
      for (const theme of THEMES) {
        for (const state of CONTROL_STATES) {
          if (!measured.some((entry) => entry.theme === theme && entry.state === state && entry.kind.startsWith('button.view-option')))
            throw new Error(`the view switch was not measured ${state} in ${theme}`);
        }
      }
    },
  },
  {
    name: 'a breakpoint in step and the CodeLens Debug stop the debugger on that line of the tracer',
    run: async ({ page }) => {
      await page.locator('.tabs-container .tab[data-resource-name="ops.tracer.js"]').click();
      // Line 4 is `this.ops.push(log.op.toString());` inside step.
      await page.keyboard.press('Control+G');
      await page.keyboard.type('4');
      await page.keyboard.press('Enter');
      await page.keyboard.press('F9');
      await page.locator('.monaco-editor .codicon-debug-breakpoint').first().waitFor();
      // ops.call.json beside the tracer is the call, run on latest: nothing is asked.
      await page.locator('.codelens-decoration a', { hasText: 'Debug' }).first().click();
      // Paused: the editor marks the top stack frame's line, the Call Stack shows the pause in ops.tracer.js.
      await page.locator('.monaco-editor .debug-top-stack-frame-line').first().waitFor();
      await page.locator('.debug-call-stack .monaco-list-row', { hasText: 'Paused on breakpoint' }).first().waitFor();
      await page.locator('.debug-call-stack .monaco-list-row', { hasText: 'ops.tracer.js' }).first().waitFor();
      // The Variables view's preview of log (defined inside the tracer's realm for debug runs).
      // VS Code expands the first scope by itself once the frame's variables arrive; click it open otherwise.
      const logRow = page.locator('.debug-variables .monaco-list-row', { hasText: /log\W+PUSH1 pc=0 gas=\d+/ }).first();
      if (
        !(await logRow.waitFor({ timeout: 10_000 }).then(
          () => true,
          () => false,
        ))
      ) {
        await page.locator('.debug-variables .monaco-list-row', { hasText: 'Local: step' }).first().click();
        await logRow.waitFor();
      }
      // Expanded, log lists its API with the current values (issue 23 §10), not the closures behind it; the
      // Call Stack folds the tracer API's own frames away.
      await logRow.click();
      await page
        .locator('.debug-variables .monaco-list-row', { hasText: /getPC\(\)\W+0(?!\d)/ })
        .first()
        .waitFor();
      await page
        .locator('.debug-variables .monaco-list-row', { hasText: /op\W+PUSH1 \(0x60\)/ })
        .first()
        .waitFor();
      if ((await page.locator('.debug-variables .monaco-list-row', { hasText: '=>' }).count()) > 0)
        throw new Error("log's variables show a closure's source");
      for (const hidden of ['tracer-api', 'processTicksAndRejections']) {
        if ((await page.locator('.debug-call-stack .monaco-list-row', { hasText: hidden }).count()) > 0)
          throw new Error(`the Call Stack shows ${hidden} frames`);
      }
    },
  },
  {
    name: 'Continue runs the trace to its end, the debug session ends and the result panel shows the result',
    run: async ({ page }) => {
      // Off the breakpoint (F9: the tracer's editor, focused by Ctrl+1, still has its cursor on that line;
      // the debug toolbar floats over the tabs), then continue (F5).
      await page.keyboard.press('Control+1');
      await page.locator('[id="status.editor.selection"]', { hasText: 'Ln 4' }).waitFor();
      await page.keyboard.press('F9');
      await page.locator('.debug-breakpoints .monaco-list-row', { hasText: 'ops.tracer.js' }).waitFor({ state: 'detached' });
      // The debugger drops it a moment after the view does; F5 before that would stop at the next step.
      await page.waitForTimeout(1000);
      await page.keyboard.press('F5');
      await page.locator('.debug-toolbar').waitFor({ state: 'hidden' });
      const view = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
      await view.locator('.row', { hasText: '"MSTORE"' }).first().waitFor();
    },
  },
  {
    name: "a call-tree tracer's result opens as a gas flame chart, the JSON tree one click away",
    run: async ({ page }) => {
      await traceFromCodeLens(page, 'call-tree.tracer.js');
      const view = page.frameLocator('iframe.webview.ready').last().frameLocator('#active-frame');
      // call-tree.call.json: a CREATE whose code calls the ecrecover precompile twice.
      await view.locator('.flame [data-frame="0"]', { hasText: 'CREATE' }).waitFor();
      await view.locator('.flame [data-frame="0.1"]').waitFor();
      await view.locator('.call-list .call-line', { hasText: '0x0000000000000000000000000000000000000001' }).first().waitFor();
      await view.locator('button.view-option', { hasText: 'Tree' }).waitFor();
    },
  },
  {
    name: "the result panel's actions are codicons in its title bar, the rest in its overflow menu and the palette",
    run: async ({ page }) => {
      await panelTab(page, 'call-tree.tracer.js').click();
      // The panels' group (panelTab's): its title bar acts on the panel it shows.
      const actions = page.locator('.editor-group-container').nth(1).locator('.editor-actions');
      for (const [icon, title] of [
        ['refresh', 'Re-run Trace'],
        ['search', 'Find in Result'],
        ['diff', 'Compare Results…'],
        ['file-code', 'Save Result as HTML Report…'],
      ]) {
        const action = actions.locator(`.action-label.codicon-${icon}`);
        await action.waitFor();
        const label = `${await action.getAttribute('aria-label')} ${await action.getAttribute('title')}`;
        if (!label.includes(title)) throw new Error(`the ${icon} icon is labelled "${label}", not "${title}"`);
      }
      await page.screenshot({ path: join(screenshots, 'result-panel-title-bar.png') });
      await actions.locator('.action-label.codicon-toolbar-more').click();
      await page.locator('.context-view .action-label', { hasText: 'Copy Result JSON' }).waitFor();
      await page.locator('.context-view .action-label', { hasText: 'Expand All Result Rows' }).waitFor();
      await page.keyboard.press('Escape');
      await page.keyboard.press('F1');
      await page.locator('.quick-input-widget input').fill('>EVM Tracer: Save Result as JSON');
      await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Save Result as JSON…' }).first().waitFor();
      await page.keyboard.press('Escape');
      // Back to the first group, where the next steps open files.
      await page.keyboard.press('Control+1');
    },
  },
  {
    name: "Compare Results picks two runs from the panels' histories and shows a readable diff table",
    run: async ({ page }) => {
      await runCommand(page, 'EVM Tracer: Compare Results…');
      await pick(page, 'call-tree.tracer.js · run 1');
      await page.locator('.quick-input-widget', { hasText: '2/2' }).waitFor();
      await pick(page, 'ops.tracer.js · run');
      const view = page.frameLocator('iframe.webview.ready').last().frameLocator('#active-frame');
      await view.locator('.compare-summary', { hasText: /^\d+ differences?$/ }).waitFor();
      // No path or change kind broken over two lines.
      const broken = await view.locator('.diff-table').evaluate((table) =>
        [...table.querySelectorAll('.diff-path, .diff-kind')]
          .filter((cell) => {
            const range = document.createRange();
            range.selectNodeContents(cell);
            return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1;
          })
          .map((cell) => cell.textContent),
      );
      if (broken.length > 0) throw new Error(`cells broken over lines: ${broken.join(', ')}`);
      await page.keyboard.press('Control+1');
    },
  },
  {
    name: 'the CodeLens Flatten shows the one-line tracer read-only',
    run: async ({ page }) => {
      await quickOpen(page, 'ops.tracer.js');
      await page.locator('.codelens-decoration a', { hasText: 'Flatten' }).first().click();
      await page.locator('.tabs-container .tab.active', { hasText: 'ops.flat.js' }).waitFor();
      await page.locator('.monaco-editor .view-lines', { hasText: '{ops: [],step: function (log, db)' }).first().waitFor();
    },
  },
  {
    name: 'the flattened tracer is a language of its own, word-wrapped, with no problems',
    run: async ({ page }) => {
      await page.locator('[id="status.editor.mode"]', { hasText: 'Flattened EVM Tracer' }).waitFor();
      // Wrapped: the one line takes several view lines in the editor.
      const editor = page
        .locator('.editor-instance .monaco-editor', { has: page.locator('.view-lines', { hasText: '{ops: [],step' }) })
        .first();
      await editor.locator('.view-line').nth(1).waitFor();
      // Highlighted as JavaScript: `function` gets another color than the property names around it, once
      // the grammar has tokenized the line (in the background, after the language is set).
      const keyword = editor.locator('.view-line span span', { hasText: /^function$/ }).first();
      const name = editor.locator('.view-line span span', { hasText: /^\{?ops/ }).first();
      const classes = async () => [await keyword.getAttribute('class'), await name.getAttribute('class')];
      for (const deadline = Date.now() + 30_000; ;) {
        const [keywordClass, nameClass] = await classes();
        if (keywordClass !== nameClass) break;
        if (Date.now() > deadline) throw new Error(`not highlighted: 'function' and 'ops' are both ${keywordClass}`);
        await page.waitForTimeout(250);
      }
      await expectNoProblemsFor(page, 'ops.flat.js');
    },
  },
  {
    name: 'Trace Transaction lists the seeded example chain of the local node',
    run: async ({ page }) => {
      await quickOpen(page, 'builder.tracer.js');
      await runCommand(page, 'EVM Tracer: Trace Transaction');
      await page.locator('.quick-input-list .monaco-list-row', { hasText: 'nested CALL → DELEGATECALL → STATICCALL' }).waitFor();
      await page.locator('.quick-input-list .monaco-list-row', { hasText: 'transfer reverting with a reason' }).waitFor();
    },
  },
  {
    name: 'the Trace Call builder offers the dev accounts with their balances',
    run: async ({ page }) => {
      await page.keyboard.press('Escape');
      await runCommand(page, 'EVM Tracer: Trace Call');
      await page.locator('.quick-input-list .monaco-list-row', { hasText: 'dev account 0' }).waitFor();
      await page.locator('.quick-input-widget', { hasText: '1/8' }).waitFor();
    },
  },
  {
    name: 'Add Node… from the status-bar picker: any EVM chain, a bare host, then Select',
    run: async ({ page }) => {
      await page.keyboard.press('Escape'); // the call builder of the step before
      await page
        .locator('.statusbar-item', { hasText: /Local \(in-process EVM\)/ })
        .first()
        .click();
      await pick(page, 'Add Node…');
      await answer(page, 'Name', 'Sepolia (ui)');
      await pick(page, 'Any EVM chain');
      await answer(page, 'Chain id', '11155111');
      await pick(page, 'no credentials');
      await answer(page, 'RPC URL', 'rpc.example.invalid');
      await pick(page, 'the evmTracer.ecmaVersion setting');
      // The summary: where requests will go.
      await pick(page, 'https://rpc.example.invalid/');
      await page.locator('.statusbar-item', { hasText: 'Sepolia (ui) · chain 11155111 (expected)' }).first().waitFor();
    },
  },
  {
    name: 'the walkthrough opens from the command palette',
    run: async ({ page }) => {
      await page.keyboard.press('Control+Shift+P');
      const input = page.locator('.quick-input-widget input');
      await input.fill('>Welcome: Open Walkthrough');
      await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Open Walkthrough' }).first().waitFor();
      await page.keyboard.press('Enter');
      await pick(page, 'Get Started with EVM Tracer Studio');
      await page.locator('.gettingStartedContainer', { hasText: 'Trace a seeded transaction' }).first().waitFor();
    },
  },
];

/** The Problems panel (opened by an earlier step) lists nothing for `name`, while it lists other files. */
async function expectNoProblemsFor(page, name) {
  // Brought to the front: an earlier step (the debugger) may have left the Debug Console there.
  await page.keyboard.press('Control+Shift+M');
  await page.locator('.markers-panel .monaco-list-row').first().waitFor();
  const rows = await page.locator('.markers-panel .monaco-list-row').allInnerTexts();
  const own = rows.filter((text) => text.includes(name));
  if (own.length > 0) throw new Error(`the Problems panel lists ${name}: ${own.join(' | ')}`);
}

/** Runs every step; returns {passed, failed, skipped, failures}. */
export async function runUiCheck({ browser, signal }) {
  if (signal?.aborted) throw new Error('not started: time limit reached');
  const server = await startPackagedServer({ label: 'ui', signal });
  const page = await newPage(browser);
  page.setDefaultTimeout(60_000);
  // Only this run's pictures: an old "-failed" one would mislead.
  rmSync(screenshots, { recursive: true, force: true });
  mkdirSync(screenshots, { recursive: true });
  try {
    await page.goto(workbenchUrl(server));
    return await runJourney({ label: 'UI check', page, server, steps, signal });
  } finally {
    await page.context().close();
    await server.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runAlone(runUiCheck);
