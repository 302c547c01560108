// Tracers as projects ship them: `var tracer = {…};`, `let tracer = {…}`, `module.exports = {…};`,
// `export default {…}`, `const t = {…}; module.exports = t;`. geth evaluates the file as one expression,
// so none of these compiles. Recognising the wrapper by its tokens lets the parser read the object literal
// inside (the other checks still run) and report the wrapper once, with a fix that removes it.
import { tokenizer, tokTypes, type Comment, type Token, type TokenType } from 'acorn';

/** What comes before the object literal. */
interface WrapperHead {
  /** [start, end) of the wrapper's words (`var tracer =`); comments before them are not part of it. */
  start: number;
  end: number;
  /** Where the object literal starts (its `{`). */
  objectStart: number;
  /** The name the object is bound to (`var tracer = …`), which a later `module.exports = tracer` names. */
  name?: string;
  /** Comments read before the `{`. */
  comments: Comment[];
}

export interface TracerWrapper {
  head: WrapperHead;
  /** [start, end) of the wrapper after the object (`;`, `; module.exports = t;`; empty when nothing
   * follows). Undefined when the object does not parse, so its end is unknown. */
  tail?: { start: number; end: number };
}

/** A token after the expression, as the parser read it. */
export interface TokenSpan {
  type: TokenType;
  start: number;
  end: number;
}

const DECLARATIONS = new Set(['var', 'let', 'const']);
/** The longest head, `module . exports = {`, has five tokens. */
const MAX_HEAD_TOKENS = 5;

/** The wrapper before the object literal, if the text starts with one. Reads at most five tokens (one for
 * a tracer that starts with `{`). */
export function wrapperHead(text: string): WrapperHead | undefined {
  const comments: Comment[] = [];
  const tokens: Token[] = [];
  try {
    for (const token of tokenizer(text, { ecmaVersion: 'latest', onComment: comments })) {
      tokens.push(token);
      if (token.type === tokTypes.braceL || tokens.length === MAX_HEAD_TOKENS) break;
    }
  } catch {
    return undefined; // not even tokens: not a wrapper, the parser reports what is wrong
  }
  const brace = tokens.pop();
  if (brace?.type !== tokTypes.braceL || tokens.length === 0) return undefined;
  const words = tokens.map((token) => text.slice(token.start, token.end)).join(' ');
  const declaration =
    tokens.length === 3 &&
    DECLARATIONS.has(text.slice(tokens[0].start, tokens[0].end)) &&
    tokens[1].type === tokTypes.name &&
    tokens[2].type === tokTypes.eq;
  if (!declaration && words !== 'module . exports =' && words !== 'export default') return undefined;
  const last = tokens[tokens.length - 1];
  return {
    start: tokens[0].start,
    end: last.end,
    objectStart: brace.start,
    name: declaration ? text.slice(tokens[1].start, tokens[1].end) : undefined,
    comments: comments.filter((comment) => comment.end <= brace.start),
  };
}

/** How many of `tokens` (those after the object) belong to the wrapper: `;`s, and for a named object an
 * export of that name (`module.exports = tracer`, `export default tracer`) with its `;`s. */
export function wrapperTailLength(text: string, head: WrapperHead, tokens: readonly TokenSpan[]): number {
  const word = (i: number) => (i < tokens.length ? text.slice(tokens[i].start, tokens[i].end) : undefined);
  let i = 0;
  const skipSemicolons = () => {
    while (i < tokens.length && tokens[i].type === tokTypes.semi) i++;
  };
  skipSemicolons();
  if (head.name === undefined) return i;
  const exported = [
    ['module', '.', 'exports', '=', head.name],
    ['export', 'default', head.name],
  ].find((shape) => shape.every((expected, k) => word(i + k) === expected));
  if (!exported) return i;
  i += exported.length;
  skipSemicolons();
  return i;
}
