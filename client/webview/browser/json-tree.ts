// A collapsible JSON tree that stays smooth with huge results: the expanded tree is kept as a flat row list
// and only the rows in (and just around) the viewport exist in the DOM, so children cost nothing until their
// parent is expanded. It is an ARIA tree (flat treeitems carrying level, position and expanded state, the
// pattern for virtualised trees) driven from the keyboard with aria-activedescendant, because rows come and
// go while scrolling and could not keep the focus themselves. Every value is written with textContent, so
// a node's `<script>` is shown as text and never runs.
import type { TreeViewState } from '../messages';
import { childKey, pathKey, type Segment } from './json-path';
import { previewText } from './json-preview';
import type { SearchHit } from './json-search';

const ROW_HEIGHT = 20;
const OVERSCAN = 20;
/** Results with at most this many top-level entries open one level further at first. */
const SMALL_ROOT = 20;

interface Row {
  depth: number;
  key: Segment | undefined;
  value: unknown;
  path: string;
  parent: number;
  position: number;
  setSize: number;
}

export class JsonTree {
  private rows: Row[] = [];
  private expansion: TreeViewState['expansion'];
  /** Paths whose expansion differs from what `expansion` gives them. */
  private readonly toggled: Set<string>;
  private focusIndex = 0;
  private matches = new Map<string, SearchHit>();
  private currentMatch: string | undefined;
  private readonly tree: HTMLDivElement;
  private readonly window: HTMLDivElement;
  private scheduled = false;
  private readonly smallRoot: boolean;
  /** The viewport outlives the tree (the next result reuses it): its listeners go with the tree. */
  private readonly listeners = new AbortController();
  private readonly resizes = new ResizeObserver(() => this.schedule());

  constructor(
    private readonly viewport: HTMLElement,
    private readonly value: unknown,
    state: TreeViewState,
    /** Called when what the view state records (expansion, focus) changed. */
    private readonly changed: () => void,
  ) {
    this.expansion = state.expansion;
    this.toggled = new Set(state.toggled);
    this.smallRoot = isContainer(value) && entries(value).length <= SMALL_ROOT;
    this.tree = viewport.appendChild(document.createElement('div'));
    this.tree.className = 'tree';
    this.tree.setAttribute('role', 'tree');
    this.tree.setAttribute('aria-label', 'Trace result');
    this.tree.tabIndex = 0;
    this.window = this.tree.appendChild(document.createElement('div'));
    this.window.className = 'tree-window';
    this.window.setAttribute('role', 'presentation');
    viewport.addEventListener('scroll', () => this.schedule(), { signal: this.listeners.signal });
    this.window.addEventListener('click', (event) => this.onClick(event));
    this.tree.addEventListener('keydown', (event) => this.onKey(event));
    this.resizes.observe(viewport);
    this.rebuild(state.focused);
  }

  dispose(): void {
    this.listeners.abort();
    this.resizes.disconnect();
    this.tree.remove();
  }

  get rowCount(): number {
    return this.rows.length;
  }

  /** The text of the rows currently in the DOM. */
  renderedRows(): string[] {
    return Array.from(this.window.children).map((row) => row.textContent ?? '');
  }

  state(): TreeViewState {
    return { expansion: this.expansion, toggled: [...this.toggled], focused: this.rows[this.focusIndex]?.path };
  }

  focus(): void {
    this.tree.focus({ preventScroll: true });
  }

  /** The focused row: its path segments and value. */
  focused(): { segments: Segment[]; value: unknown; level: number; expanded: boolean | undefined; text: string } | undefined {
    const row = this.rows[this.focusIndex];
    if (!row) return undefined;
    const segments: Segment[] = [];
    for (let index = this.focusIndex; index > 0; index = this.rows[index].parent) segments.push(this.rows[index].key as Segment);
    segments.reverse();
    const text = this.window.querySelector(`#row-${this.focusIndex}`)?.textContent ?? '';
    return { segments, value: row.value, level: row.depth + 1, expanded: isContainer(row.value) ? this.isOpen(row) : undefined, text };
  }

  setAll(open: boolean): void {
    // Everything but the root follows the new default: the toggles made so far no longer apply.
    this.toggled.clear();
    this.expansion = open ? 'all' : 'none';
    this.rebuild(this.rows[this.focusIndex]?.path);
    this.changed();
  }

  /** Highlights the rows of `hits`, `current` the most. */
  highlight(hits: readonly SearchHit[], current: SearchHit | undefined): void {
    this.matches = new Map(hits.map((hit) => [pathKey(hit.segments), hit]));
    this.currentMatch = current && pathKey(current.segments);
    this.render();
  }

  /** Expands the ancestors of the row at `segments`, focuses it and scrolls it into view. */
  reveal(segments: readonly Segment[]): void {
    let path = '';
    let opened = false;
    segments.slice(0, -1).forEach((segment, at) => {
      path = childKey(path, segment);
      if (this.isOpenPath(path, at + 1)) return;
      this.toggle(path);
      opened = true;
    });
    const target = pathKey(segments);
    // Only a newly opened ancestor changes the rows; otherwise finding the row is enough.
    if (opened) this.rebuild(target);
    else
      this.focusIndex = Math.max(
        0,
        this.rows.findIndex((row) => row.path === target),
      );
    this.scrollToFocus();
    this.changed();
  }

  private rebuild(focusPath: string | undefined): void {
    const rows: Row[] = [];
    // Walked with a stack (a result can nest deeper than the call stack allows), children pushed last to
    // first so that rows come in document order.
    const pending: Row[] = [{ depth: 0, key: undefined, value: this.value, path: '', parent: -1, position: 1, setSize: 1 }];
    while (pending.length > 0) {
      const row = pending.pop() as Row;
      const index = rows.push(row) - 1;
      if (!isContainer(row.value) || !this.isOpenPath(row.path, row.depth)) continue;
      const children = entries(row.value);
      for (let at = children.length - 1; at >= 0; at--) {
        const [key, value] = children[at];
        pending.push({
          depth: row.depth + 1,
          key,
          value,
          path: childKey(row.path, key),
          parent: index,
          position: at + 1,
          setSize: children.length,
        });
      }
    }
    this.rows = rows;
    if (focusPath !== undefined)
      this.focusIndex = Math.max(
        0,
        rows.findIndex((row) => row.path === focusPath),
      );
    this.focusIndex = Math.min(this.focusIndex, rows.length - 1);
    this.tree.style.height = `${rows.length * ROW_HEIGHT}px`;
    this.render();
  }

  private isOpen(row: Row): boolean {
    return isContainer(row.value) && this.isOpenPath(row.path, row.depth);
  }

  private isOpenPath(path: string, depth: number): boolean {
    const byDefault = depth === 0 || this.expansion === 'all' || (this.expansion === 'initial' && depth === 1 && this.smallRoot);
    // No lookup without toggles (as after Expand All): it would hash every row's path, whose text grows with the depth.
    return this.toggled.size > 0 && this.toggled.has(path) ? !byDefault : byDefault;
  }

  private toggle(path: string): void {
    if (this.toggled.has(path)) this.toggled.delete(path);
    else this.toggled.add(path);
  }

  private toggleRow(index: number): void {
    const row = this.rows[index];
    if (!isContainer(row.value)) return;
    this.toggle(row.path);
    this.focusIndex = index;
    this.rebuild(row.path);
    this.changed();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    requestAnimationFrame(() => {
      this.scheduled = false;
      this.render();
    });
  }

  private render(): void {
    const height = this.viewport.clientHeight || 600;
    const first = Math.max(0, Math.floor(this.viewport.scrollTop / ROW_HEIGHT) - OVERSCAN);
    const last = Math.min(this.rows.length, Math.ceil((this.viewport.scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
    this.window.style.transform = `translateY(${first * ROW_HEIGHT}px)`;
    const fragment = document.createDocumentFragment();
    for (let index = first; index < last; index++) fragment.appendChild(this.renderRow(this.rows[index], index));
    this.window.replaceChildren(fragment);
    if (this.focusIndex >= first && this.focusIndex < last) this.tree.setAttribute('aria-activedescendant', `row-${this.focusIndex}`);
    else this.tree.removeAttribute('aria-activedescendant');
  }

  private renderRow(row: Row, index: number): HTMLElement {
    const element = document.createElement('div');
    element.className = index === this.focusIndex ? 'row focused' : 'row';
    element.id = `row-${index}`;
    element.dataset.index = String(index);
    element.setAttribute('role', 'treeitem');
    element.setAttribute('aria-level', String(row.depth + 1));
    element.setAttribute('aria-setsize', String(row.setSize));
    element.setAttribute('aria-posinset', String(row.position));
    element.style.paddingLeft = `${row.depth * 16 + 4}px`;
    const container = isContainer(row.value);
    const open = this.isOpen(row);
    if (container) element.setAttribute('aria-expanded', String(open));
    const match = this.matches.get(row.path);
    if (row.path === this.currentMatch) element.classList.add('current-match');
    append(element, 'toggle', container ? (open ? '▾' : '▸') : ' ').setAttribute('aria-hidden', 'true');
    if (row.key !== undefined) append(element, match?.inKey ? 'key match' : 'key', `${row.key}: `);
    append(element, `value ${typeOf(row.value)}${match?.inValue ? ' match' : ''}`, previewText(row.value));
    return element;
  }

  private scrollToFocus(): void {
    const top = this.focusIndex * ROW_HEIGHT;
    const height = this.viewport.clientHeight || 600;
    if (top < this.viewport.scrollTop) this.viewport.scrollTop = top;
    else if (top + ROW_HEIGHT > this.viewport.scrollTop + height) this.viewport.scrollTop = top + ROW_HEIGHT - height;
    this.render();
  }

  private moveFocus(index: number): void {
    this.focusIndex = Math.max(0, Math.min(this.rows.length - 1, index));
    this.scrollToFocus();
    this.changed();
  }

  private onClick(event: MouseEvent): void {
    const element = (event.target as HTMLElement).closest<HTMLElement>('.row');
    if (!element) return;
    const index = Number(element.dataset.index);
    this.focus();
    if (isContainer(this.rows[index]?.value)) this.toggleRow(index);
    else this.moveFocus(index);
  }

  private onKey(event: KeyboardEvent): void {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const row = this.rows[this.focusIndex];
    const page = Math.max(1, Math.floor((this.viewport.clientHeight || 600) / ROW_HEIGHT) - 1);
    switch (event.key) {
      case 'ArrowDown':
        this.moveFocus(this.focusIndex + 1);
        break;
      case 'ArrowUp':
        this.moveFocus(this.focusIndex - 1);
        break;
      case 'PageDown':
        this.moveFocus(this.focusIndex + page);
        break;
      case 'PageUp':
        this.moveFocus(this.focusIndex - page);
        break;
      case 'Home':
        this.moveFocus(0);
        break;
      case 'End':
        this.moveFocus(this.rows.length - 1);
        break;
      case 'ArrowRight':
        if (!row || !isContainer(row.value)) break;
        if (!this.isOpen(row)) this.toggleRow(this.focusIndex);
        else if (entries(row.value).length > 0) this.moveFocus(this.focusIndex + 1);
        break;
      case 'ArrowLeft':
        if (row && this.isOpen(row) && row.depth > 0) this.toggleRow(this.focusIndex);
        else if (row && row.parent >= 0) this.moveFocus(row.parent);
        break;
      case 'Enter':
      case ' ':
        if (row && row.depth > 0) this.toggleRow(this.focusIndex);
        break;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
    this.scrollToFocus();
  }
}

function append(parent: HTMLElement, className: string, text: string): HTMLSpanElement {
  const span = parent.appendChild(document.createElement('span'));
  span.className = className;
  span.textContent = text;
  return span;
}

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

const entryCache = new WeakMap<object, Array<[Segment, unknown]>>();

function entries(value: object): Array<[Segment, unknown]> {
  let cached = entryCache.get(value);
  if (!cached) {
    cached = Array.isArray(value) ? value.map((item, index) => [index, item] as [Segment, unknown]) : Object.entries(value);
    entryCache.set(value, cached);
  }
  return cached;
}

function typeOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  return value === null ? 'null' : typeof value;
}
