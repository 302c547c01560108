// Playwright actions on the VS Code web workbench, for the UI checks. Selectors are VS Code's own
// DOM (1.139); waits use the page's default time-out (60 s in the UI check: the machine is shared).
const fileRow = (page, name) => page.locator('.quick-input-list .monaco-list-row', { hasText: name });

/** Waits until the workbench has loaded and the explorer shows `name` at the workspace root. */
export async function waitForWorkbench(page, name) {
  await page.locator('.monaco-workbench').waitFor();
  await page.locator('.explorer-folders-view .monaco-list-row', { hasText: name }).first().waitFor();
}

/** Opens a file through Quick Open (Ctrl+P), waiting for it to be listed before pressing Enter. */
export async function quickOpen(page, name) {
  await page.locator('.monaco-workbench').click({ position: { x: 700, y: 5 } }); // focus the window
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill(name);
  await fileRow(page, name).first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.tabs-container .tab.active', { hasText: name }).waitFor();
  await page.locator('.monaco-editor .view-lines').first().waitFor();
}

/** Switches the color theme through the command palette, as a user does (Preferences: Color Theme). */
export async function selectColorTheme(page, name) {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill('>Preferences: Color Theme');
  // The command itself, not "Browse Color Themes in Marketplace" listed above it.
  await page.locator('.quick-input-list .monaco-list-row', { hasText: /^Preferences: Color Theme/ }).click();
  const picker = page.locator('.quick-input-widget input[placeholder*="Color Theme" i]');
  await picker.waitFor();
  await picker.fill(name);
  await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: name }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
}

/** Chooses the quick-pick row labelled `label` once it is listed. */
export async function pick(page, label) {
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: label }).first();
  await row.waitFor();
  await row.click();
}

/**
 * Types `value` into the input box once it asks `prompt`, and accepts it. Between two steps the box may
 * still be taking the new step's own value, or not take a key yet: typed and accepted until it moves on.
 */
export async function answer(page, prompt, value) {
  const asking = page.locator('.quick-input-widget .quick-input-message', { hasText: prompt }).first();
  await asking.waitFor();
  const box = page.locator('.quick-input-widget input');
  for (let tries = 0; tries < 5; tries++) {
    if ((await box.inputValue()) !== value) await box.fill(value);
    await page.keyboard.press('Enter');
    if (
      await asking.waitFor({ state: 'hidden', timeout: 5000 }).then(
        () => true,
        () => false,
      )
    )
      return;
  }
  throw new Error(`the prompt "${prompt}" did not take ${JSON.stringify(value)}`);
}

/**
 * Runs a command through the Command Palette (F1): Enter once the command is the focused row (the palette
 * matches loosely: "Trace Transaction" also lists, maybe first, "Debug Trace Transaction").
 */
export async function runCommand(page, title) {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill(`>${title}`);
  const exact = new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: exact }).first();
  await row.waitFor();
  for (let tries = 0; !(await row.evaluate((element) => element.classList.contains('focused'))); tries++) {
    if (tries === 20) throw new Error(`the Command Palette does not focus ${title}`);
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
}

/** Where the keyboard focus is (for failure messages): the focused element and the part of the workbench it is in. */
export function focusDescription(page) {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return 'nothing (the page body)';
    const part = focused.closest('.quick-input-widget, .editor-group-container, .part, .notifications-toasts');
    const name = (element) => `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 3).join('.')}`;
    return `${name(focused)}${part && part !== focused ? ` in ${name(part)}` : ''}`;
  });
}

/** Waits until `locator` (a focused element) is there; fails saying `what` lacks the keyboard focus, and where it is. */
export async function expectFocus(page, locator, what) {
  const focused = await locator.waitFor({ timeout: 15_000 }).then(
    () => true,
    () => false,
  );
  if (!focused) throw new Error(`${what} does not have the keyboard focus; it is on ${await focusDescription(page)}`);
}

/** The quick input's box, once it has the keyboard focus (a prompt shown without it makes a keyboard user click). */
async function focusedPrompt(page, what) {
  await expectFocus(page, page.locator('.quick-input-widget input:focus'), what);
  return page.locator('.quick-input-widget input');
}

/**
 * Answers the input box asking `prompt` with the keyboard alone, as a keyboard user does: the box must have
 * the focus; `value` replaces the step's own and Enter accepts it.
 */
export async function typeAnswer(page, prompt, value) {
  const asking = page.locator('.quick-input-widget .quick-input-message', { hasText: prompt }).first();
  await asking.waitFor();
  const box = await focusedPrompt(page, `the prompt "${prompt}"`);
  await page.keyboard.press('Control+A');
  await page.keyboard.type(value);
  const typed = await box.inputValue();
  if (typed !== value) {
    // A key or password is not shown, only how much of it arrived.
    const secret = (await box.getAttribute('type')) === 'password';
    const shown = (text) => (secret ? `${text.length} characters` : JSON.stringify(text));
    throw new Error(`the prompt "${prompt}" holds ${shown(typed)} after typing ${shown(value)}`);
  }
  await page.keyboard.press('Enter');
  await asking.waitFor({ state: 'hidden' });
}

/** Picks the row `label` of the pick whose placeholder includes `placeholder` with the keyboard alone: typed to filter, then Enter. */
export async function typePick(page, placeholder, label) {
  const picker = page.locator(`.quick-input-widget input[placeholder*=${JSON.stringify(placeholder)}]`);
  await picker.waitFor();
  await focusedPrompt(page, `the pick "${placeholder}"`);
  await page.keyboard.type(label);
  await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: label }).first().waitFor();
  await page.keyboard.press('Enter');
  await picker.waitFor({ state: 'hidden' });
}
