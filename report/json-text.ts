// JSON text of JSON data (what JSON.parse gives) at any depth. JSON.stringify recurses and runs out of stack
// near 10,000 levels, and a custom tracer can return a result nested that deep: such data is written by a
// loop here instead. Shared by the report (Node and browser) and the result panel.

/** Below this many levels indentation stops growing: else a deep result's text grows with its depth squared. */
export const MAX_INDENT_DEPTH = 64;

interface JsonTextOptions {
  /** Spaces per level, as JSON.stringify's third argument; 0 for compact text. */
  indent?: number;
  /** At most this many characters (a preview): the text is cut there, and the walk stops. */
  limit?: number;
}

/** A container being written: its keys (undefined for an array) and the next entry. */
interface Open {
  container: Record<string, unknown> | unknown[];
  keys: string[] | undefined;
  next: number;
  depth: number;
}

/** Values JSON has no text for: left out of objects, null in arrays (as JSON.stringify does). */
const absent = (value: unknown) => value === undefined || typeof value === 'function' || typeof value === 'symbol';

/**
 * The text JSON.stringify(value, null, indent) gives, also for data too deep for it; a value JSON has no
 * text for gives 'null'. With `limit`, at most that many characters, without writing the rest.
 */
export function jsonText(value: unknown, { indent = 0, limit }: JsonTextOptions = {}): string {
  if (limit === undefined) {
    try {
      return JSON.stringify(value, null, indent) ?? 'null';
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      // Too deep for the native writer's stack.
    }
  }
  return walk(value, indent, limit ?? Infinity);
}

function walk(value: unknown, indent: number, limit: number): string {
  const parts: string[] = [];
  let length = 0;
  const write = (text: string) => {
    parts.push(text);
    length += text.length;
  };
  const newline = (depth: number) => (indent > 0 ? `\n${' '.repeat(indent * Math.min(depth, MAX_INDENT_DEPTH))}` : '');
  const colon = indent > 0 ? ': ' : ':';
  const stack: Open[] = [];
  const start = (item: unknown, depth: number) => {
    if (typeof item !== 'object' || item === null) {
      write(absent(item) ? 'null' : JSON.stringify(item));
      return;
    }
    const keys = Array.isArray(item) ? undefined : Object.keys(item).filter((key) => !absent((item as Record<string, unknown>)[key]));
    const brackets = keys ? '{}' : '[]';
    if ((keys ?? (item as unknown[])).length === 0) {
      write(brackets);
      return;
    }
    write(brackets[0]);
    stack.push({ container: item as Open['container'], keys, next: 0, depth });
  };
  start(value, 0);
  while (stack.length > 0 && length < limit) {
    const open = stack[stack.length - 1];
    const size = open.keys ? open.keys.length : (open.container as unknown[]).length;
    if (open.next === size) {
      stack.pop();
      write(newline(open.depth) + (open.keys ? '}' : ']'));
      continue;
    }
    const at = open.next++;
    const key = open.keys?.[at];
    write(`${at > 0 ? ',' : ''}${newline(open.depth + 1)}${key === undefined ? '' : JSON.stringify(key) + colon}`);
    start(key === undefined ? (open.container as unknown[])[at] : (open.container as Record<string, unknown>)[key], open.depth + 1);
  }
  const text = parts.join('');
  return text.length > limit ? text.slice(0, limit) : text;
}
