// Looks up functions, errors and events by selector / topic: workspace ABIs first, then the built-in
// table. `subset` picks only what a result mentions, small enough to embed in a report.
import { commonEntries } from './common-signatures';
import { selectorOf, topicOf } from './signature';
import type { AbiEntry, AbiError, AbiEvent, AbiFunction } from './types';

/** Entries keyed by selector (functions, errors) and topic0 (events); serialisable. */
export interface NameTable {
  functions: Record<string, AbiFunction>;
  errors: Record<string, AbiError>;
  /** Several events can share a topic (EIP-20 and EIP-721 Transfer): told apart by the topic count. */
  events: Record<string, AbiEvent[]>;
  /** Contract names by lower-case address (the local node's seeded examples), for labelling calls. */
  contracts?: Record<string, string>;
}

export function emptyNames(): NameTable {
  return { functions: {}, errors: {}, events: {} };
}

/** Adds entries; a key already present keeps its first entry (so add workspace ABIs before built-ins). */
export function addEntries(table: NameTable, entries: AbiEntry[]): NameTable {
  for (const entry of entries) {
    if (entry.kind === 'event') {
      if (entry.anonymous) continue;
      const list = (table.events[topicOf(entry)] ??= []);
      const indexed = entry.inputs.filter((i) => i.indexed).length;
      if (!list.some((e) => e.inputs.filter((i) => i.indexed).length === indexed)) list.push(entry);
    } else {
      const map: Record<string, AbiEntry> = entry.kind === 'function' ? table.functions : table.errors;
      map[selectorOf(entry)] ??= entry;
    }
  }
  return table;
}

let builtIn: NameTable | undefined;

/** Workspace entries, then the built-in table. */
export function nameTable(workspace: AbiEntry[] = []): NameTable {
  const table = addEntries(emptyNames(), workspace);
  builtIn ??= addEntries(emptyNames(), commonEntries());
  for (const [key, fn] of Object.entries(builtIn.functions)) table.functions[key] ??= fn;
  for (const [key, error] of Object.entries(builtIn.errors)) table.errors[key] ??= error;
  for (const events of Object.values(builtIn.events)) addEntries(table, events);
  return table;
}

/** The event for topic0 with this many topics (the indexed arguments + 1). */
export function eventFor(table: NameTable, topic0: string, topicCount: number): AbiEvent | undefined {
  const list = table.events[topic0.toLowerCase()];
  return list?.find((e) => e.inputs.filter((i) => i.indexed).length + 1 === topicCount) ?? list?.[0];
}

/** Both tables' entries; where both have a key, `first`'s. */
export function mergeNames(first: NameTable, second: NameTable): NameTable {
  const out: NameTable = {
    functions: { ...second.functions, ...first.functions },
    errors: { ...second.errors, ...first.errors },
    events: { ...second.events, ...first.events },
  };
  if (first.contracts || second.contracts) out.contracts = { ...second.contracts, ...first.contracts };
  return out;
}

/** Only the entries for these selectors, topics and addresses. */
export function subset(
  table: NameTable,
  selectors: Iterable<string>,
  topics: Iterable<string>,
  addresses: Iterable<string> = [],
): NameTable {
  const out = emptyNames();
  for (const address of addresses) {
    const name = table.contracts?.[address.toLowerCase()];
    if (name !== undefined) (out.contracts ??= {})[address.toLowerCase()] = name;
  }
  for (const s of selectors) {
    const key = s.toLowerCase();
    if (table.functions[key]) out.functions[key] = table.functions[key];
    if (table.errors[key]) out.errors[key] = table.errors[key];
  }
  for (const t of topics) {
    const key = t.toLowerCase();
    if (table.events[key]) out.events[key] = table.events[key];
  }
  return out;
}
