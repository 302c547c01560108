// Parses a tracer the way geth evaluates it: the text must be one expression (geth runs "(" + text + ")").
// We parse the user's text directly as an expression, so every offset is an offset in the user's file, and
// then check what geth's wrapping would reject: anything after the expression, and a final `//` comment
// with no line break (it comments out the appended ")"). A file wrapped as projects ship tracers
// (`var tracer = {…};`, see wrapper.ts) is parsed from its object literal on, so the rules still run.
import {
  Parser,
  tokenizer,
  tokTypes,
  type Comment,
  type Expression,
  type Node,
  type ObjectExpression,
  type Options,
  type Property,
  type TokenType,
} from 'acorn';
import type { EcmaVersion, SyntaxProblem } from './diagnostic';
import { findLaterFeatures, parserVersion, TARGET_GETH_HINT } from './es-features';
import { LineMap } from './positions';
import { wrapperHead, wrapperTailLength, type TokenSpan, type TracerWrapper } from './wrapper';

/** A top-level member of the tracer object. `name` is undefined for computed keys. */
interface TracerProperty {
  name: string | undefined;
  node: Property;
}

export interface ParsedTracer {
  text: string;
  ecmaVersion: EcmaVersion;
  lines: LineMap;
  /** The top-level expression. Present also when it only parses at a later ecmaVersion (then
   * `syntaxErrors` names each later feature), so the other rules still run. */
  expression?: Expression;
  /** The top-level object literal, when the expression is one. */
  object?: ObjectExpression;
  /** The object's own `key: value` members, in source order (duplicates kept; the last one wins in JS). */
  properties: TracerProperty[];
  comments: Comment[];
  syntaxErrors: SyntaxProblem[];
  /** A final `//` comment with no line break after it: the node fails, but flattening (which drops
   * comments) is unaffected, so it is kept apart from `syntaxErrors`. */
  unterminatedLineComment?: SyntaxProblem;
  /** The text nests deeper than the parser's stack allows: not a syntax error (geth may accept it), but
   * nothing can be checked. There is then no `expression`. */
  tooDeep?: SyntaxProblem;
  /** Every node the parser built, by type, in the order finished (leaves in source order). Rules look
   * nodes up here instead of walking the tree. A node's type may have changed since (an object literal
   * that became a destructuring pattern): check `node.type`. */
  nodesByType: ReadonlyMap<string, readonly Node[]>;
  /** Text after the expression and its wrapper ([start, end) of its tokens), e.g. a trailing `;`. */
  trailing?: { start: number; end: number; onlySemicolons: boolean };
  /** The object literal is wrapped as a project ships it (`var tracer = {…};`, `module.exports = {…};`):
   * `expression` is the object inside, and offsets stay those of the user's text. */
  wrapper?: TracerWrapper;
  /** Tables built from this parse on first use (see `derived`). */
  derived: Map<object, unknown>;
  /** Set on the error-tolerant parse of a text with syntax errors (tolerant-parse.ts), whose
   * `syntaxErrors` stay empty: the strict parse reports them. `repairs` are the offsets where the parser
   * put a placeholder for something missing. */
  tolerant?: { repairs: readonly number[] };
}

/** acorn's parser internals used to parse one expression and then look at what follows it. */
interface ExpressionParser {
  nextToken(): void;
  next(): void;
  parseExpression(): Expression;
  type: TokenType;
  start: number;
  end: number;
}

interface RecordingParser extends ExpressionParser {
  nodesByType: Map<string, Node[]>;
}

/** The acorn methods the recording parser overrides or calls. */
interface AcornInternals {
  start: number;
  finishNode(node: Node, type: string): Node;
  finishNodeAt(node: Node, type: string, pos: number, loc: unknown): Node;
  parseExprOp(left: Node, leftStart: number, leftStartLoc: unknown, minPrec: number, forInit: unknown): Node;
}

/** Thrown by the parser when the text nests deeper than the stack allows; `pos` is where it got to. */
class NestingTooDeep extends Error {
  constructor(readonly pos: number) {
    super('nested too deeply');
  }
}

/** acorn's parser, also filing each finished node by type (cheaper than a walk afterwards), and made safe
 * on deeply nested text:
 * - acorn turns a stack overflow into a syntax error with a regular expression test of the message, which
 *   V8 may have to compile right at the stack limit, and that aborts the whole process ("RegExpCompiler
 *   Allocation failed", at about 600 nested parentheses). Here the overflow becomes `NestingTooDeep`.
 * - acorn's parseExprOp ends by calling itself for the rest of an operator chain, one stack frame per
 *   operator, so `1 + 1 + …` overflowed after about 4,000 terms. Such a tail call (same start, same
 *   minimum precedence) is answered at once and the caller's loop continues the chain instead: chains of
 *   any length parse. The real nesting of operators of rising precedence stays recursive (at most one
 *   level per precedence). */
const RecordingParserClass = Parser.extend(
  (Base) =>
    class extends (Base as unknown as new (...args: unknown[]) => AcornInternals) {
      nodesByType = new Map<string, Node[]>();
      /** The operator chain being parsed innermost: its start and minimum precedence. */
      chainStart = -1;
      chainMinPrec = -1;
      /** The left operand handed over by the tail call of that chain, to continue with. */
      chainNext: Node | undefined;
      finishNode(node: Node, type: string): Node {
        return this.file(super.finishNode(node, type), type);
      }
      finishNodeAt(node: Node, type: string, pos: number, loc: unknown): Node {
        return this.file(super.finishNodeAt(node, type, pos, loc), type);
      }
      file(node: Node, type: string): Node {
        const list = this.nodesByType.get(type);
        if (list) list.push(node);
        else this.nodesByType.set(type, [node]);
        return node;
      }
      catchStackOverflow<T>(run: () => T): T {
        try {
          return run();
        } catch (error) {
          // The parser raises no RangeError of its own: this is the stack running out.
          if (error instanceof RangeError) throw new NestingTooDeep(this.start);
          throw error;
        }
      }
      parseExprOp(left: Node, leftStart: number, leftStartLoc: unknown, minPrec: number, forInit: unknown): Node {
        if (leftStart === this.chainStart && minPrec === this.chainMinPrec) {
          this.chainNext = left;
          return left;
        }
        const outerStart = this.chainStart;
        const outerMinPrec = this.chainMinPrec;
        this.chainStart = leftStart;
        this.chainMinPrec = minPrec;
        let result = super.parseExprOp(left, leftStart, leftStartLoc, minPrec, forInit);
        while (this.chainNext !== undefined) {
          const next = this.chainNext;
          this.chainNext = undefined;
          result = super.parseExprOp(next, leftStart, leftStartLoc, minPrec, forInit);
        }
        this.chainStart = outerStart;
        this.chainMinPrec = outerMinPrec;
        return result;
      }
    } as unknown as typeof Parser,
) as unknown as new (options: Options, input: string, position: number) => RecordingParser;

interface AcornSyntaxError extends SyntaxError {
  pos: number;
  raisedAt: number;
}

/** The tokens after the expression (through the last one read), and whether the text broke off into
 * something that is not even tokens. */
interface AfterExpression {
  tokens: TokenSpan[];
  broken: boolean;
}

type Attempt =
  | { ok: true; expression: Expression; comments: Comment[]; nodesByType: Map<string, Node[]>; after: AfterExpression }
  | { ok: false; error: AcornSyntaxError; comments: Comment[] }
  | { ok: false; tooDeep: number; comments: Comment[] };

/** Parses one expression starting at `from` (0, or the object literal inside a wrapper). */
function attempt(text: string, ecmaVersion: Options['ecmaVersion'], from: number): Attempt {
  const comments: Comment[] = [];
  const parser = new RecordingParserClass({ ecmaVersion, sourceType: 'script', onComment: comments }, text, from);
  const { nodesByType } = parser;
  let expression: Expression;
  try {
    parser.nextToken();
    expression = parser.parseExpression();
  } catch (error) {
    if (error instanceof NestingTooDeep) return { ok: false, tooDeep: error.pos, comments };
    if (!(error instanceof SyntaxError) || !('pos' in error)) throw error;
    return { ok: false, error: error as AcornSyntaxError, comments };
  }
  // Walk what follows the expression (collecting comments) to know where it ends.
  const after: AfterExpression = { tokens: [], broken: false };
  try {
    while (parser.type !== tokTypes.eof) {
      after.tokens.push({ type: parser.type, start: parser.start, end: parser.end });
      parser.next();
    }
  } catch {
    after.broken = true;
  }
  return { ok: true, expression, comments, nodesByType, after };
}

/** The text after the tokens the expression (and its wrapper) took, from token `index` on. */
function trailingText(text: string, after: AfterExpression, index: number, from: number): ParsedTracer['trailing'] {
  const rest = after.tokens.slice(index);
  if (rest.length === 0 && !after.broken) return undefined;
  const start = rest[0]?.start ?? from + (text.slice(from).length - text.slice(from).trimStart().length);
  const end = after.broken ? text.trimEnd().length : rest[rest.length - 1].end;
  return { start, end: Math.max(end, start + 1), onlySemicolons: !after.broken && rest.every((token) => token.type === tokTypes.semi) };
}

function cleanMessage(error: AcornSyntaxError): string {
  return error.message.replace(/ \(\d+:\d+\)$/, '');
}

/** True when the text holds nothing but white space and the given comments. */
function blank(text: string, comments: Comment[]): boolean {
  let at = 0;
  for (const comment of comments) {
    if (text.slice(at, comment.start).trim() !== '') return false;
    at = comment.end;
  }
  return text.slice(at).trim() === '';
}

function syntaxProblem(text: string, error: AcornSyntaxError, comments: Comment[]): SyntaxProblem {
  const message = cleanMessage(error);
  if (error.pos >= text.trimEnd().length) {
    const last = Math.max(0, text.trimEnd().length - 1);
    return blank(text, comments)
      ? {
          start: 0,
          end: 0,
          message:
            'The file is empty: a tracer is one object literal, e.g. { result: function (ctx, db) { return {}; }, fault: function (log, db) {} }.',
        }
      : {
          start: last,
          end: last + 1,
          message: `${message}: the text ends before the expression is complete (a closing } or ) may be missing).`,
        };
  }
  const end = Math.max(error.raisedAt ?? error.pos + 1, error.pos + 1);
  const token = text.slice(error.pos, end);
  const detail = message === 'Unexpected token' && token.trim() !== '' ? `${message} '${token}'` : message;
  return { start: error.pos, end, message: `${detail}.` };
}

/** Where the code before `pos` ends: back over white space and the comments that end there. */
function codeEndBefore(text: string, pos: number, comments: Comment[]): number {
  let at = pos;
  for (;;) {
    while (at > 0 && /\s/.test(text[at - 1])) at--;
    const comment = comments.find((c) => c.end === at);
    if (!comment) return at;
    at = comment.start;
  }
}

/** Tokens before a `{` that make it an object literal (not a block), and before a `(` that make it a call's
 * arguments (not a condition or a grouping, where a ',' would be the comma operator). */
const BEFORE_OBJECT = new Set<TokenType>([
  tokTypes.colon,
  tokTypes.parenL,
  tokTypes.bracketL,
  tokTypes.comma,
  tokTypes.eq,
  tokTypes.question,
  tokTypes._return,
]);
const BEFORE_ARGUMENTS = new Set<TokenType>([tokTypes.name, tokTypes.parenR, tokTypes.bracketR]);

/** Whether `at` is directly inside an object literal, an array or a call's arguments (from `from` on). */
function inList(text: string, from: number, at: number): boolean {
  const open: boolean[] = [];
  let previous: TokenType | undefined;
  try {
    for (const token of tokenizer(text.slice(from, at), { ecmaVersion: 'latest' })) {
      if (token.type === tokTypes.braceL) open.push(previous === undefined || BEFORE_OBJECT.has(previous));
      else if (token.type === tokTypes.bracketL) open.push(true);
      else if (token.type === tokTypes.parenL) open.push(previous !== undefined && BEFORE_ARGUMENTS.has(previous));
      else if (token.type === tokTypes.dollarBraceL) open.push(false);
      else if (CLOSERS.has(token.type)) open.pop();
      previous = token.type;
    }
  } catch {
    return false;
  }
  return open[open.length - 1] === true;
}

/** An unexpected token right after a complete member or value (`result: function () {}` and then `step:`
 * on the next line) usually means a missing ','. When the text with one inserted parses, or parses past
 * that token, the problem says so and gets the fix. */
function withMissingCommaFix(
  problem: SyntaxProblem,
  text: string,
  failure: Extract<Attempt, { ok: false }>,
  ecmaVersion: Options['ecmaVersion'],
  from: number,
): SyntaxProblem {
  if (!('error' in failure) || !cleanMessage(failure.error).startsWith('Unexpected token') || failure.error.pos >= text.trimEnd().length)
    return problem;
  const at = codeEndBefore(text, failure.error.pos, failure.comments);
  if (at <= from || ',{[(:'.includes(text[at - 1]) || !inList(text, from, at)) return problem;
  const retried = attempt(`${text.slice(0, at)},${text.slice(at)}`, ecmaVersion, from);
  if (!retried.ok && reached(retried) <= problem.end + 1) return problem;
  return {
    ...problem,
    message: `${problem.message.replace(/\.$/, '')}: a ',' is probably missing before it (between two members, or two items of a list).`,
    fixes: [{ title: "Insert the missing ','", edits: [{ start: at, end: at, newText: ',' }], preferred: true }],
  };
}

/** How far a failed attempt got. */
function reached(failure: Extract<Attempt, { ok: false }>): number {
  return 'tooDeep' in failure ? failure.tooDeep : failure.error.pos;
}

const OPENERS = new Set<TokenType>([tokTypes.parenL, tokTypes.bracketL, tokTypes.braceL, tokTypes.dollarBraceL]);
const CLOSERS = new Set<TokenType>([tokTypes.parenR, tokTypes.bracketR, tokTypes.braceR]);

/** How many brackets are open at `pos` (a linear token scan: the text before `pos` parsed). */
function openBracketsAt(text: string, pos: number): number {
  let open = 0;
  try {
    for (const token of tokenizer(text, { ecmaVersion: 'latest' })) {
      if (token.start >= pos) break;
      if (OPENERS.has(token.type)) open++;
      else if (CLOSERS.has(token.type)) open--;
    }
  } catch {
    // The tokenizer stopped at an error past the point the parser reached: the count so far is the answer.
  }
  return open;
}

/** The parser ran out of stack at `pos`. Not a syntax error: the text may well be valid for geth. */
function tooDeepProblem(text: string, pos: number): SyntaxProblem {
  const open = openBracketsAt(text, pos);
  // The stack holds about 500 levels of brackets; with far fewer open, a chain (else if, ?:, !, =) filled it.
  const what =
    open >= 100
      ? `${open} levels of brackets are open here`
      : 'the chain of nested expressions or statements that reaches here is too long';
  return {
    start: pos,
    end: Math.min(pos + 1, text.length),
    message: `Nested too deeply for the checker (${what}): its parser ran out of stack, so this file cannot be checked or flattened. This is not a syntax error and geth may accept it; to check it, split the deepest part into helper functions or separate statements.`,
  };
}

/** geth appends ")" right after the text: a final line comment with no line break swallows it. */
function finalLineCommentProblem(text: string, comments: Comment[]): SyntaxProblem | undefined {
  const last = comments[comments.length - 1];
  if (!last || last.type !== 'Line' || last.end !== text.length) return undefined;
  return {
    start: last.start,
    end: last.end,
    message:
      "This // comment ends the file without a line break, so it comments out the ')' geth appends and the node fails to compile. End the file with a line break or remove the comment.",
    fixes: [
      {
        title: 'Add a line break at the end of the file',
        edits: [{ start: text.length, end: text.length, newText: '\n' }],
        preferred: true,
      },
    ],
  };
}

function staticKey(property: Property): string | undefined {
  if (property.computed) return undefined;
  const key = property.key;
  if (key.type === 'Identifier') return key.name;
  if (key.type === 'Literal' && (typeof key.value === 'string' || typeof key.value === 'number')) return String(key.value);
  return undefined;
}

/** The object's own `key: value` members, in source order. */
export function tracerProperties(object: ObjectExpression | undefined): TracerProperty[] {
  const properties: TracerProperty[] = [];
  for (const member of object?.properties ?? []) {
    if (member.type === 'Property') properties.push({ name: staticKey(member), node: member });
  }
  return properties;
}

/** `anyLevel`: parse once, taking the syntax of every ECMAScript level (for the editor features that read
 * the code around a cursor); else at `ecmaVersion`, and after an error once more at the latest level, to
 * name the later features used. */
export function parseTracer(text: string, options: { ecmaVersion: EcmaVersion; anyLevel?: boolean }): ParsedTracer {
  const { ecmaVersion } = options;
  const lines = new LineMap(text);
  const head = wrapperHead(text);
  const from = head?.objectStart ?? 0;
  let outcome = attempt(text, options.anyLevel ? 'latest' : parserVersion(ecmaVersion), from);
  let syntaxErrors: SyntaxProblem[] = [];
  let tooDeep: SyntaxProblem | undefined;
  if (!outcome.ok && 'tooDeep' in outcome) {
    tooDeep = tooDeepProblem(text, outcome.tooDeep);
  } else if (!outcome.ok && options.anyLevel) {
    syntaxErrors = [syntaxProblem(text, outcome.error, outcome.comments)];
  } else if (!outcome.ok) {
    const first = outcome;
    const later = attempt(text, 'latest', from);
    const features = later.ok ? findLaterFeatures(later.expression, ecmaVersion, text) : [];
    if (later.ok && features.length > 0) {
      outcome = later;
      syntaxErrors = features;
    } else if (!later.ok && reached(later) > first.error.pos) {
      // It gets further at a later level: the first error is most likely later syntax, and the text has
      // a genuine error (or nesting too deep to check) after it too. Report both.
      const atLevel = syntaxProblem(text, first.error, first.comments);
      atLevel.message =
        ecmaVersion === 5
          ? `${atLevel.message.replace(/\.$/, '')}: this is probably syntax newer than ES5.1 (such as let/const, arrow functions, template literals, method shorthand). ${TARGET_GETH_HINT}`
          : `${atLevel.message.replace(/\.$/, '')}: this is probably syntax geth's JavaScript engine (goja) does not take (such as BigInt literals, logical assignment, numeric separators).`;
      syntaxErrors = [atLevel];
      if ('tooDeep' in later) tooDeep = tooDeepProblem(text, later.tooDeep);
      else syntaxErrors.push(syntaxProblem(text, later.error, later.comments));
    } else {
      syntaxErrors = [withMissingCommaFix(syntaxProblem(text, first.error, first.comments), text, first, parserVersion(ecmaVersion), from)];
    }
  } else if (ecmaVersion !== 5) {
    // geth's level parses at ES2022, whose grammar has a few features goja lacks.
    syntaxErrors = findLaterFeatures(outcome.expression, ecmaVersion, text);
  }
  const comments = head ? [...head.comments, ...outcome.comments] : outcome.comments;
  if (!outcome.ok) {
    const unterminatedLineComment = finalLineCommentProblem(text, comments);
    const wrapper = head ? { head } : undefined;
    return {
      text,
      ecmaVersion,
      lines,
      properties: [],
      comments,
      syntaxErrors,
      unterminatedLineComment,
      tooDeep,
      nodesByType: new Map(),
      wrapper,
      derived: new Map(),
    };
  }

  const expression = outcome.expression;
  const { after } = outcome;
  const taken = head ? wrapperTailLength(text, head, after.tokens) : 0;
  const tailEnd = taken > 0 ? after.tokens[taken - 1].end : expression.end;
  const trailing = trailingText(text, after, taken, tailEnd);
  const wrapper = head ? { head, tail: { start: expression.end, end: tailEnd } } : undefined;
  const object = expression.type === 'ObjectExpression' ? expression : undefined;
  return {
    text,
    ecmaVersion,
    lines,
    expression,
    object,
    properties: tracerProperties(object),
    comments,
    syntaxErrors,
    unterminatedLineComment: trailing ? undefined : finalLineCommentProblem(text, comments),
    nodesByType: outcome.nodesByType,
    trailing,
    wrapper,
    derived: new Map(),
  };
}

/** What `build` makes from this parse, built once (`key` names the table). Kept on the parse rather than
 * in a module-level WeakMap: the garbage collector's young-generation pass keeps a WeakMap's entries
 * alive, so each parse survived into the old generation and every collection copied a whole tree. */
export function derived<T>(tracer: ParsedTracer, key: object, build: () => T): T {
  if (tracer.derived.has(key)) return tracer.derived.get(key) as T;
  const value = build();
  tracer.derived.set(key, value);
  return value;
}

/** The nodes of one type (see `ParsedTracer.nodesByType`). */
export function nodesOfType<T extends Node = Node>(tracer: ParsedTracer, type: string): readonly T[] {
  return (tracer.nodesByType.get(type) ?? []) as readonly T[];
}

/** The member that JS property lookup finds for `name` (the last definition wins). */
export function findProperty(tracer: ParsedTracer, name: string): TracerProperty | undefined {
  for (let i = tracer.properties.length - 1; i >= 0; i--) {
    if (tracer.properties[i].name === name) return tracer.properties[i];
  }
  return undefined;
}

/** Whether a member is callable as geth sees it: 'unknown' when only running the code could tell. */
export function callability(property: TracerProperty | undefined): 'yes' | 'no' | 'unknown' {
  if (!property) return 'no';
  const { node } = property;
  if (node.kind !== 'init') return 'unknown'; // a getter may return a function
  switch (node.value.type) {
    case 'FunctionExpression':
    case 'ArrowFunctionExpression':
      return 'yes';
    case 'Literal':
    case 'ObjectExpression':
    case 'ArrayExpression':
    case 'TemplateLiteral':
    case 'BinaryExpression':
    case 'UpdateExpression':
    case 'UnaryExpression':
      return 'no';
    default:
      return 'unknown';
  }
}

/** True when members may come from a spread (`...base`) we cannot see into. */
export function hasSpread(tracer: ParsedTracer): boolean {
  return tracer.object?.properties.some((member) => member.type === 'SpreadElement') ?? false;
}
