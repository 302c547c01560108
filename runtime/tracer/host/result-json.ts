// The last step of geth's result serialisation, on the host: a top-level string as Go marshals goja's
// export of it, and Go's HTML-safe escaping of the JSON text (spec §3.8).
import type { Serialised } from '../../evm/tx-hooks';

/** Decodes RealmApi.result's `J<json>` / `S<string>` / `E<error>`. */
export function decodeResult(tagged: string): Serialised {
  const body = tagged.slice(1);
  switch (tagged[0]) {
    case 'J':
      return { json: goEscape(body) };
    case 'S':
      return { json: encodeString(body) };
    default:
      return { error: body };
  }
}

function encodeString(text: string): string {
  // eslint-disable-next-line no-control-regex -- the range is every ASCII code unit, NUL included
  if (/[^\x00-\x7f]/.test(text)) {
    // goja exports a non-ASCII JS string as its UTF-16 code units with a byte-order mark.
    const units = [65279];
    for (let i = 0; i < text.length; i++) units.push(text.charCodeAt(i));
    return JSON.stringify(units);
  }
  return goEscape(JSON.stringify(text));
}

/** JSON text of a plain value as Go's encoder writes it (the node's answers and the struct logger use it too). */
export function goJson(value: unknown): string {
  // Outside strings JSON has none of the escaped characters, so escaping the whole text is safe.
  return goEscape(JSON.stringify(value) ?? 'null');
}

/** Go's encoder escapes <, >, &, U+2028 and U+2029. */
export function goEscape(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
