// The error-tolerant parse, for what must keep working while the text has a syntax error (the normal
// state while typing): completion, hover, signature help, and the rules that judge each piece of code on
// its own. acorn-loose repairs as it parses (a placeholder identifier where something is missing, blocks
// closed by indentation); each top-level member is parsed on its own, as the top-level scan delimits it
// (by its lines when brackets are unbalanced), so a broken member cannot swallow the members after it.
import {
  Parser,
  tokTypes,
  type Comment,
  type Expression,
  type Node,
  type ObjectExpression,
  type Options,
  type Token,
  type TokenType,
} from 'acorn';
import { LooseParser } from 'acorn-loose';
import { scanTopLevel, type TopLevelMember } from '../api/top-level-scan';
import type { EcmaVersion } from './diagnostic';
import { tracerProperties, type ParsedTracer } from './parse';
import { LineMap } from './positions';

/** The name acorn-loose gives the identifiers it makes up. */
const REPAIR = '✖';
/** Levels of the parser's recursion (statements, expressions, operators) it may enter. The stack ran out
 * past about 1,500 (some 750 nested brackets): half that gives up cleanly before it does. */
const MAX_DEPTH = 700;

class TooDeep extends Error {}

/** acorn-loose's parser internals used here. */
interface LooseInternals {
  toks: { context: unknown[]; initialContext(): unknown[] };
  tok: Token;
  ahead: Token[];
  context: number[];
  curIndent: number;
  inAsync: boolean;
  inGenerator: boolean;
  inFunction: boolean;
  next(): void;
  resetTo(pos: number): void;
  indentationAfter(pos: number): number;
  readToken(): Token;
  finishNode(node: Node, type: string): Node;
  dummyNode(type: string): Node;
  parseObj(): ObjectExpression;
  parseExpression(): Expression;
  parseStatement(): Node;
  parseMaybeAssign(noIn?: boolean): Node;
  parseMaybeUnary(sawUnary: boolean): Node;
  parseExprOp(left: Node, start: number, minPrec: number, noIn: boolean, indent: number, line: number): Node;
}

/** acorn's tokenizer internals used here. */
interface TokenizerInternals {
  pos: number;
  start: number;
  inTemplateElement: boolean;
  readTmplToken(): void;
  skipBlockComment(): void;
}

const UNTERMINATED_TEMPLATE = 'Unterminated template';
const UNTERMINATED_COMMENT = 'Unterminated comment';

/** acorn's tokenizer with cheap errors, read in linear time:
 * - acorn-loose recovers from each error it can, and one per open string is common mid-edit. acorn counts
 *   lines from the start of the text for each error (quadratic), and a real SyntaxError captures a stack;
 *   acorn-loose needs only an instance of SyntaxError with the message and where the tokenizer stopped.
 * - After an unterminated template or block comment, acorn-loose resumes at the next line, where the
 *   tokenizer (still inside the template, or at the next `/*`) scanned to the end of the text again: time
 *   quadratic in the lines (a 256 KB template took 88 s). A scan that found no end from some offset finds
 *   none from any later one either (the loose parser resumes at a line end or after a backtick, never inside
 *   an escape), so the error comes at once.
 * - An error abandons the token being read: acorn, which never resumes after one, left a template's "reading
 *   a template element" flag set when the error came from inside it, and a later bad escape in code then
 *   threw acorn's internal marker (a bare object, not a SyntaxError) out of the whole parse. */
class TokenizerWithCheapErrors extends (Parser as unknown as new (
  options: Options,
  input: string,
  startPos?: number,
) => Parser & TokenizerInternals) {
  /** Where a scan for the end of a template (its closing backtick or next `${`) reached the end of the text. */
  templateOpenFrom = Infinity;
  /** Where a scan for the end of a block comment reached the end of the text. */
  commentOpenFrom = Infinity;

  raise(pos: number, message: string): never {
    this.inTemplateElement = false;
    if (message === UNTERMINATED_TEMPLATE) this.templateOpenFrom = Math.min(this.templateOpenFrom, pos);
    else if (message === UNTERMINATED_COMMENT) this.commentOpenFrom = Math.min(this.commentOpenFrom, pos);
    throw Object.assign(Object.create(SyntaxError.prototype) as SyntaxError, { message, pos, raisedAt: this.pos });
  }

  readTmplToken(): void {
    if (this.start >= this.templateOpenFrom) this.raise(this.start, UNTERMINATED_TEMPLATE);
    super.readTmplToken();
  }

  skipBlockComment(): void {
    if (this.pos >= this.commentOpenFrom) this.raise(this.pos, UNTERMINATED_COMMENT);
    super.skipBlockComment();
  }
}

/** acorn-loose's parser, filing each finished node by type (as the strict parse does, for the rules),
 * noting its repairs, reading the end of the text at `stop`, and bounding its recursion. */
class TolerantParser extends (LooseParser as unknown as new (input: string, options: Options) => LooseInternals) {
  static BaseParser = TokenizerWithCheapErrors;
  nodesByType = new Map<string, Node[]>();
  repairs: number[] = [];
  /** Tokens from here on read as the end of the text: the end of the member being parsed. */
  stop = Infinity;
  depth = 0;

  finishNode(node: Node, type: string): Node {
    const finished = this.file(super.finishNode(node, type), type);
    if (type === 'Identifier' && (finished as Node & { name: string }).name === REPAIR) this.repairs.push(finished.start);
    return finished;
  }

  file<T extends Node>(node: T, type: string): T {
    const list = this.nodesByType.get(type);
    if (list) list.push(node);
    else this.nodesByType.set(type, [node]);
    return node;
  }

  dummyNode(type: string): Node {
    const dummy = super.dummyNode(type);
    this.repairs.push(dummy.start);
    return dummy;
  }

  readToken(): Token {
    const token = super.readToken();
    return token.start < this.stop ? token : ({ type: tokTypes.eof as TokenType, start: this.stop, end: this.stop } as Token);
  }

  /** Counts a level of nesting (undone by the caller when the level returns; a member that throws
   * starts over from zero). */
  enter(): void {
    if (++this.depth > MAX_DEPTH) throw new TooDeep();
  }

  parseStatement(): Node {
    this.enter();
    const node = super.parseStatement();
    this.depth--;
    return node;
  }

  parseMaybeAssign(noIn?: boolean): Node {
    this.enter();
    const node = super.parseMaybeAssign(noIn);
    this.depth--;
    return node;
  }

  parseMaybeUnary(sawUnary: boolean): Node {
    this.enter();
    const node = super.parseMaybeUnary(sawUnary);
    this.depth--;
    return node;
  }

  parseExprOp(left: Node, start: number, minPrec: number, noIn: boolean, indent: number, line: number): Node {
    this.enter();
    const node = super.parseExprOp(left, start, minPrec, noIn, indent, line);
    this.depth--;
    return node;
  }

  /** Starts over at `pos` (the start of a member), reading up to `stop`. */
  restart(pos: number, stop: number): void {
    this.stop = stop;
    this.resetTo(pos);
    this.toks.context = this.toks.initialContext();
    this.ahead = [];
    this.context = [];
    this.depth = 0;
    this.inAsync = this.inGenerator = this.inFunction = false;
    this.next();
  }
}

/** Whether the parser gave up: nesting too deep (ours), or the stack ran out all the same. */
function gaveUp(error: unknown): boolean {
  return error instanceof TooDeep || error instanceof RangeError;
}

/** The tracer object from its members: each parsed alone, so one that does not close ends where the scan
 * says the next begins. A member nested too deeply to parse is left out. */
function parseMembers(parser: TolerantParser, text: string, members: TopLevelMember[]): ObjectExpression {
  const open = members[0].start - 1;
  const lineStart = Math.max(text.lastIndexOf('\n', open), text.lastIndexOf('\r', open)) + 1;
  const objectIndent = parser.indentationAfter(lineStart);
  const properties: ObjectExpression['properties'] = [];
  for (const member of members) {
    parser.restart(member.start, member.end);
    // parseObj closes an object at a line indented no deeper than the line it starts on: make that the
    // object's line, so a member after a missing comma is read as the next member.
    parser.curIndent = objectIndent;
    try {
      properties.push(...parser.parseObj().properties);
    } catch (error) {
      if (!gaveUp(error)) throw error;
    }
  }
  const last = members[members.length - 1].end;
  const object = { type: 'ObjectExpression', start: open, end: text[last] === '}' ? last + 1 : last, properties } as ObjectExpression;
  return parser.file(object, 'ObjectExpression');
}

/** Parses `text` whatever its syntax errors; undefined only when it nests too deeply. `members`: the
 * top-level scan of `text`, when the caller has it. */
export function parseTolerant(
  text: string,
  options: { ecmaVersion: EcmaVersion; lines?: LineMap; members?: TopLevelMember[] },
): ParsedTracer | undefined {
  const comments: Comment[] = [];
  // Members are read from where each starts, which may re-read a comment the previous one looked ahead at.
  const onComment = (block: boolean, value: string, start: number, end: number) => {
    if (comments.length === 0 || start >= comments[comments.length - 1].end)
      comments.push({ type: block ? 'Block' : 'Line', value, start, end } as Comment);
  };
  const parser = new TolerantParser(text, { ecmaVersion: 'latest', onComment });
  const members = options.members ?? scanTopLevel(text);
  let expression: Expression;
  if (members) {
    expression = parseMembers(parser, text, members);
  } else {
    try {
      parser.next();
      expression = parser.parseExpression();
    } catch (error) {
      if (gaveUp(error)) return undefined;
      throw error;
    }
  }
  const object = expression.type === 'ObjectExpression' ? expression : undefined;
  return {
    text,
    ecmaVersion: options.ecmaVersion,
    lines: options.lines ?? new LineMap(text),
    expression,
    object,
    properties: tracerProperties(object),
    comments,
    syntaxErrors: [],
    nodesByType: parser.nodesByType,
    derived: new Map(),
    tolerant: { repairs: parser.repairs },
  };
}

/** The parse that tolerant consumers read: `tracer` itself when it parsed, else the error-tolerant parse
 * of its text; undefined when the text nests too deeply for either. Made anew on each call, not kept with
 * `tracer`: a second tree kept alive per broken document slowed every garbage collection after it. */
export function tolerantParse(tracer: ParsedTracer): ParsedTracer | undefined {
  if (tracer.expression) return tracer;
  if (tracer.tooDeep) return undefined;
  return parseTolerant(tracer.text, { ecmaVersion: tracer.ecmaVersion, lines: tracer.lines });
}

/** Whether [start, end] of a tolerant parse holds one of its repairs. */
export function touchesRepair(tracer: ParsedTracer, range: { start: number; end: number }): boolean {
  return tracer.tolerant?.repairs.some((at) => range.start <= at && at <= range.end) ?? false;
}
