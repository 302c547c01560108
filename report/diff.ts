// Structural diff of two JSON results: the paths added, removed or changed, in document order.
import { childPath } from './shapes';

export interface DiffEntry {
  path: string;
  kind: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

export interface StructuralDiff {
  entries: DiffEntry[];
  /** More differences than the cap: counted, not listed. */
  truncated: number;
}

const isContainer = (value: unknown): value is Record<string, unknown> | unknown[] => typeof value === 'object' && value !== null;

export function structuralDiff(a: unknown, b: unknown, cap = 2000): StructuralDiff {
  const diff: StructuralDiff = { entries: [], truncated: 0 };
  const add = (entry: DiffEntry) => {
    if (diff.entries.length < cap) diff.entries.push(entry);
    else diff.truncated++;
  };
  const walk = (path: string, x: unknown, y: unknown): void => {
    if (isContainer(x) && isContainer(y) && Array.isArray(x) === Array.isArray(y)) {
      const xs = x as Record<string, unknown>;
      const ys = y as Record<string, unknown>;
      const keys = Array.isArray(x) ? Array.from({ length: Math.max(x.length, (y as unknown[]).length) }, (_, i) => i) : [...new Set([...Object.keys(x), ...Object.keys(y)])];
      for (const key of keys) {
        const sub = childPath(path, key);
        const inX = Object.prototype.hasOwnProperty.call(xs, key);
        const inY = Object.prototype.hasOwnProperty.call(ys, key);
        if (inX && inY) walk(sub, xs[key], ys[key]);
        else if (inX) add({ path: sub, kind: 'removed', before: xs[key] });
        else add({ path: sub, kind: 'added', after: ys[key] });
      }
      return;
    }
    if (!Object.is(x, y)) add({ path, kind: 'changed', before: x, after: y });
  };
  walk('$', a, b);
  return diff;
}
