// Parses a tracer that is being typed, so completion, hover and signature help can see the syntax around
// the cursor. Only the top-level member under the cursor is parsed (the rest is blanked), which keeps a
// 2,000-line tracer fast. `log.` at the end of a line does not parse; we put a placeholder identifier
// where the word being typed is, and if that still fails, cut the text after the placeholder, blank the
// strings left open on earlier lines and close the brackets that are open there.
import { Parser, tokTypes, type Options, type Token } from 'acorn';
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

/** acorn's tokenizer, read token by token to carry on after an error. */
interface Tokenizer {
  getToken(): Token;
  pos: number;
}

/** A tokenizer error: where, and acorn's message. */
class TokenError {
  constructor(
    readonly pos: number,
    readonly message: string,
  ) {}
}

/** acorn's tokenizer with errors that skip acorn's line and column count, a scan from the start of the
 * text: with one error per open string that made the repair quadratic. */
const RecoveringTokenizer = Parser.extend(
  (Base) =>
    class extends (Base as unknown as new (...args: unknown[]) => object) {
      raise(pos: number, message: string): never {
        throw new TokenError(pos, message);
      }
    } as unknown as typeof Parser,
) as unknown as { tokenizer(input: string, options: Options): Tokenizer };

/** `prefix` made to parse, or undefined when it cannot be tokenised: a string left open before a line
 * break (typed on an earlier line) is blanked to a `0` of the same length, so offsets stay put; a string
 * still open at the end (the cursor is inside it) gets its quote; then the brackets still open are closed,
 * innermost first. One pass over the tokens, whatever the number of open strings. */
function closedPrefix(prefix: string): string | undefined {
  const open: string[] = [];
  const blanked: Array<{ start: number; end: number }> = [];
  let ending = '';
  let previous: Token | undefined;
  const tokens = RecoveringTokenizer.tokenizer(prefix, { ecmaVersion: 'latest' });
  for (;;) {
    let token: Token;
    try {
      token = tokens.getToken();
    } catch (error) {
      if (!(error instanceof TokenError) || !error.message.startsWith('Unterminated string constant')) return undefined;
      const { pos } = error;
      // acorn stops an unterminated string at the line break, or at the end of the text.
      if (tokens.pos >= prefix.length) {
        ending = prefix[pos];
        break;
      }
      blanked.push({ start: pos, end: tokens.pos });
      continue;
    }
    const type = token.type;
    if (type === tokTypes.eof) break;
    if (type === tokTypes.braceL || type === tokTypes.dollarBraceL) open.push('}');
    else if (type === tokTypes.bracketL) open.push(']');
    else if (type === tokTypes.parenL) open.push(previous && CONDITION_KEYWORDS.has(previous.type.keyword ?? '') ? ');' : ')');
    else if (type === tokTypes.braceR || type === tokTypes.bracketR || type === tokTypes.parenR) open.pop();
    previous = token;
  }
  let text = '';
  let at = 0;
  for (const { start, end } of blanked) {
    text += prefix.slice(at, start) + '0' + ' '.repeat(end - start - 1);
    at = end;
  }
  return text + prefix.slice(at) + ending + open.reverse().join('');
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
    const closed = closedPrefix(prefix);
    if (closed !== undefined) tracer = usable(closed);
  }
  return tracer ? { tracer, at, path: pathAt(tracer.expression!, at), word, patched: true, members } : undefined;
}
