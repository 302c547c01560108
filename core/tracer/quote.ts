// Rewrites the raw text of string-like tokens so that it contains no double quote (and, for flattening, no
// line break) while keeping the value: `"` becomes \x22, strings get single quotes, escapes are kept.

interface RequoteOptions {
  /** Also drop line continuations and escape raw line breaks, so the token fits on one line. */
  flat?: boolean;
}

const LINE_BREAK_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** The body of a string, template chunk or regex, rewritten. `quote` is the delimiter to escape, if any. */
function rewriteBody(body: string, quote: "'" | undefined, options: RequoteOptions): string {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch === '\\') {
      const next = body[i + 1] ?? '';
      if (next === '"') out += '\\x22';
      else if (options.flat && (next === '\n' || next === '\r' || next === '\u2028' || next === '\u2029')) {
        if (next === '\r' && body[i + 2] === '\n') i++; // a continuation adds nothing to the value
      } else out += ch + next;
      i++;
    } else if (ch === '"') out += '\\x22';
    else if (ch === quote) out += '\\' + ch;
    else if (options.flat && ch in LINE_BREAK_ESCAPES) {
      // Only templates hold raw line breaks; their value normalises \r\n and \r to \n.
      if (ch === '\r' && body[i + 1] === '\n') i++;
      out += ch === '\r' ? '\\n' : LINE_BREAK_ESCAPES[ch];
    } else out += ch;
  }
  return out;
}

/** A string literal's raw text (either quote) as a single-quoted literal with the same value and no `"`. */
export function singleQuoted(raw: string, options: RequoteOptions = {}): string {
  return `'${rewriteBody(raw.slice(1, -1), "'", options)}'`;
}

/** A template chunk's raw text without `"` (and, flat, without line breaks). */
export function templateChunk(raw: string, options: RequoteOptions = {}): string {
  return rewriteBody(raw, undefined, options);
}

/** A regular expression literal's raw text (`/.../flags`) without `"`. */
export function regexLiteral(raw: string): string {
  return rewriteBody(raw, undefined, {});
}
