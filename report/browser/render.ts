// Draws a result's recognised shapes (flame chart + call list, bar chart, prestate table) into a container;
// used by the standalone HTML report and by the result panel.
import type { NameTable } from '../../core/abi/names';
import type { ReportData, ReportSource } from '../data';
import { jsonText } from '../json-text';
import { findShapes, type FoundShape } from '../shapes';
import { barChart } from './bars';
import { callList } from './call-list';
import { renderCompare } from './compare';
import { counted, el, formatNumber, section } from './dom';
import { figuresTable } from './figures';
import { FlameChart } from './flame';
import { describerFor, type FrameDescriber } from './frames';
import { prestateTables } from './prestate';
import { Tooltip } from './tooltip';

const where = (path: string) => (path === '$' ? '' : ` at ${path}`);

function renderShape(parent: HTMLElement, found: FoundShape, describer: FrameDescriber, names: NameTable, tooltip: Tooltip): void {
  const { shape, path } = found;
  switch (shape.kind) {
    case 'calls': {
      const title = `Call tree${where(path)}: ${counted(shape.frameCount, 'frame')}, ${formatNumber(shape.root.gasUsed)} gas used${shape.flat ? ' (flat list)' : ''}`;
      const body = section(parent, title, 'calls');
      new FlameChart(shape.root, describer, tooltip).mountIn(body);
      const list = el('details', 'call-list-box');
      list.open = true;
      list.append(el('summary', 'call-list-title', 'Calls'), callList(shape.root, describer, names));
      body.append(list);
      return;
    }
    case 'counts':
      if (shape.comparable)
        section(parent, `Counts${where(path)}: ${counted(shape.entries.length, 'key')}`, 'counts').append(barChart(shape.entries));
      else
        section(parent, `Figures${where(path)}: ${counted(shape.entries.length, 'value')}`, 'figures').append(figuresTable(shape.entries));
      return;
    case 'prestate':
      section(parent, `State changes${where(path)}`, 'prestate').append(prestateTables(shape.diff));
      return;
  }
}

/** Draws every recognised shape; returns how many (0: nothing to draw, show the JSON instead). */
export function renderPictures(parent: HTMLElement, result: unknown, names: NameTable, tooltip = new Tooltip(document.body)): number {
  const shapes = findShapes(result);
  const describer = describerFor(names);
  for (const found of shapes) renderShape(parent, found, describer, names, tooltip);
  return shapes.length;
}

/** Which node, target, method and tracer a result came from. */
function sourceList(source: ReportSource): HTMLElement {
  const list = el('dl', 'report-source');
  for (const [label, value] of [
    ['Node', `${source.node} (${source.maskedUrl})`],
    ['Target', source.target],
    ['Method', source.method],
    ['Tracer', source.tracer],
  ]) {
    list.append(el('dt', '', label), el('dd', '', value));
  }
  return list;
}

/** The whole report: pictures of the main result, the compare view, and the result JSON. */
export function renderReport(parent: HTMLElement, data: ReportData): void {
  const tooltip = new Tooltip(document.body);
  parent.append(el('h1', 'report-title', data.compare ? `${data.main.title} compared with ${data.compare.title}` : data.main.title));
  for (const side of data.compare ? [data.main, data.compare] : [data.main]) {
    if (!side.source) continue;
    // With two results, which one each list describes.
    if (data.compare) parent.append(el('p', 'report-source-side', side.title));
    parent.append(sourceList(side.source));
  }
  if (data.compare) renderCompare(parent, data.main, data.compare, data.names, tooltip);
  const drawn = renderPictures(parent, data.main.result, data.names, tooltip);
  if (drawn === 0) parent.append(el('p', 'muted', 'No call tree, count map or prestate diff recognised in this result.'));
  for (const side of data.compare ? [data.main, data.compare] : [data.main]) {
    const json = el('details', 'report-json');
    json.append(el('summary', '', `JSON: ${side.title}`), el('pre', 'json-text', jsonText(side.result, { indent: 2 })));
    parent.append(json);
  }
}
