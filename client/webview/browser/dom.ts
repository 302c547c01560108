// DOM helpers for the panel's script: elements are built with text only (textContent), never from HTML.

export function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A button; `title` is also its accessible name when the label is only a symbol. */
export function button(label: string, onClick: () => void, title?: string, className = 'action'): HTMLButtonElement {
  const node = element('button', className, label);
  if (title) node.title = title;
  node.addEventListener('click', onClick);
  return node;
}
