// Parses a tracer that is being typed, so completion, hover and signature help can see the syntax around
// the cursor. Only the top-level member under the cursor is parsed (the rest is blanked), which keeps a
// 2,000-line tracer fast. `log.` at the end of a line does not parse; we put a placeholder identifier
// where the word being typed is, and if that still fails, cut the text after the placeholder and close
// the brackets that are open there.
import { tokenizer, tokTypes, type Token } from 'acorn';
import { parseTracer, type ParsedTracer } from '../tracer/parse';
import { pathAt, type AnyNode } from './syntax';
import { isolate, memberAt, scanTopLevel, type TopLevelMember } from './top-level-scan';

export const PLACEHOLDER = '__cursor__';

export interface CursorParse {
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
const CONDITION_KEYWORDS = new Set(['if', 'while', 'for', 'with']);

function wordBefore(text: string, offset: number): { start: number; end: number } {
  let start = offset;
  while (start > 0 && WORD.test(text[start - 1])) start--;
  return { start, end: offset };
}

function usable(text: string): ParsedTracer | undefined {
  const tracer = parseTracer(text, { ecmaVersion: 2017 });
  return tracer.expression ? tracer : undefined;
}

/** Closers for the brackets still open at the end of `prefix` (innermost first), or undefined if it
 * cannot be tokenised (e.g. an unterminated string: then the matching quote is appended first). */
function closers(prefix: string): string | undefined {
  const open: string[] = [];
  let previous: Token | undefined;
  try {
    for (const token of tokenizer(prefix, { ecmaVersion: 'latest' })) {
      const type = token.type;
      if (type === tokTypes.braceL || type === tokTypes.dollarBraceL) open.push('}');
      else if (type === tokTypes.bracketL) open.push(']');
      else if (type === tokTypes.parenL) open.push(previous && CONDITION_KEYWORDS.has(previous.type.keyword ?? '') ? ');' : ')');
      else if (type === tokTypes.braceR || type === tokTypes.bracketR || type === tokTypes.parenR) open.pop();
      previous = token;
    }
  } catch (error) {
    const quote = (error as { pos?: number }).pos === undefined ? undefined : prefix[(error as { pos: number }).pos];
    if (quote !== "'" && quote !== '"') return undefined;
    const rest = closers(prefix + quote);
    return rest === undefined ? undefined : quote + rest;
  }
  return open.reverse().join('');
}

/** Parses `text` at `offset`: as is first when `tryAsIs`, then patched as above unless `patch` is false. */
export function parseAtCursor(fullText: string, offset: number, options: { tryAsIs?: boolean; patch?: boolean } = {}): CursorParse | undefined {
  const members = scanTopLevel(fullText) ?? [];
  const member = memberAt(members, offset);
  const text = member ? isolate(fullText, member) : fullText;
  const word = wordBefore(text, offset);
  if (options.tryAsIs) {
    const tracer = usable(text);
    if (tracer) return { tracer, at: offset, path: pathAt(tracer.expression!, offset), word, patched: false, members };
  }
  if (options.patch === false) return undefined;
  const prefix = text.slice(0, word.start) + PLACEHOLDER;
  const at = word.start;
  let tracer = usable(prefix + text.slice(offset));
  if (!tracer) {
    const close = closers(prefix);
    if (close !== undefined) tracer = usable(prefix + close);
  }
  return tracer ? { tracer, at, path: pathAt(tracer.expression!, at), word, patched: true, members } : undefined;
}
