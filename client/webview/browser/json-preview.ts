// One-line previews of JSON values, as debuggers show a collapsed object: its first keys and values
// (`{pc: 0, op: "PUSH1", gas: 99979, …}`), an array's length and first items (`(4) ["PUSH1", "PUSH1", …]`).
// Nested containers are abbreviated, long strings shortened, and the whole line is kept under a budget.

const LINE_BUDGET = 100;
const STRING_BUDGET = 40;
const ROW_TEXT_BUDGET = 300;
const KEY = /^[A-Za-z_$][\w$]*$/;

/** The preview of `value` for its row: primitives in full (up to a long-text cut), containers abbreviated. */
export function previewText(value: unknown, budget = LINE_BUDGET): string {
  if (Array.isArray(value))
    return `(${value.length}) [${items(
      value.map((item) => [undefined, item]),
      budget,
    )}]`;
  if (isObject(value)) return `{${items(Object.entries(value), budget)}}`;
  const text = primitiveText(value, ROW_TEXT_BUDGET);
  return text.length < ROW_TEXT_BUDGET ? text : `${text} (${(JSON.stringify(value) ?? '').length.toLocaleString('en-US')} characters)`;
}

/** How a value reads inside another value's preview: containers collapsed to their kind and size. */
function nestedText(value: unknown): string {
  if (Array.isArray(value)) return `Array(${value.length})`;
  if (isObject(value)) return Object.keys(value).length === 0 ? '{}' : '{…}';
  return primitiveText(value, STRING_BUDGET);
}

function items(entries: Array<[string | undefined, unknown]>, budget: number): string {
  const parts: string[] = [];
  let used = 0;
  for (const [key, value] of entries) {
    const part = key === undefined ? nestedText(value) : `${KEY.test(key) ? key : JSON.stringify(key)}: ${nestedText(value)}`;
    // The first entry is always shown, so even a long one gives a hint.
    if (parts.length > 0 && used + part.length > budget) {
      parts.push('…');
      break;
    }
    parts.push(part);
    used += part.length + 2;
  }
  return parts.join(', ');
}

function primitiveText(value: unknown, limit: number): string {
  const text = JSON.stringify(value) ?? String(value);
  if (text.length <= limit) return text;
  return typeof value === 'string' ? `${text.slice(0, limit - 2)}…"` : `${text.slice(0, limit - 1)}…`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
