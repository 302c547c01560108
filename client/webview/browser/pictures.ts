// The panel's pictures view: the report renderer's drawings of a result (flame chart, call list, bars,
// state tables) and the compare view, named with what the extension sends from the workspace's ABIs.
import { mergeNames, nameTable, type NameTable } from '../../../core/abi/names';
import { renderCompare } from '../../../report/browser/compare';
import { renderPictures } from '../../../report/browser/render';
import { Tooltip } from '../../../report/browser/tooltip';
import type { ReportSide } from '../../../report/data';
import { findShapes } from '../../../report/shapes';

export class PicturesView {
  private names: NameTable = nameTable();
  private comparison: { a: ReportSide; b: ReportSide } | undefined;
  private tooltip: Tooltip | undefined;
  private lastChecked: { value: unknown; has: boolean } | undefined;

  /** Whether the result has a shape the view draws (else the panel keeps the JSON tree). */
  has(value: unknown): boolean {
    if (this.lastChecked?.value !== value) this.lastChecked = { value, has: findShapes(value, 1).length > 0 };
    return this.lastChecked?.has ?? false;
  }

  get comparing(): boolean {
    return this.comparison !== undefined;
  }

  setNames(names: NameTable): void {
    this.names = mergeNames(names, this.names);
  }

  compare(a: ReportSide, b: ReportSide): void {
    this.comparison = { a, b };
  }

  endCompare(): void {
    this.comparison = undefined;
  }

  render(container: HTMLElement, value: unknown): void {
    this.tooltip ??= new Tooltip(document.body);
    container.className = 'pictures-view';
    if (this.comparison) renderCompare(container, this.comparison.a, this.comparison.b, this.names, this.tooltip);
    else renderPictures(container, value, this.names, this.tooltip);
  }
}
