// Serialising responses in which some values are already JSON text (the tracer results the trace worker
// serialised the way geth does): those are spliced in verbatim, never parsed and re-serialised.

export class RawJson {
  constructor(readonly text: string) {}
}

/** Go's encoder escapes these inside strings; outside RawJson they only occur in strings, so replacing is safe. */
const goEscapes: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

function plain(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(/[<>&\u2028\u2029]/g, (c) => goEscapes[c]);
}

export function stringifyWithRaw(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return '[' + value.map(stringifyWithRaw).join(',') + ']';
  if (typeof value === 'object' && value !== null && !(value instanceof Uint8Array)) {
    const members = Object.entries(value).filter(([, member]) => member !== undefined);
    return '{' + members.map(([key, member]) => plain(key) + ':' + stringifyWithRaw(member)).join(',') + '}';
  }
  return plain(value);
}
