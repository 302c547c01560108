// One floating box of label/value lines, shared by the charts of a report.
import { el } from './dom';

export class Tooltip {
  readonly element = el('div', 'report-tooltip');

  constructor(parent: HTMLElement) {
    this.element.hidden = true;
    this.element.setAttribute('role', 'tooltip');
    parent.append(this.element);
  }

  show(lines: Array<[string, string]>, event: MouseEvent): void {
    this.element.replaceChildren(
      ...lines.map(([label, value]) => {
        const row = el('div', 'tooltip-row');
        row.append(el('span', 'tooltip-label', `${label} `), el('span', 'tooltip-value', value));
        return row;
      }),
    );
    this.element.hidden = false;
    this.move(event);
  }

  move(event: MouseEvent): void {
    if (this.element.hidden) return;
    const x = Math.min(event.clientX + 14, window.innerWidth - this.element.offsetWidth - 4);
    const y = event.clientY + 16 + this.element.offsetHeight > window.innerHeight ? event.clientY - this.element.offsetHeight - 8 : event.clientY + 16;
    this.element.style.left = `${Math.max(0, x)}px`;
    this.element.style.top = `${Math.max(0, y)}px`;
  }

  hide(): void {
    this.element.hidden = true;
  }
}
