// One floating box of label/value lines, shared by the charts of a report.
import { el } from './dom';

let tooltips = 0;

export class Tooltip {
  readonly element = el('div', 'report-tooltip');

  constructor(parent: HTMLElement) {
    this.element.hidden = true;
    this.element.id = `report-tooltip-${++tooltips}`;
    this.element.setAttribute('role', 'tooltip');
    parent.append(this.element);
  }

  /** Shows `lines` beside the pointer. */
  show(lines: Array<[string, string]>, event: MouseEvent): void {
    this.fill(lines);
    this.move(event);
  }

  /** Shows `lines` at `x` below `below` (what must stay visible), else above `above`. */
  showAt(lines: Array<[string, string]>, x: number, below: number, above: number): void {
    this.fill(lines);
    this.place(x, below, above);
  }

  private fill(lines: Array<[string, string]>): void {
    this.element.replaceChildren(
      ...lines.map(([label, value]) => {
        const row = el('div', 'tooltip-row');
        row.append(el('span', 'tooltip-label', `${label} `), el('span', 'tooltip-value', value));
        return row;
      }),
    );
    this.element.hidden = false;
  }

  move(event: MouseEvent): void {
    if (!this.element.hidden) this.place(event.clientX + 14, event.clientY + 16, event.clientY);
  }

  /** At (x, below), or above `above` when it would overflow the bottom of the window. */
  private place(x: number, below: number, above: number): void {
    const left = Math.min(x, window.innerWidth - this.element.offsetWidth - 4);
    const top = below + this.element.offsetHeight > window.innerHeight ? above - this.element.offsetHeight - 8 : below;
    this.element.style.left = `${Math.max(0, left)}px`;
    this.element.style.top = `${Math.max(0, top)}px`;
  }

  hide(): void {
    this.element.hidden = true;
  }
}
