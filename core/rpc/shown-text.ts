// Text that came from outside (a node's error page, a JSON-RPC error, an answer that is not what was asked) as
// shown to people: every form of every secret masked first, whitespace collapsed, and only then shortened. In
// that order because a secret cut in two is no longer recognised: an upstream that echoes the request path in
// a long body would show the start of the key if the body were shortened before it is masked.

/** What a masked secret shows. */
export const mask = '****';

/** Text with every form of some secrets replaced by the mask. */
export type Masker = (text: string) => string;

const htmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function htmlEscaped(text: string): string {
  return text.replace(/[&<>"']/g, (c) => htmlEntities[c]);
}

/** Every form a server may echo `secret` in: as is, percent-encoded (either case), HTML-escaped, JSON-escaped. */
function formsOf(secret: string): string[] {
  const encoded = encodeURIComponent(secret);
  return [
    secret,
    encoded,
    encoded.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
    htmlEscaped(secret),
    htmlEscaped(encoded),
    JSON.stringify(secret).slice(1, -1),
  ];
}

/** A character that continues a word, key or token: a secret standing alone has none beside it. */
const wordCharacter = /[A-Za-z0-9_-]/;

/** Where `form` occurs in `text` as [start, end) ranges, overlapping or adjoining occurrences joined. */
function occurrences(text: string, form: string, alone: boolean): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  for (let at = text.indexOf(form); at >= 0; at = text.indexOf(form, at + 1)) {
    const end = at + form.length;
    if (alone && (wordCharacter.test(text[at - 1] ?? '') || wordCharacter.test(text[end] ?? ''))) continue;
    const last = found.at(-1);
    if (last && at <= last[1]) last[1] = end;
    else found.push([at, end]);
  }
  return found;
}

/**
 * A masker for `secrets` (keys, passwords, Basic credentials) in every form, anywhere in a text; `standalone`
 * secrets (short path segments, user names) only where they stand alone, so that masking them does not mangle
 * ordinary words. Overlapping and adjoining secrets become one mask, so no piece of either survives.
 */
export function maskerOf(secrets: Iterable<string>, standalone: Iterable<string> = []): Masker {
  const formsOfAll = (list: Iterable<string>) => [...new Set([...list].filter((secret) => secret !== '').flatMap(formsOf))];
  const anywhere = formsOfAll(secrets);
  const alone = formsOfAll(standalone);
  return (text) => {
    const ranges = [
      ...anywhere.flatMap((form) => occurrences(text, form, false)),
      ...alone.flatMap((form) => occurrences(text, form, true)),
    ];
    if (ranges.length === 0) return text;
    ranges.sort((a, b) => a[0] - b[0]);
    let masked = '';
    let shownFrom = 0;
    for (let i = 0; i < ranges.length;) {
      const start = ranges[i][0];
      let end = ranges[i][1];
      for (i++; i < ranges.length && ranges[i][0] <= end; i++) end = Math.max(end, ranges[i][1]);
      masked += text.slice(shownFrom, start) + mask;
      shownFrom = end;
    }
    return masked + text.slice(shownFrom);
  };
}

/** Control characters (terminal escapes among them) and bidirectional overrides: shown, they would let a
 * server rewrite a terminal or disguise what a message says. Whitespace is collapsed separately. */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const unprintable = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** `foreign` with its control characters (not whitespace) replaced by U+FFFD, its spacing kept. */
export function printable(foreign: string): string {
  return foreign.replace(unprintable, '\ufffd');
}

/**
 * `foreign` as shown: its secrets masked, control characters replaced by U+FFFD, whitespace collapsed to
 * single spaces, then at most `limit` characters and an ellipsis. The cut never halves a mask or a
 * surrogate pair.
 */
export function shownText(foreign: string, masker: Masker, limit: number): string {
  // Masked again once collapsed: collapsing can make the text of a secret that holds whitespace.
  return shortened(masker(printable(masker(foreign)).replace(/\s+/g, ' ').trim()), limit);
}

/** Masked text cut to `limit` characters with `…`, never inside a mask or a surrogate pair. */
export function shortened(masked: string, limit: number): string {
  if (masked.length <= limit) return masked;
  let cut = limit;
  for (let at = masked.lastIndexOf(mask, cut - 1); cut > 0 && at >= 0 && at + mask.length > cut; at = masked.lastIndexOf(mask, cut - 1))
    cut = at;
  if (cut > 0 && /[\uD800-\uDBFF]/.test(masked[cut - 1])) cut--;
  return `${masked.slice(0, cut)}…`;
}

/** A value parsed from a foreign answer as JSON text for showing; one nested too deeply for JSON.stringify
 * (a hostile answer can nest 100,000 levels: JSON.parse takes them, stringify overflows the stack) says so. */
export function foreignJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return '(a value nested too deeply to show)';
  }
}
