// The gas flame (icicle) chart: one box per frame, width proportional to gasUsed against the zoomed frame,
// depth downwards. Click zooms into a frame, the breadcrumb zooms out. From the keyboard the chart is one tab
// stop: arrows move between frames (down into the first callee, up to the caller, left and right between
// siblings), Enter zooms into the focused frame, Escape zooms out a level; the focused frame's details show
// as on hover. Boxes carry data-frame="PATH" (indices from the root: 0, 0.1, 0.1.2) and data-reverted.
import { countFrames, type CallFrame } from '../shapes';
import { counted, el } from './dom';
import { frameAt, type FrameDescriber } from './frames';
import type { Tooltip } from './tooltip';

const ROW = 22;
/** Frames narrower than this (in pixels) are not drawn, nor their children: zooming in shows them. */
const MIN_PX = 0.5;
/** Below this width (pixels) a box gets no label: it would not fit, and text layout is most of the cost. */
const LABEL_PX = 24;
/**
 * Levels drawn below the zoomed frame: every real trace fits (the EVM's call depth limit is 1,024); a deeper
 * tree from a custom tracer is drawn a window at a time, by zooming in.
 */
const MAX_LEVELS = 1025;
/** Breadcrumbs shown at most: the root, then the levels closest to the zoomed frame. */
const MAX_CRUMBS = 12;

export class FlameChart {
  readonly element = el('div', 'flame');
  private readonly crumbs = el('nav', 'flame-crumbs');
  private readonly canvas = el('div', 'flame-canvas');
  private readonly hiddenNote = el('p', 'muted flame-note');
  private zoomPath = '0';
  /** The frame the keyboard is on: the chart's one tab stop. */
  private focusPath = '0';

  constructor(
    private readonly root: CallFrame,
    private readonly describer: FrameDescriber,
    private readonly tooltip: Tooltip,
  ) {
    this.crumbs.setAttribute('aria-label', 'Zoom path');
    this.canvas.setAttribute('role', 'group');
    this.canvas.setAttribute('aria-label', 'Gas flame chart: arrow keys move between calls, Enter zooms in, Escape zooms out');
    this.element.append(this.crumbs, this.canvas, this.hiddenNote);
    this.canvas.addEventListener('click', (event) => {
      const hit = this.frameOf(event);
      if (hit) this.zoom(hit.path);
    });
    this.canvas.addEventListener('mouseover', (event) => {
      const hit = this.frameOf(event);
      if (hit) this.tooltip.show(this.describer.details(hit.frame, this.root), event);
    });
    this.canvas.addEventListener('mousemove', (event) => this.tooltip.move(event));
    this.canvas.addEventListener('mouseleave', () => this.tooltip.hide());
    this.canvas.addEventListener('keydown', (event) => this.onKey(event));
    this.canvas.addEventListener('focusin', (event) => {
      const hit = this.frameOf(event);
      if (!hit) return;
      hit.box.setAttribute('aria-describedby', this.tooltip.element.id);
      // Below the whole chart, so that the frames around the focused one stay in view.
      const chart = this.canvas.getBoundingClientRect();
      this.tooltip.showAt(this.describer.details(hit.frame, this.root), hit.box.getBoundingClientRect().left, chart.bottom + 4, chart.top);
    });
    this.canvas.addEventListener('focusout', () => this.tooltip.hide());
  }

  /** Appends the chart and draws it (attached first, so that its width is known). */
  mountIn(parent: HTMLElement): this {
    parent.append(this.element);
    this.draw();
    return this;
  }

  zoom(path: string): void {
    if (!frameAt(this.root, path) || path === this.zoomPath) return;
    const refocus = this.canvas.contains(document.activeElement);
    this.zoomPath = path;
    this.focusPath = path;
    this.tooltip.hide();
    this.draw();
    if (refocus) this.box(path)?.focus();
  }

  /** The frame box an event happened in, its path and its frame. */
  private frameOf(event: Event): { box: HTMLElement; path: string; frame: CallFrame } | undefined {
    const box = (event.target as HTMLElement).closest<HTMLElement>('[data-frame]');
    const path = box?.dataset.frame;
    const frame = path ? frameAt(this.root, path) : undefined;
    return box && path && frame ? { box, path, frame } : undefined;
  }

  private box(path: string): HTMLElement | null {
    return this.canvas.querySelector<HTMLElement>(`[data-frame="${path}"]`);
  }

  /** Moves the keyboard to the drawn frame at `path` (a frame too narrow to draw is not reached). */
  private moveTo(path: string): void {
    const target = this.box(path);
    if (!target) return;
    this.box(this.focusPath)?.setAttribute('tabindex', '-1');
    target.setAttribute('tabindex', '0');
    this.focusPath = path;
    target.focus();
  }

  private onKey(event: KeyboardEvent): void {
    const parts = this.focusPath.split('.');
    const last = Number(parts[parts.length - 1]);
    const sibling = (offset: number) => [...parts.slice(0, -1), String(last + offset)].join('.');
    const moves: Record<string, () => void> = {
      ArrowDown: () => this.moveTo(`${this.focusPath}.0`),
      ArrowUp: () => this.focusPath !== this.zoomPath && this.moveTo(parts.slice(0, -1).join('.')),
      ArrowRight: () => this.focusPath !== this.zoomPath && this.moveTo(sibling(1)),
      ArrowLeft: () => this.focusPath !== this.zoomPath && last > 0 && this.moveTo(sibling(-1)),
      Home: () => this.moveTo(this.zoomPath),
      Enter: () => this.zoom(this.focusPath),
      ' ': () => this.zoom(this.focusPath),
      Escape: () => this.zoomPath !== '0' && this.zoom(this.zoomPath.split('.').slice(0, -1).join('.')),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  }

  private draw(): void {
    const focus = frameAt(this.root, this.zoomPath) as CallFrame;
    const boxes = document.createDocumentFragment();
    let maxDepth = 0;
    let narrow = 0;
    let deeper = 0;
    const scale = focus.gasUsed > 0 ? 100 / focus.gasUsed : 0;
    // Before the chart is attached its width is unknown (0): then every frame is drawn.
    const pixels = this.canvas.clientWidth / 100;
    const minWidth = pixels > 0 ? MIN_PX / pixels : 0;
    const labelWidth = pixels > 0 ? LABEL_PX / pixels : 0;
    // Walked with a stack (a tree can be any depth), callees pushed last to first: boxes come in tree order.
    const pending: Placed[] = [{ frame: focus, path: this.zoomPath, left: 0, width: 100, depth: 0 }];
    while (pending.length > 0) {
      const { frame, path, left, width, depth } = pending.pop() as Placed;
      if (depth > 0 && width < minWidth) {
        narrow += countFrames(frame);
        continue;
      }
      if (depth >= MAX_LEVELS) {
        deeper += countFrames(frame);
        continue;
      }
      maxDepth = Math.max(maxDepth, depth);
      boxes.append(this.frameBox(frame, path, left, width, depth, width >= labelWidth));
      // Callees sit side by side from the caller's left edge; clamped to it if gas data is inconsistent.
      const callees: Placed[] = [];
      let cursor = left;
      const right = left + width;
      frame.calls.forEach((child, i) => {
        const childWidth = Math.max(0, Math.min(child.gasUsed * scale, right - cursor));
        callees.push({ frame: child, path: `${path}.${i}`, left: cursor, width: childWidth, depth: depth + 1 });
        cursor += childWidth;
      });
      for (let i = callees.length - 1; i >= 0; i--) pending.push(callees[i]);
    }
    this.canvas.style.height = `${(maxDepth + 1) * ROW}px`;
    this.canvas.replaceChildren(boxes);
    const notes: string[] = [];
    if (narrow > 0) notes.push(`${frameCount(narrow)} too narrow to draw at this zoom`);
    if (deeper > 0) notes.push(`${frameCount(deeper)} more than ${MAX_LEVELS.toLocaleString('en-US')} levels below the top frame`);
    this.hiddenNote.textContent = notes.length > 0 ? `${notes.join('; ')}: click a frame to zoom in.` : '';
    this.drawCrumbs();
  }

  private frameBox(frame: CallFrame, path: string, left: number, width: number, depth: number, labelled: boolean): HTMLElement {
    const info = this.describer.info(frame);
    const box = el('div', `frame frame-${frame.type.toLowerCase()}`, labelled ? info.label : undefined);
    box.dataset.frame = path;
    box.setAttribute('role', 'button');
    // The label only: the details are the tooltip's, which describes the box while it has focus.
    box.setAttribute('aria-label', info.label);
    box.tabIndex = path === this.focusPath ? 0 : -1;
    if (info.reverted) {
      box.dataset.reverted = '';
      box.classList.add('reverted');
    }
    box.style.cssText = `left:${left}%;width:${width}%;top:${depth * ROW}px`;
    return box;
  }

  /** The zoom path from the root, one walk down; past MAX_CRUMBS levels the middle ones are left out. */
  private drawCrumbs(): void {
    const indices = this.zoomPath.split('.').slice(1);
    const crumbs: HTMLElement[] = [];
    let frame = this.root;
    let path = '0';
    for (let level = 0; level <= indices.length; level++) {
      if (level > 0) {
        frame = frame.calls[Number(indices[level - 1])];
        path += `.${indices[level - 1]}`;
      }
      const skipped = indices.length + 1 - MAX_CRUMBS;
      if (skipped > 0 && level === 1) crumbs.push(el('span', 'flame-crumb-gap muted', `… ${counted(skipped, 'level')} …`));
      if (skipped > 0 && level >= 1 && level <= skipped) continue;
      const crumb = el(
        'button',
        'flame-crumb',
        level === 0 ? `root: ${this.describer.info(frame).label}` : this.describer.info(frame).label,
      );
      const target = path;
      crumb.dataset.crumb = target;
      crumb.disabled = target === this.zoomPath;
      crumb.addEventListener('click', () => this.zoom(target));
      crumbs.push(crumb);
    }
    this.crumbs.replaceChildren(...crumbs);
  }
}

/** A frame to draw: where its box goes. */
interface Placed {
  frame: CallFrame;
  path: string;
  left: number;
  width: number;
  depth: number;
}

const frameCount = (count: number) => counted(count, 'frame');
