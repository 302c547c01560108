// Parses a tracer the way geth evaluates it: the text must be one expression (geth runs "(" + text + ")").
// We parse the user's text directly as an expression, so every offset is an offset in the user's file, and
// then check what geth's wrapping would reject: anything after the expression, and a final `//` comment
// with no line break (it comments out the appended ")").
import { Parser, tokTypes, type Comment, type Expression, type Node, type ObjectExpression, type Options, type Property, type TokenType } from 'acorn';
import type { EcmaVersion, OffsetFix } from './diagnostic';
import { findLaterFeatures } from './es-features';
import { LineMap } from './positions';

export const HOOK_NAMES = ['step', 'fault', 'result', 'enter', 'exit', 'setup'] as const;
export type HookName = (typeof HOOK_NAMES)[number];

/** A top-level member of the tracer object. `name` is undefined for computed keys. */
export interface TracerProperty {
  name: string | undefined;
  node: Property;
}

/** A problem that stops the node from compiling the tracer. Offsets in the user's text. */
export interface SyntaxProblem {
  start: number;
  end: number;
  message: string;
  fixes?: OffsetFix[];
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
  /** Every node the parser built, by type, in the order finished (leaves in source order). Rules look
   * nodes up here instead of walking the tree. A node's type may have changed since (an object literal
   * that became a destructuring pattern): check `node.type`. */
  nodesByType: ReadonlyMap<string, readonly Node[]>;
  /** Text after the expression ([start, end) of its tokens), e.g. a trailing `;`. */
  trailing?: { start: number; end: number; onlySemicolons: boolean };
  /** Tables built from this parse on first use (see `derived`). */
  derived: Map<object, unknown>;
}

/** acorn's parser internals used to parse one expression and then look at what follows it. */
interface ExpressionParser {
  nextToken(): void;
  next(): void;
  parseExpression(): Expression;
  type: TokenType;
  start: number;
  lastTokEnd: number;
}

interface RecordingParser extends ExpressionParser {
  nodesByType: Map<string, Node[]>;
}

/** acorn's parser, also filing each finished node by type (cheaper than a walk afterwards). */
const RecordingParserClass = Parser.extend(
  (Base) =>
    class extends (Base as unknown as new (...args: unknown[]) => { finishNode(node: Node, type: string): Node; finishNodeAt(node: Node, type: string, pos: number, loc: unknown): Node }) {
      nodesByType = new Map<string, Node[]>();
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
    } as unknown as typeof Parser,
) as unknown as new (options: Options, input: string, position: number) => RecordingParser;

interface AcornSyntaxError extends SyntaxError {
  pos: number;
  raisedAt: number;
}

type Attempt =
  | { ok: true; expression: Expression; comments: Comment[]; nodesByType: Map<string, Node[]>; trailing?: ParsedTracer['trailing'] }
  | { ok: false; error: AcornSyntaxError; comments: Comment[] };

function attempt(text: string, ecmaVersion: Options['ecmaVersion']): Attempt {
  const comments: Comment[] = [];
  const parser = new RecordingParserClass({ ecmaVersion, sourceType: 'script', onComment: comments }, text, 0);
  const { nodesByType } = parser;
  let expression: Expression;
  try {
    parser.nextToken();
    expression = parser.parseExpression();
  } catch (error) {
    if (!(error instanceof SyntaxError) || !('pos' in error)) throw error;
    return { ok: false, error: error as AcornSyntaxError, comments };
  }
  if (parser.type === tokTypes.eof) return { ok: true, expression, comments, nodesByType };
  // Something follows the expression: walk its tokens (collecting comments) to know where it ends.
  const start = parser.start;
  let onlySemicolons = true;
  let end = start;
  try {
    while (parser.type !== tokTypes.eof) {
      if (parser.type !== tokTypes.semi) onlySemicolons = false;
      parser.next();
      end = parser.lastTokEnd;
    }
  } catch {
    onlySemicolons = false;
    end = text.trimEnd().length;
  }
  return { ok: true, expression, comments, nodesByType, trailing: { start, end: Math.max(end, start + 1), onlySemicolons } };
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
      ? { start: 0, end: 0, message: 'The file is empty: a tracer is one object literal, e.g. { result: function (ctx, db) { return {}; }, fault: function (log, db) {} }.' }
      : { start: last, end: last + 1, message: `${message}: the text ends before the expression is complete (a closing } or ) may be missing).` };
  }
  const end = Math.max(error.raisedAt ?? error.pos + 1, error.pos + 1);
  const token = text.slice(error.pos, end);
  const detail = message === 'Unexpected token' && token.trim() !== '' ? `${message} '${token}'` : message;
  return { start: error.pos, end, message: `${detail}.` };
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
    fixes: [{ title: 'Add a line break at the end of the file', edits: [{ start: text.length, end: text.length, newText: '\n' }], preferred: true }],
  };
}

function staticKey(property: Property): string | undefined {
  if (property.computed) return undefined;
  const key = property.key;
  if (key.type === 'Identifier') return key.name;
  if (key.type === 'Literal' && (typeof key.value === 'string' || typeof key.value === 'number')) return String(key.value);
  return undefined;
}

export function parseTracer(text: string, options: { ecmaVersion: EcmaVersion }): ParsedTracer {
  const { ecmaVersion } = options;
  const lines = new LineMap(text);
  let outcome = attempt(text, ecmaVersion);
  let syntaxErrors: SyntaxProblem[] = [];
  if (!outcome.ok) {
    const first = outcome;
    const later = attempt(text, 'latest');
    const features = later.ok ? findLaterFeatures(later.expression, ecmaVersion) : [];
    if (later.ok && features.length > 0) {
      outcome = later;
      syntaxErrors = features;
    } else if (!later.ok && later.error.pos > first.error.pos) {
      // It gets further at a later level: the first error is most likely later syntax, and the text has
      // a genuine error after it too. Report both.
      const atLevel = syntaxProblem(text, first.error, first.comments);
      const level = ecmaVersion === 5 ? 'ES5.1' : 'ecmaVersion 2017';
      atLevel.message = `${atLevel.message.replace(/\.$/, '')}: this is probably syntax newer than ${level} (such as let/const, arrow functions, template literals, method shorthand).`;
      syntaxErrors = [atLevel, syntaxProblem(text, later.error, later.comments)];
    } else {
      syntaxErrors = [syntaxProblem(text, first.error, first.comments)];
    }
  }
  const comments = outcome.comments;
  const unterminatedLineComment = outcome.ok && outcome.trailing ? undefined : finalLineCommentProblem(text, comments);
  if (!outcome.ok) return { text, ecmaVersion, lines, properties: [], comments, syntaxErrors, unterminatedLineComment, nodesByType: new Map(), derived: new Map() };

  const expression = outcome.expression;
  const object = expression.type === 'ObjectExpression' ? expression : undefined;
  const properties: TracerProperty[] = [];
  for (const member of object?.properties ?? []) {
    if (member.type === 'Property') properties.push({ name: staticKey(member), node: member });
  }
  return {
    text,
    ecmaVersion,
    lines,
    expression,
    object,
    properties,
    comments,
    syntaxErrors,
    unterminatedLineComment,
    nodesByType: outcome.nodesByType,
    trailing: outcome.trailing,
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
