// Parses a tracer that is being typed, so completion, hover and signature help can see the syntax around
// the cursor. Only the top-level member under the cursor is parsed (the rest is blanked), which keeps a
// 2,000-line tracer fast. `log.` at the end of a line does not parse; we put a placeholder identifier
// where the word being typed is, and if the member still does not parse (more is unfinished), the
// error-tolerant parse reads it.
import { parseTracer, type ParsedTracer } from '../tracer/parse';
import { parseTolerant } from '../tracer/tolerant-parse';
import { pathAt, type AnyNode } from './syntax';
import { isolate, memberAt, scanTopLevel, type TopLevelMember } from './top-level-scan';

export const PLACEHOLDER = '__cursor__';

interface CursorParse {
  tracer: ParsedTracer;
  /** Offset of the placeholder (= start of the word being typed), or the cursor when not patched. */
  at: number;
  /** Ancestors of the innermost node at `at`, outermost first. */
  path: AnyNode[];
  /** The word being typed before the cursor, which the placeholder replaced. */
  word: { start: number; end: number };
  patched: boolean;
  /** All top-level members of the tracer object (from a scan: the parse holds only the one at the cursor). */
  members: TopLevelMember[];
}

const WORD = /[A-Za-z0-9_$]/;

function wordBefore(text: string, offset: number): { start: number; end: number } {
  let start = offset;
  while (start > 0 && WORD.test(text[start - 1])) start--;
  return { start, end: offset };
}

function usable(text: string): ParsedTracer | undefined {
  const tracer = parseTracer(text, { ecmaVersion: 2017, anyLevel: true });
  return tracer.expression ? tracer : undefined;
}

/** Parses `text` at `offset`: as is first when `tryAsIs`, then with the placeholder unless `patch` is false;
 * when that does not parse, error-tolerantly (with the placeholder unless `patch` is false). */
export function parseAtCursor(
  fullText: string,
  offset: number,
  options: { tryAsIs?: boolean; patch?: boolean } = {},
): CursorParse | undefined {
  const members = scanTopLevel(fullText) ?? [];
  const member = memberAt(members, offset);
  const text = member ? isolate(fullText, member) : fullText;
  const word = wordBefore(text, offset);
  const parsed = (tracer: ParsedTracer, patched: boolean): CursorParse => {
    const at = patched ? word.start : offset;
    return { tracer, at, path: pathAt(tracer.expression!, at), word, patched, members };
  };
  if (options.tryAsIs) {
    const tracer = usable(text);
    if (tracer) return parsed(tracer, false);
  }
  const patch = options.patch !== false;
  const withPlaceholder = (source: string) => (patch ? source.slice(0, word.start) + PLACEHOLDER + source.slice(offset) : source);
  const strict = patch ? usable(withPlaceholder(text)) : undefined;
  if (strict) return parsed(strict, true);
  // The tolerant parse reads the member's span of the whole text (no need to blank the rest).
  const shift = patch ? PLACEHOLDER.length - (offset - word.start) : 0;
  const only = member && { members: [{ ...member, end: member.end + shift }] };
  const tracer = parseTolerant(withPlaceholder(fullText), { ecmaVersion: 2017, ...only });
  return tracer?.expression ? parsed(tracer, patch) : undefined;
}
