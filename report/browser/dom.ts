// Small DOM helpers for the report and the result panel's script: text only (textContent), never HTML
// strings, so result data cannot become markup.
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A button; `title` is also its accessible name when the label is only a symbol. */
export function button(label: string, onClick: () => void, title?: string, className = 'action'): HTMLButtonElement {
  const node = el('button', className, label);
  if (title) node.title = title;
  node.addEventListener('click', onClick);
  return node;
}

export function shortHex(hex: string | undefined, keep = 6): string {
  if (!hex) return '';
  return hex.length > 2 + keep * 2 ? `${hex.slice(0, 2 + keep)}…${hex.slice(-4)}` : hex;
}

/** Decoded texts longer than this are cut for display: the whole input stays in the result's JSON. */
const MAX_SHOWN_TEXT = 1000;

export function clipText(text: string | undefined): string | undefined {
  return text !== undefined && text.length > MAX_SHOWN_TEXT
    ? `${text.slice(0, MAX_SHOWN_TEXT)}… (${formatNumber(text.length)} characters)`
    : text;
}

// One formatter: toLocaleString builds a new one per call, which shows with thousands of frames.
const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** `1 frame`, `2 frames`: a count with its noun in the right number. */
export function counted(count: number, noun: string, plural = `${noun}s`): string {
  return `${formatNumber(count)} ${count === 1 ? noun : plural}`;
}

export function percent(part: number, whole: number): string {
  return whole > 0 ? `${((part / whole) * 100).toFixed(part / whole < 0.001 && part > 0 ? 3 : 1)}%` : '—';
}

/** A section with a heading; returns the body to fill. */
export function section(parent: HTMLElement, title: string, className: string): HTMLElement {
  const box = el('section', `report-section ${className}`);
  box.append(el('h2', 'report-heading', title));
  const body = el('div', 'report-body');
  box.append(body);
  parent.append(box);
  return body;
}
