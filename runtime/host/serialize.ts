// How geth turns `result`'s return value into JSON (spec §3.8, §3.9): objects through JSON.stringify of the
// tracer's realm; top-level primitives the way Go marshals the exported value.
import type { HostStrings } from './host-strings';
import type { TracerRealm } from './realm';

export type Serialised = { json: string } | { error: string };

export function serialiseResult(value: unknown, realm: TracerRealm, strings: HostStrings): Serialised {
  switch (typeof value) {
    case 'undefined':
    case 'symbol':
      return { json: '{}' };
    case 'boolean':
      return { json: String(value) };
    case 'number':
      if (Number.isNaN(value)) return { error: 'json: unsupported value: NaN' };
      if (!Number.isFinite(value)) return { error: `json: unsupported value: ${value > 0 ? '+Inf' : '-Inf'}` };
      return { json: Object.is(value, -0) ? '-0' : String(value) };
    case 'string':
      return { json: serialiseString(value, strings) };
    case 'function':
      return { json: 'null' };
    default:
      break;
  }
  if (value === null) return { json: '{}' };
  try {
    const text = realm.JSON.stringify(value);
    return { json: goEscape(text === undefined ? 'null' : text) };
  } catch (error) {
    // The error comes from the tracer's realm (instanceof Error is false here); V8 adds lines about the cycle.
    const text = typeof error === 'object' && error !== null ? `${(error as Error).name}: ${(error as Error).message}` : String(error);
    return { error: `json: error calling MarshalJSON for type *goja.Object: ${text.split('\n')[0]}` };
  }
}

function serialiseString(text: string, strings: HostStrings): string {
  if (strings.isAffected(text)) return '{}';
  if (/[^\x00-\x7f]/.test(text)) {
    // goja exports a non-ASCII JS string as its UTF-16 code units with a byte-order mark.
    const units = [65279];
    for (let i = 0; i < text.length; i++) units.push(text.charCodeAt(i));
    return JSON.stringify(units);
  }
  return goEscape(JSON.stringify(text));
}

/** Go's encoder escapes <, >, &, U+2028 and U+2029. */
function goEscape(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
