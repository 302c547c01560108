// Structural diff of two JSON results: the paths added, removed or changed, in document order.
import { childPath } from './shapes';

interface DiffEntry {
  path: string;
  kind: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

interface StructuralDiff {
  entries: DiffEntry[];
  /** More differences than the cap: counted, not listed. */
  truncated: number;
}

/**
 * Levels the diff descends; below them a differing subtree is one change. Any EVM call tree fits (1,024
 * calls deep is 2,049 levels of JSON); deeper, each path's text would grow with the depth.
 */
export const MAX_DIFF_DEPTH = 2100;

const isContainer = (value: unknown): value is Record<string, unknown> | unknown[] => typeof value === 'object' && value !== null;

/** A pair of values at a path still to compare, or a key present on one side only (`only`). */
interface Pending {
  path: string;
  x: unknown;
  y: unknown;
  depth: number;
  only?: 'removed' | 'added';
}

/** Walks with a stack, not recursion: results can nest deeper than the call stack allows. */
export function structuralDiff(a: unknown, b: unknown, cap = 2000): StructuralDiff {
  const diff: StructuralDiff = { entries: [], truncated: 0 };
  const add = (entry: DiffEntry) => {
    if (diff.entries.length < cap) diff.entries.push(entry);
    else diff.truncated++;
  };
  const stack: Pending[] = [{ path: '$', x: a, y: b, depth: 0 }];
  while (stack.length > 0) {
    const { path, x, y, depth, only } = stack.pop() as Pending;
    if (only === 'removed') add({ path, kind: 'removed', before: x });
    else if (only === 'added') add({ path, kind: 'added', after: y });
    else if (isContainer(x) && isContainer(y) && Array.isArray(x) === Array.isArray(y) && depth < MAX_DIFF_DEPTH) {
      const xs = x as Record<string, unknown>;
      const ys = y as Record<string, unknown>;
      const keys = Array.isArray(x)
        ? Array.from({ length: Math.max(x.length, (y as unknown[]).length) }, (_, i) => i)
        : [...new Set([...Object.keys(x), ...Object.keys(y)])];
      // Pushed last to first, so that they come off the stack in document order.
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i];
        const inX = Object.prototype.hasOwnProperty.call(xs, key);
        const inY = Object.prototype.hasOwnProperty.call(ys, key);
        stack.push({
          path: childPath(path, key),
          x: xs[key],
          y: ys[key],
          depth: depth + 1,
          only: inX && inY ? undefined : inX ? 'removed' : 'added',
        });
      }
    } else if (!Object.is(x, y) && !(depth >= MAX_DIFF_DEPTH && sameJson(x, y))) {
      add({ path, kind: 'changed', before: x, after: y });
    }
  }
  return diff;
}

/** Whether two values hold the same JSON (object keys in any order), walked with a stack. */
function sameJson(a: unknown, b: unknown): boolean {
  const stack: Array<[unknown, unknown]> = [[a, b]];
  while (stack.length > 0) {
    const [x, y] = stack.pop() as [unknown, unknown];
    if (Object.is(x, y)) continue;
    if (!isContainer(x) || !isContainer(y) || Array.isArray(x) !== Array.isArray(y)) return false;
    const keys = Object.keys(x);
    if (keys.length !== Object.keys(y).length) return false;
    for (const key of keys) {
      if (!Object.prototype.hasOwnProperty.call(y, key)) return false;
      stack.push([(x as Record<string, unknown>)[key], (y as Record<string, unknown>)[key]]);
    }
  }
  return true;
}
