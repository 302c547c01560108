// Multi-step prompts: QuickPicks and InputBoxes with a step counter, a Back button on every step after the
// first, and placeholders showing the default. The prompt on screen is also readable and answerable
// through the test hooks (commands/test-hooks.ts, in test builds only), which drive the same QuickPick/InputBox
// objects a user does.
import * as vscode from 'vscode';
import { onWorkbenchPage, pageSettled } from './page-focus';

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

/**
 * A test's answer: type `value` and accept (or only type, with `accept: false`), pick the first item whose
 * label or description includes `pick`, go back, or cancel (Escape).
 */
export interface PromptAnswer {
  value?: string;
  accept?: boolean;
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
  items
    .filter((item) => item.kind !== vscode.QuickPickItemKind.Separator)
    .map(({ label, description, detail }) => ({ label, description, detail }));

/** How a prompt behaves: what it shows to the hooks, and how it accepts (`finish` ends it with an answer). */
interface Behaviour<R> {
  accept(finish: (answer: Answer<R>) => void): void;
  view(): Omit<PromptView, 'title' | 'step' | 'totalSteps' | 'placeholder' | 'value' | 'busy' | 'canGoBack'>;
  /** A test's typed value or pick, then accept. */
  answer(answer: PromptAnswer, finish: (answer: Answer<R>) => void): void;
}

/**
 * The answered prompt of a sequence (promptSequence): it stays on screen, busy, until the next prompt
 * replaces it, as VS Code's multi-step input does. Hidden, it would give the keyboard focus back to what
 * had it before (the walkthrough page, say) while the next step awaits something (a secret, a node), and
 * keys typed then would go there.
 */
let answered: vscode.QuickInput | undefined;
/** Sequences running: prompts are on screen one at a time, whichever command shows them. */
let sequences = 0;

/** Runs `flow`, whose prompts follow one another without hiding in between; the last one hides when it ends. */
export async function promptSequence<T>(flow: () => Promise<T>): Promise<T> {
  sequences++;
  try {
    return await flow();
  } finally {
    if (--sequences === 0) {
      answered?.hide();
      answered = undefined;
    }
  }
}

/** Shows `widget` with a Back button when allowed; resolves its answer, `back`, or undefined when it is hidden. */
function present<R>(
  widget: vscode.QuickPick<vscode.QuickPickItem> | vscode.InputBox,
  position: StepPosition,
  canGoBack: boolean,
  behaviour: Behaviour<R>,
): Promise<Answer<R>> {
  // A single step shows no "1/1".
  const steps = position.totalSteps > 1 ? { step: position.step, totalSteps: position.totalSteps } : {};
  Object.assign(widget, { title: position.title, ...steps, ignoreFocusOut: true });
  widget.buttons = canGoBack ? [vscode.QuickInputButtons.Back] : [];
  return new Promise<Answer<R>>((resolve) => {
    let answeredHere = false;
    const finish = (answer: Answer<R>) => {
      if (answeredHere) return;
      answeredHere = true;
      if (active === prompt) active = undefined;
      resolve(answer);
      if (answer === undefined || sequences === 0) return widget.hide();
      Object.assign(widget, { busy: true, enabled: false });
      answered = widget;
    };
    widget.onDidAccept(() => behaviour.accept(finish));
    widget.onDidTriggerButton((button) => button === vscode.QuickInputButtons.Back && finish(back));
    widget.onDidHide(() => {
      if (active === prompt) active = undefined;
      if (answered === widget) answered = undefined;
      answeredHere = true;
      resolve(undefined);
      widget.dispose();
    });
    const prompt: ActivePrompt = {
      view: () => ({
        title: widget.title ?? '',
        step: widget.step,
        totalSteps: widget.totalSteps,
        placeholder: widget.placeholder,
        value: widget.value,
        busy: widget.busy,
        canGoBack,
        ...behaviour.view(),
      }),
      answer: (answer) => {
        if (answer.back) return finish(back);
        if (answer.cancel) return finish(undefined);
        behaviour.answer(answer, finish);
      },
    };
    const show = () => {
      if (answeredHere) return;
      active = prompt;
      // Showing it replaces the answered prompt (which then hides and is disposed).
      answered = undefined;
      widget.show();
    };
    // The first prompt on one of VS Code's pages waits for it to settle (page-focus.ts); the next ones
    // replace the one on screen at once.
    if (answered || active || !onWorkbenchPage()) show();
    else void pageSettled().then(show);
  });
}

interface PickOptions<T extends vscode.QuickPickItem> {
  position: StepPosition;
  placeholder: string;
  items: readonly T[];
  /** The item Enter picks at first (the current value, on a step that edits one); else the first. */
  active?: T;
  /** Items still loading (the picker is busy until they come). */
  more?: Promise<readonly T[]>;
  /** Rows explaining why `more` failed, listed in its place; without it, the failure shows in the placeholder. */
  failed?: (error: unknown) => readonly T[];
  /** An item for text typed in, or an error message saying why the text is not acceptable. */
  typed?: (text: string) => T | string | undefined;
  canGoBack: boolean;
}

export function pick<T extends vscode.QuickPickItem>(options: PickOptions<T>): Promise<Answer<T>> {
  const picker = vscode.window.createQuickPick<T>();
  const { position } = options;
  picker.placeholder = options.placeholder;
  picker.matchOnDescription = true;
  picker.matchOnDetail = true;
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
  if (options.active) picker.activeItems = [options.active];
  picker.onDidChangeValue(refresh);
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
        if (!options.failed) {
          picker.placeholder = `${options.placeholder} (${(error as Error).message})`;
          return;
        }
        listed = [...listed, ...options.failed(error)];
        refresh();
      },
    );
  }
  return present<T>(picker as vscode.QuickPick<vscode.QuickPickItem>, position, options.canGoBack, {
    accept: (finish) => {
      const chosen = picker.selectedItems[0] ?? picker.activeItems[0];
      if (chosen) finish(chosen);
    },
    view: () => ({ kind: 'pick', items: itemViews(picker.items), validationMessage: typedProblem }),
    answer: (answer, finish) => {
      if (answer.value !== undefined) {
        picker.value = answer.value;
        refresh();
      }
      if (answer.accept === false) return;
      const wanted = answer.pick;
      // No pick: Enter, which takes the active item.
      const item =
        wanted === undefined
          ? (picker.activeItems[0] ?? picker.items[0])
          : picker.items.find((candidate) => `${candidate.label} ${candidate.description ?? ''}`.includes(wanted));
      if (item && item.kind !== vscode.QuickPickItemKind.Separator) finish(item);
    },
  });
}

interface InputOptions {
  position: StepPosition;
  prompt: string;
  placeholder?: string;
  value?: string;
  /** Typed characters are hidden (a key or password). */
  password?: boolean;
  /** An error message for the text, or undefined when it is acceptable. */
  validate: (text: string) => string | undefined;
  canGoBack: boolean;
}

export function input(options: InputOptions): Promise<Answer<string>> {
  const box = vscode.window.createInputBox();
  const { position } = options;
  Object.assign(box, {
    prompt: options.prompt,
    placeholder: options.placeholder,
    value: options.value ?? '',
    password: options.password ?? false,
  });
  const validate = () => (box.validationMessage = options.validate(box.value));
  box.onDidChangeValue(validate);
  const accept = (finish: (answer: Answer<string>) => void) => {
    if (validate() === undefined) finish(box.value);
  };
  return present<string>(box, position, options.canGoBack, {
    accept,
    view: () => ({
      kind: 'input',
      prompt: box.prompt,
      items: [],
      validationMessage: typeof box.validationMessage === 'string' ? box.validationMessage : undefined,
    }),
    answer: (answer, finish) => {
      if (answer.value !== undefined) box.value = answer.value;
      if (answer.accept === false) validate();
      else accept(finish);
    },
  });
}

/**
 * Runs steps in order, as one prompt sequence; a step answering `back` returns to the one before. `steps`
 * is asked again after every step, since an answer may change what follows (a function's arguments).
 * Resolves false when cancelled.
 */
export function runSteps(
  steps: () => readonly ((position: StepPosition & { canGoBack: boolean }) => Promise<Answer<unknown>>)[],
  title: string,
): Promise<boolean> {
  return promptSequence(async () => {
    let index = 0;
    while (index < steps().length) {
      const list = steps();
      const answer = await list[index]({ title, step: index + 1, totalSteps: list.length, canGoBack: index > 0 });
      if (answer === undefined) return false;
      index = answer === back ? Math.max(0, index - 1) : index + 1;
    }
    return true;
  });
}
