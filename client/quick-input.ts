// Multi-step prompts: QuickPicks and InputBoxes with a step counter, a Back button on every step after the
// first, and placeholders showing the default. The prompt on screen is also readable and answerable
// through the test hooks (test-hooks.ts), which drive the same QuickPick/InputBox objects a user does.
import * as vscode from 'vscode';

export const back = Symbol('back');
export type Answer<T> = T | typeof back | undefined;

export interface StepPosition {
  title: string;
  step: number;
  totalSteps: number;
}

/** What the active prompt shows (for the test hooks). */
export interface PromptView {
  kind: 'pick' | 'input';
  title: string;
  step?: number;
  totalSteps?: number;
  placeholder?: string;
  prompt?: string;
  value: string;
  items: { label: string; description?: string; detail?: string }[];
  validationMessage?: string;
  busy: boolean;
  canGoBack: boolean;
}

interface ActivePrompt {
  view(): PromptView;
  answer(answer: PromptAnswer): void;
}

/** A test's answer: type `value` and accept, pick the first item whose label includes `pick`, go back, or cancel (Escape). */
export interface PromptAnswer {
  value?: string;
  pick?: string;
  back?: boolean;
  cancel?: boolean;
}

let active: ActivePrompt | undefined;

export const activePromptView = (): PromptView | undefined => active?.view();

export function answerActivePrompt(answer: PromptAnswer): boolean {
  if (!active) return false;
  active.answer(answer);
  return true;
}

const itemViews = (items: readonly vscode.QuickPickItem[]) =>
  items.filter((item) => item.kind !== vscode.QuickPickItemKind.Separator).map(({ label, description, detail }) => ({ label, description, detail }));

export interface PickOptions<T extends vscode.QuickPickItem> {
  position: StepPosition;
  placeholder: string;
  items: readonly T[];
  /** Items still loading (the picker is busy until they come; a failure shows in the placeholder). */
  more?: Promise<readonly T[]>;
  /** An item for text typed in, or an error message saying why the text is not acceptable. */
  typed?: (text: string) => T | string | undefined;
  canGoBack: boolean;
}

export function pick<T extends vscode.QuickPickItem>(options: PickOptions<T>): Promise<Answer<T>> {
  const picker = vscode.window.createQuickPick<T>();
  const { position } = options;
  Object.assign(picker, { title: position.title, step: position.step, totalSteps: position.totalSteps, placeholder: options.placeholder, ignoreFocusOut: true });
  picker.matchOnDescription = true;
  picker.matchOnDetail = true;
  picker.buttons = options.canGoBack ? [vscode.QuickInputButtons.Back] : [];
  let listed: readonly T[] = options.items;
  let typedProblem: string | undefined;
  const refresh = () => {
    const text = picker.value.trim();
    const typed = text && options.typed ? options.typed(text) : undefined;
    typedProblem = typeof typed === 'string' ? typed : undefined;
    picker.items = typed && typeof typed !== 'string' ? [typed, ...listed] : listed;
    picker.title = typedProblem ? `${position.title}: ${typedProblem}` : position.title;
  };
  picker.items = listed;
  if (options.more) {
    picker.busy = true;
    options.more.then(
      (items) => {
        listed = [...listed, ...items];
        picker.busy = false;
        refresh();
      },
      (error: unknown) => {
        picker.busy = false;
        picker.placeholder = `${options.placeholder} (${(error as Error).message})`;
      },
    );
  }
  return new Promise<Answer<T>>((resolve) => {
    const finish = (answer: Answer<T>) => {
      if (active === prompt) active = undefined;
      resolve(answer);
      picker.hide();
    };
    const accept = () => {
      const chosen = picker.selectedItems[0] ?? picker.activeItems[0];
      if (chosen) finish(chosen);
    };
    picker.onDidChangeValue(refresh);
    picker.onDidAccept(accept);
    picker.onDidTriggerButton((button) => button === vscode.QuickInputButtons.Back && finish(back));
    picker.onDidHide(() => {
      if (active === prompt) active = undefined;
      resolve(undefined);
      picker.dispose();
    });
    const prompt: ActivePrompt = {
      view: () => ({
        kind: 'pick',
        title: picker.title ?? '',
        step: picker.step,
        totalSteps: picker.totalSteps,
        placeholder: picker.placeholder,
        value: picker.value,
        items: itemViews(picker.items),
        validationMessage: typedProblem,
        busy: picker.busy,
        canGoBack: options.canGoBack,
      }),
      answer: (answer) => {
        if (answer.back) return finish(back);
        if (answer.cancel) return finish(undefined);
        if (answer.value !== undefined) {
          picker.value = answer.value;
          refresh();
        }
        const wanted = answer.pick;
        const item = wanted === undefined ? picker.items[0] : picker.items.find((candidate) => candidate.label.includes(wanted));
        if (item && item.kind !== vscode.QuickPickItemKind.Separator) finish(item);
      },
    };
    active = prompt;
    picker.show();
  });
}

export interface InputOptions {
  position: StepPosition;
  prompt: string;
  placeholder?: string;
  value?: string;
  /** An error message for the text, or undefined when it is acceptable. */
  validate: (text: string) => string | undefined;
  canGoBack: boolean;
}

export function input(options: InputOptions): Promise<Answer<string>> {
  const box = vscode.window.createInputBox();
  const { position } = options;
  Object.assign(box, { title: position.title, step: position.step, totalSteps: position.totalSteps, prompt: options.prompt, placeholder: options.placeholder, value: options.value ?? '', ignoreFocusOut: true });
  box.buttons = options.canGoBack ? [vscode.QuickInputButtons.Back] : [];
  const validate = () => (box.validationMessage = options.validate(box.value));
  return new Promise<Answer<string>>((resolve) => {
    const finish = (answer: Answer<string>) => {
      if (active === prompt) active = undefined;
      resolve(answer);
      box.hide();
    };
    const accept = () => {
      if (validate() === undefined) finish(box.value);
    };
    box.onDidChangeValue(validate);
    box.onDidAccept(accept);
    box.onDidTriggerButton((button) => button === vscode.QuickInputButtons.Back && finish(back));
    box.onDidHide(() => {
      if (active === prompt) active = undefined;
      resolve(undefined);
      box.dispose();
    });
    const prompt: ActivePrompt = {
      view: () => ({
        kind: 'input',
        title: box.title ?? '',
        step: box.step,
        totalSteps: box.totalSteps,
        placeholder: box.placeholder,
        prompt: box.prompt,
        value: box.value,
        items: [],
        validationMessage: typeof box.validationMessage === 'string' ? box.validationMessage : undefined,
        busy: box.busy,
        canGoBack: options.canGoBack,
      }),
      answer: (answer) => {
        if (answer.back) return finish(back);
        if (answer.cancel) return finish(undefined);
        if (answer.value !== undefined) box.value = answer.value;
        accept();
      },
    };
    active = prompt;
    box.show();
  });
}

/**
 * Runs steps in order; a step answering `back` returns to the one before. `steps` is asked again after every
 * step, since an answer may change what follows (a function's arguments). Resolves false when cancelled.
 */
export async function runSteps(steps: () => readonly ((position: StepPosition & { canGoBack: boolean }) => Promise<Answer<unknown>>)[], title: string): Promise<boolean> {
  let index = 0;
  while (index < steps().length) {
    const list = steps();
    const answer = await list[index]({ title, step: index + 1, totalSteps: list.length, canGoBack: index > 0 });
    if (answer === undefined) return false;
    index = answer === back ? Math.max(0, index - 1) : index + 1;
  }
  return true;
}
