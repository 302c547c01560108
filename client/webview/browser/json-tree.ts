// A collapsible JSON tree that stays smooth with huge results: the expanded tree is kept as a flat row list
// and only the rows in (and just around) the viewport exist in the DOM. Every value is written with
// textContent, so a node's `<script>` is shown as text and never runs.

const ROW_HEIGHT = 20;
const OVERSCAN = 20;
const PREVIEW_LIMIT = 300;
const SEP = '\u0000';

interface Row {
  depth: number;
  key: string | undefined;
  value: unknown;
  path: string;
}

export class JsonTree {
  private rows: Row[] = [];
  private readonly expanded = new Set<string>();
  private readonly spacer: HTMLDivElement;
  private readonly window: HTMLDivElement;
  private scheduled = false;

  constructor(
    private readonly viewport: HTMLElement,
    private readonly value: unknown,
  ) {
    this.spacer = viewport.appendChild(document.createElement('div'));
    this.spacer.className = 'tree-spacer';
    this.window = this.spacer.appendChild(document.createElement('div'));
    this.window.className = 'tree-window';
    this.expanded.add('$');
    // Small results open one level further so the interesting part is visible at once.
    if (isContainer(value) && entries(value).length <= 20) for (const [key] of entries(value)) this.expanded.add(`$${SEP}${key}`);
    viewport.addEventListener('scroll', () => this.schedule());
    this.window.addEventListener('click', (event) => this.onClick(event));
    new ResizeObserver(() => this.schedule()).observe(viewport);
    this.rebuild();
  }

  get rowCount(): number {
    return this.rows.length;
  }

  /** The text of the rows currently in the DOM. */
  renderedRows(): string[] {
    return Array.from(this.window.children).map((row) => row.textContent ?? '');
  }

  private rebuild(): void {
    const rows: Row[] = [];
    const visit = (key: string | undefined, value: unknown, depth: number, path: string): void => {
      rows.push({ depth, key, value, path });
      if (!isContainer(value) || !this.expanded.has(path)) return;
      for (const [childKey, child] of entries(value)) visit(childKey, child, depth + 1, `${path}${SEP}${childKey}`);
    };
    visit(undefined, this.value, 0, '$');
    this.rows = rows;
    this.spacer.style.height = `${rows.length * ROW_HEIGHT}px`;
    this.render();
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
  }

  private renderRow(row: Row, index: number): HTMLElement {
    const element = document.createElement('div');
    element.className = 'row';
    element.dataset.index = String(index);
    element.style.paddingLeft = `${row.depth * 16 + 4}px`;
    const container = isContainer(row.value);
    const open = container && this.expanded.has(row.path);
    append(element, 'toggle', container ? (open ? '▾' : '▸') : ' ');
    if (row.key !== undefined) append(element, 'key', `${row.key}: `);
    if (container) {
      const count = entries(row.value as object).length;
      const array = Array.isArray(row.value);
      append(element, 'bracket', open ? (array ? '[' : '{') : array ? '[…]' : '{…}');
      append(element, 'count', ` ${count} ${array ? (count === 1 ? 'item' : 'items') : count === 1 ? 'key' : 'keys'}`);
    } else {
      append(element, `value ${typeOf(row.value)}`, preview(row.value));
    }
    return element;
  }

  private onClick(event: MouseEvent): void {
    const element = (event.target as HTMLElement).closest<HTMLElement>('.row');
    const row = element ? this.rows[Number(element.dataset.index)] : undefined;
    if (!row || !isContainer(row.value)) return;
    if (this.expanded.has(row.path)) this.expanded.delete(row.path);
    else this.expanded.add(row.path);
    this.rebuild();
  }
}

function append(parent: HTMLElement, className: string, text: string): void {
  const span = parent.appendChild(document.createElement('span'));
  span.className = className;
  span.textContent = text;
}

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

const entryCache = new WeakMap<object, Array<[string, unknown]>>();

function entries(value: object): Array<[string, unknown]> {
  let cached = entryCache.get(value);
  if (!cached) {
    cached = Array.isArray(value) ? value.map((item, index) => [String(index), item] as [string, unknown]) : Object.entries(value);
    entryCache.set(value, cached);
  }
  return cached;
}

function typeOf(value: unknown): string {
  return value === null ? 'null' : typeof value;
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > PREVIEW_LIMIT ? `${text.slice(0, PREVIEW_LIMIT)}… (${text.length} characters)` : text;
}
