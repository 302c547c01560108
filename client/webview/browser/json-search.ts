// Find over a JSON value's keys and values, not over the DOM (most rows are never rendered). The walk is
// resumable: the panel runs it in slices between frames, so a search through a huge result never freezes
// the page. Hits come in row order (depth first, keys in object order), one per matching row.
import type { Segment } from './json-path';

export interface SearchHit {
  segments: Segment[];
  /** Which part of the row matched (both when the key and the value do). */
  inKey: boolean;
  inValue: boolean;
}

/** A value still to visit; its path is the chain of parents (built into segments only for a hit). */
interface Pending {
  value: unknown;
  key: Segment | undefined;
  parent: Pending | undefined;
}

export class JsonSearch {
  readonly hits: SearchHit[] = [];
  private readonly needle: string;
  private readonly stack: Pending[];

  /** Searches case-insensitively; the root row itself has no key and its value is not a primitive match. */
  constructor(
    root: unknown,
    query: string,
    readonly limit = 100_000,
  ) {
    this.needle = query.toLowerCase();
    this.stack = this.needle === '' ? [] : [{ value: root, key: undefined, parent: undefined }];
  }

  get done(): boolean {
    return this.stack.length === 0 || this.hits.length >= this.limit;
  }

  /** Visits up to `budget` values; returns whether the search is complete. */
  step(budget: number): boolean {
    for (let visited = 0; visited < budget && !this.done; visited++) {
      const pending = this.stack.pop() as Pending;
      const { value, key } = pending;
      const inKey = typeof key === 'string' && key.toLowerCase().includes(this.needle);
      const container = typeof value === 'object' && value !== null;
      const inValue = !container && String(value).toLowerCase().includes(this.needle);
      if (inKey || inValue) this.hits.push({ segments: segmentsOf(pending), inKey, inValue });
      if (!container) continue;
      // Pushed in reverse so the first child is visited first.
      if (Array.isArray(value)) {
        for (let index = value.length - 1; index >= 0; index--) this.stack.push({ value: value[index], key: index, parent: pending });
      } else {
        const keys = Object.keys(value);
        for (let index = keys.length - 1; index >= 0; index--)
          this.stack.push({ value: (value as Record<string, unknown>)[keys[index]], key: keys[index], parent: pending });
      }
    }
    return this.done;
  }

  /** Whether the hit list was cut at `limit`. */
  get truncated(): boolean {
    return this.hits.length >= this.limit;
  }
}

function segmentsOf(pending: Pending): Segment[] {
  const segments: Segment[] = [];
  for (let at: Pending | undefined = pending; at?.key !== undefined; at = at.parent) segments.push(at.key);
  return segments.reverse();
}
