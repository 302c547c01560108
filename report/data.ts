// What a report carries: the result(s), a title, and the names (only those the results mention, so that
// an embedded report stays small).
import { subset, type NameTable } from '../core/abi/names';
import { findShapes, type CallFrame } from './shapes';

/** Where a result came from, as the result panel's header says it: the node's URL masked (reportUrl), never a secret. */
export interface ReportSource {
  method: string;
  tracer: string;
  node: string;
  maskedUrl: string;
  target: string;
}

export interface ReportSide {
  title: string;
  result: unknown;
  source?: ReportSource;
}

export interface ReportData {
  main: ReportSide;
  compare?: ReportSide;
  names: NameTable;
}

/** Selectors (call inputs, revert outputs), topic0s and callees in every call tree of the results (of any depth). */
function mentioned(results: unknown[]): { selectors: Set<string>; topics: Set<string>; addresses: Set<string> } {
  const selectors = new Set<string>();
  const topics = new Set<string>();
  const addresses = new Set<string>();
  const stack: CallFrame[] = [];
  for (const result of results) {
    for (const { shape } of findShapes(result)) if (shape.kind === 'calls') stack.push(shape.root);
  }
  while (stack.length > 0) {
    const frame = stack.pop() as CallFrame;
    for (const hex of [frame.input, frame.output]) if (hex && hex.length >= 10) selectors.add(hex.slice(0, 10).toLowerCase());
    for (const log of frame.logs) if (log.topics[0]) topics.add(log.topics[0].toLowerCase());
    if (frame.to) addresses.add(frame.to.toLowerCase());
    for (const child of frame.calls) stack.push(child);
  }
  return { selectors, topics, addresses };
}

/**
 * A masked node URL as a report shows it: besides the masked key, without user info, query or fragment,
 * where a token may sit that the masker cannot tell from other text.
 */
function reportUrl(maskedUrl: string): string {
  return maskedUrl
    .replace(/^([a-z][a-z\d+.-]*:\/\/)[^/?#]*@/i, '$1****@')
    .replace(/[?#][^]*$/, (rest) => (rest.startsWith('?') ? '?****' : ''));
}

const shown = (side: ReportSide): ReportSide =>
  side.source ? { ...side, source: { ...side.source, maskedUrl: reportUrl(side.source.maskedUrl) } } : side;

export function reportData(main: ReportSide, names: NameTable, compare?: ReportSide): ReportData {
  const { selectors, topics, addresses } = mentioned(compare ? [main.result, compare.result] : [main.result]);
  return { main: shown(main), compare: compare && shown(compare), names: subset(names, selectors, topics, addresses) };
}
