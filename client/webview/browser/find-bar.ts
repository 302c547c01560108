// The result panel's find bar (Ctrl+F): searches the result's data in slices between frames (a 1 MB result
// never freezes the page), counts the hits, and steps through them with Enter / Shift+Enter, F3 / Shift+F3
// or its buttons. What to do with a hit (expand to it, highlight it) is the caller's.
import { button, el } from '../../../report/browser/dom';
import { JsonSearch, type SearchHit } from './json-search';

/** Work per slice: values visited between looks at the clock, and the time a slice may take. */
const SLICE_VALUES = 2_000;
const SLICE_MS = 12;

interface FindTarget {
  /** The data searched; undefined when no result is shown. */
  data(): { value: unknown } | undefined;
  /** Marks the hits; `current` is the one stepped to. */
  highlight(hits: readonly SearchHit[], current: SearchHit | undefined): void;
  /** Brings `hit` into view (expanding to it). */
  reveal(hit: SearchHit): void;
  queryChanged(query: string): void;
  /** Where the focus goes when the bar closes. */
  close(): void;
}

export class FindBar {
  private search: JsonSearch | undefined;
  private current = -1;
  private running: Promise<void> = Promise.resolve();
  private readonly input: HTMLInputElement;
  private readonly count: HTMLElement;

  constructor(
    private readonly bar: HTMLElement,
    private readonly target: FindTarget,
  ) {
    this.input = el('input', 'find-input');
    this.input.type = 'text';
    this.input.placeholder = 'Find in keys and values';
    this.input.setAttribute('aria-label', 'Find in the result');
    this.count = el('span', 'find-count');
    this.count.setAttribute('aria-live', 'polite');
    this.input.addEventListener('input', () => this.start(this.input.value));
    this.input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') this.step(event.shiftKey ? -1 : 1);
      else if (event.key === 'Escape') this.close();
      else return;
      event.preventDefault();
      event.stopPropagation();
    });
    bar.setAttribute('role', 'search');
    bar.append(
      this.input,
      this.count,
      button('↑', () => this.step(-1), 'Previous match (Shift+Enter)', 'find-action'),
      button('↓', () => this.step(1), 'Next match (Enter)', 'find-action'),
      button('×', () => this.close(), 'Close (Escape)', 'find-action'),
    );
  }

  get isOpen(): boolean {
    return !this.bar.hidden;
  }

  get query(): string {
    return this.input.value;
  }

  open(): void {
    this.bar.hidden = false;
    this.input.focus();
    this.input.select();
  }

  /** Shows the bar as the user left it: the hits marked, the focus left where it was. */
  restore(query: string): void {
    this.bar.hidden = false;
    this.input.value = query;
    this.start(query, false);
  }

  close(): void {
    this.bar.hidden = true;
    this.target.highlight([], undefined);
    this.target.close();
  }

  /** Searches again (a new result arrived). */
  refresh(): void {
    if (this.input.value !== '') this.start(this.input.value);
  }

  step(direction: 1 | -1): void {
    const hits = this.search?.hits ?? [];
    if (hits.length === 0) return;
    this.current = (this.current + direction + hits.length) % hits.length;
    this.target.reveal(hits[this.current]);
    this.target.highlight(hits, hits[this.current]);
    this.updateCount();
  }

  /** Resolves when the running search has finished (the tests wait for it). */
  idle(): Promise<void> {
    return this.running;
  }

  status(): { open: boolean; query: string; current: number; count: number; label: string } {
    return {
      open: this.isOpen,
      query: this.input.value,
      current: this.current + 1,
      count: this.search?.hits.length ?? 0,
      label: this.count.textContent ?? '',
    };
  }

  private start(query: string, revealFirst = true): void {
    this.target.queryChanged(query);
    const data = this.target.data();
    const search = (this.search = data && query !== '' ? new JsonSearch(data.value, query) : undefined);
    this.current = -1;
    this.target.highlight([], undefined);
    this.updateCount();
    if (!search) return;
    this.running = new Promise((resolve) => {
      const slice = (): void => {
        if (this.search !== search) return resolve();
        const started = performance.now();
        let done = search.step(SLICE_VALUES);
        while (!done && performance.now() - started < SLICE_MS) done = search.step(SLICE_VALUES);
        if (revealFirst && this.current === -1 && search.hits.length > 0) this.step(1);
        // Marks once complete: marking on every slice would redo all the hits so far each time.
        else if (done) this.target.highlight(search.hits, search.hits[this.current]);
        this.updateCount();
        if (done) resolve();
        else setTimeout(slice, 0);
      };
      slice();
    });
  }

  private updateCount(): void {
    const search = this.search;
    if (!search) this.count.textContent = '';
    else if (search.hits.length === 0) this.count.textContent = search.done ? 'No results' : 'Searching…';
    else {
      const more = search.truncated ? '+' : search.done ? '' : '…';
      const total = `${search.hits.length}${more}`;
      this.count.textContent =
        this.current === -1 ? `${total} ${search.hits.length === 1 && !more ? 'result' : 'results'}` : `${this.current + 1} of ${total}`;
    }
  }
}
