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

interface Pending {
  segments: Segment[];
  value: unknown;
}

export class JsonSearch {
  readonly hits: SearchHit[] = [];
  private readonly needle: string;
  private readonly stack: Pending[];

  /** Searches case-insensitively; the root row itself has no key and its value is not a primitive match. */
  constructor(root: unknown, query: string, readonly limit = 100_000) {
    this.needle = query.toLowerCase();
    this.stack = this.needle === '' ? [] : [{ segments: [], value: root }];
  }

  get done(): boolean {
    return this.stack.length === 0 || this.hits.length >= this.limit;
  }

  /** Visits up to `budget` values; returns whether the search is complete. */
  step(budget: number): boolean {
    for (let visited = 0; visited < budget && !this.done; visited++) {
      const { segments, value } = this.stack.pop() as Pending;
      const key = segments.at(-1);
      const inKey = typeof key === 'string' && key.toLowerCase().includes(this.needle);
      const container = typeof value === 'object' && value !== null;
      const inValue = !container && String(value).toLowerCase().includes(this.needle);
      if (inKey || inValue) this.hits.push({ segments, inKey, inValue });
      if (!container) continue;
      // Pushed in reverse so the first child is visited first.
      const keys: Segment[] = Array.isArray(value) ? value.map((_, index) => index) : Object.keys(value);
      for (let index = keys.length - 1; index >= 0; index--) {
        const child = keys[index];
        this.stack.push({ segments: [...segments, child], value: (value as Record<Segment, unknown>)[child] });
      }
    }
    return this.done;
  }

  /** Whether the hit list was cut at `limit`. */
  get truncated(): boolean {
    return this.hits.length >= this.limit;
  }
}
