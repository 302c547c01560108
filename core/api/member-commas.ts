// What a member typed into the tracer object needs around it to leave a valid object: a ',' after the member
// before it when that one has none, none after it when a ',' already follows, and which keys the object has.
// Read from the tokens, so it holds where the comma-based member scan merges members (a ',' is missing).
import { tokenizer, tokTypes, type Token, type TokenType } from 'acorn';

export interface MemberContext {
  /** Keys of the members of the object the new member goes into. */
  keys: Set<string>;
  /** Where the ',' goes that the previous member lacks (after its last token); none when it has one. */
  commaAt?: number;
  /** Whether a ',' already follows the new member's place. */
  commaFollows: boolean;
  /** Whether the place is where a member of the tracer object starts (not inside a value, not a key that
   * has its ':' already). */
  startsMember: boolean;
}

const OPENERS = new Set<TokenType>([tokTypes.braceL, tokTypes.bracketL, tokTypes.parenL, tokTypes.dollarBraceL]);
const CLOSERS = new Set<TokenType>([tokTypes.braceR, tokTypes.bracketR, tokTypes.parenR]);
/** Tokens a member can follow: the object's `{`, a ',' or the end of the previous member's value. A key
 * after anything else (`a ? b : c`, `f(x)`, `function g(`) is no key. */
const BEFORE_KEY = new Set<TokenType>([
  tokTypes.braceL,
  tokTypes.comma,
  tokTypes.braceR,
  tokTypes.bracketR,
  tokTypes.parenR,
  tokTypes.name,
  tokTypes.num,
  tokTypes.string,
  tokTypes.regexp,
  tokTypes._true,
  tokTypes._false,
  tokTypes._null,
  tokTypes._this,
]);

/** Tokens after a word that make it a key already written or part of an expression. */
const FOLLOWS_KEY = new Set<TokenType>([tokTypes.colon, tokTypes.parenL, tokTypes.dot]);

/** The context of a member typed at [start, end) (the word under the cursor) of `text`. */
export function memberContext(text: string, start: number, end: number): MemberContext {
  const keys: Array<{ name: string; container: number }> = [];
  const open: number[] = [];
  let container: number | undefined;
  let depth = 0;
  let before: Token | undefined;
  let after: Token | undefined;
  const recent: Token[] = [];
  try {
    for (const token of tokenizer(text, { ecmaVersion: 'latest', allowHashBang: true })) {
      if (end > start && token.start >= start && token.end <= end) continue;
      if (token.start >= end && container === undefined) {
        container = open[open.length - 1] ?? -1;
        depth = open.length;
        after = token;
      }
      if (container === undefined) before = token;
      // A key: a name or string followed by ':' or '(' (method shorthand), where a member can start.
      const [previous, beforePrevious] = [recent[recent.length - 1], recent[recent.length - 2]];
      if (
        (token.type === tokTypes.colon || token.type === tokTypes.parenL) &&
        previous &&
        (previous.type === tokTypes.name || previous.type === tokTypes.string) &&
        (!beforePrevious || BEFORE_KEY.has(beforePrevious.type))
      ) {
        keys.push({
          name:
            previous.type === tokTypes.name ? text.slice(previous.start, previous.end) : text.slice(previous.start + 1, previous.end - 1),
          container: open[open.length - 1] ?? -1,
        });
      }
      if (OPENERS.has(token.type)) open.push(token.start);
      else if (CLOSERS.has(token.type)) open.pop();
      recent.push(token);
      if (recent.length > 2) recent.shift();
    }
  } catch {
    // A token that does not end (an open string or comment) stops the scan: what came before still counts.
  }
  if (container === undefined) {
    container = open[open.length - 1] ?? -1;
    depth = open.length;
  }
  const separated = !before || before.type === tokTypes.braceL || before.type === tokTypes.comma;
  return {
    keys: new Set(keys.filter((key) => key.container === container).map((key) => key.name)),
    commaAt: separated ? undefined : before!.end,
    commaFollows: after?.type === tokTypes.comma,
    startsMember:
      depth === 1 && text[container] === '{' && (!before || BEFORE_KEY.has(before.type)) && !(after && FOLLOWS_KEY.has(after.type)),
  };
}
