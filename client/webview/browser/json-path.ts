// Paths into a JSON value. A path is its list of segments from the root: numbers index arrays, strings name
// object keys. The key form identifies a row (collision-free, persisted in the view state); the JS form is
// what "Copy Path" gives a user, ready to paste after `result` in a script (`calls[0].to`).

export type Segment = string | number;

const SEP = '\u0000';
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A string that names the row at `segments` (the root is the empty string). */
export function pathKey(segments: readonly Segment[]): string {
  return segments.map((segment) => (typeof segment === 'number' ? `${SEP}#${segment}` : `${SEP}.${segment}`)).join('');
}

/** `key` one level deeper. */
export function childKey(parent: string, segment: Segment): string {
  return parent + pathKey([segment]);
}

/** The JavaScript accessor for `segments`: `calls[0].to`, `["odd key"].x`; the root itself is `(root)`. */
export function jsPath(segments: readonly Segment[]): string {
  if (segments.length === 0) return '(root)';
  let text = '';
  for (const segment of segments) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) text += text === '' ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
}
