// The tracer as one line the strictest provider accepts: regenerated from the syntax tree (so automatic
// semicolon insertion is made explicit), no comments, no `"` (strings single-quoted, `"` written \x22), no
// line breaks, starting with `{` and ending with `}`. While generating we record where each node's output
// starts, to map a node's reported position back to the user's file.
import { generate, GENERATOR } from 'astring';
import type { Node, TaggedTemplateExpression, TemplateLiteral } from 'acorn';
import { forEachNode, someChild, type AnyNode } from '../api/syntax';
import { analyzeParsed } from './analyze';
import type { EcmaVersion, SeveritySetting, TracerDiagnostic } from './diagnostic';
import { nodesOfType, parseTracer, type ParsedTracer } from './parse';
import type { Position } from './positions';
import { regexLiteral, singleQuoted, templateChunk } from './quote';
import { rules } from './rules';

interface FlattenOptions {
  /** Default 5 (ES5.1, the provider level). */
  ecmaVersion?: EcmaVersion;
}

/** Positions a node reports are in `(` + code + `)` (what geth compiles: 'wrapped', the default) or in
 * the flattened code itself ('flat'). */
type PositionOrigin = 'wrapped' | 'flat';

export type FlattenResult =
  | { ok: true; code: string; toSourcePosition(line1: number, column1: number, origin?: PositionOrigin): Position | undefined }
  | { ok: false; diagnostics: TracerDiagnostic[] };

/** Only what makes flattening impossible. */
const BLOCKING_CODES = new Set(['syntax', 'too-deep', 'not-object']);
const BLOCKING: Record<string, SeveritySetting> = Object.fromEntries(
  rules.map((rule) => [rule.code, BLOCKING_CODES.has(rule.code) ? 'error' : 'off']),
);

interface Mark {
  generated: number;
  start: number;
  end: number;
}

/** The output of a subtree generated ahead of its parent (see `generateInSlices`), with its marks. */
interface Piece {
  code: string;
  marks: PieceMark[];
}

/** A mark, or where a piece's output (and so its marks) was written. `generated` is relative to the
 * output being written at the time: the piece's own, or the whole code's. */
type PieceMark = Mark | { generated: number; piece: Piece };

interface GeneratorState {
  output: string;
  write(code: string, node?: Node): void;
}

type NodeGenerator = (this: Record<string, NodeGenerator>, node: Node, state: GeneratorState) => void;

/** astring generates a node by generating its children, one stack frame or more per level of the tree;
 * a slice at most this many levels deep is generated at a time. */
const SLICE = 200;

/** astring's generator with every node's output start recorded (into `sink.marks`) and string-like tokens
 * rewritten. A node in `pieces` writes its output generated earlier. */
function markingGenerator(sink: { marks: PieceMark[] }, pieces: Map<Node, Piece>): Record<string, NodeGenerator> {
  const base = GENERATOR as unknown as Record<string, NodeGenerator>;
  const own: Record<string, NodeGenerator> = {
    Literal(node, state) {
      const literal = node as Node & { value: unknown; raw: string; regex?: unknown };
      if (typeof literal.value === 'string') state.write(singleQuoted(literal.raw, { flat: true }));
      else if (literal.regex) state.write(regexLiteral(literal.raw));
      else base.Literal.call(this, node, state);
    },
    TemplateLiteral(node, state) {
      const { quasis, expressions } = node as TemplateLiteral;
      state.write('`');
      quasis.forEach((quasi, i) => {
        sink.marks.push({ generated: state.output.length, start: quasi.start, end: quasi.end });
        state.write(templateChunk(quasi.value.raw, { flat: true }));
        const expression = expressions[i];
        if (!expression) return;
        state.write('${');
        this[expression.type](expression, state);
        state.write('}');
      });
      state.write('`');
    },
  };
  const generator: Record<string, NodeGenerator> = {};
  for (const [type, write] of Object.entries({ ...base, ...own })) {
    generator[type] = function (node, state) {
      const piece = pieces.get(node);
      if (piece) {
        sink.marks.push({ generated: state.output.length, piece });
        state.write(piece.code);
        return;
      }
      sink.marks.push({ generated: state.output.length, start: node.start, end: node.end });
      write.call(this, node, state);
    };
  }
  return generator;
}

/** One line of code for `root`, without recursing deeper than `SLICE` levels of the tree at a time: going
 * up from the leaves, each node `SLICE` levels above the last pieces is generated on its own, and its
 * parent then writes that text. A node's output does not depend on where it is written (astring decides
 * parentheses from the node types on either side), so the code is the same as in one pass. */
function generateInSlices(root: Node): { code: string; marks: Mark[] } {
  const sink: { marks: PieceMark[] } = { marks: [] };
  const pieces = new Map<Node, Piece>();
  const generator = markingGenerator(sink, pieces);
  const generateOne = (node: Node): Piece => {
    const outer = sink.marks;
    sink.marks = [];
    const code = generate(node, { generator: generator as never, indent: '', lineEnd: '', comments: false });
    const piece = { code, marks: sink.marks };
    sink.marks = outer;
    return piece;
  };
  const topDown: AnyNode[] = [];
  forEachNode(root as AnyNode, (node) => {
    topDown.push(node);
  });
  /** Levels from a node down to its deepest leaf or piece. */
  const height = new Map<AnyNode, number>();
  for (let i = topDown.length - 1; i >= 0; i--) {
    const node = topDown[i];
    let below = 0;
    someChild(node, (child) => {
      below = Math.max(below, height.get(child) ?? 0);
    });
    // Only node types astring dispatches on can stand alone (a switch case is written by its switch).
    if (below + 1 >= SLICE && node !== root && generator[node.type]) {
      pieces.set(node, generateOne(node));
      height.set(node, 0);
    } else {
      height.set(node, below + 1);
    }
  }
  const { code, marks } = generateOne(root);
  return { code, marks: flatMarks(marks) };
}

/** The marks with each piece's marks put where the piece was written, offsets made absolute. */
function flatMarks(top: PieceMark[]): Mark[] {
  const marks: Mark[] = [];
  const stack = [{ list: top, next: 0, offset: 0 }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (frame.next === frame.list.length) {
      stack.pop();
      continue;
    }
    const mark = frame.list[frame.next++];
    if ('piece' in mark) stack.push({ list: mark.piece.marks, next: 0, offset: frame.offset + mark.generated });
    else marks.push({ generated: frame.offset + mark.generated, start: mark.start, end: mark.end });
  }
  return marks;
}

/** A tag function sees the raw text, so in a tagged template `"` and line breaks cannot be rewritten. */
function unflattenableTemplates(tracer: ParsedTracer): TracerDiagnostic[] {
  return nodesOfType<TaggedTemplateExpression>(tracer, 'TaggedTemplateExpression')
    .filter((node) => node.quasi.quasis.some((quasi) => /["\r\n\u2028\u2029]/.test(quasi.value.raw)))
    .map((node) => ({
      code: 'flatten',
      severity: 'error',
      message:
        "This tagged template's raw text holds a double quote or a line break, which a flattened tracer cannot contain without changing what the tag receives. Use a plain string or an untagged template.",
      range: tracer.lines.range(node.quasi.start, node.quasi.end),
    }));
}

export function flattenTracer(text: string, options: FlattenOptions = {}): FlattenResult {
  const tracer = parseTracer(text, { ecmaVersion: options.ecmaVersion ?? 5 });
  if (!tracer.object || tracer.syntaxErrors.length > 0 || tracer.trailing || tracer.wrapper) {
    return { ok: false, diagnostics: analyzeParsed(tracer, BLOCKING) };
  }
  const templates = unflattenableTemplates(tracer);
  if (templates.length > 0) return { ok: false, diagnostics: templates };
  const { code, marks } = generateInSlices(tracer.object);
  if (/["\r\n\u2028\u2029]/.test(code)) throw new Error('flatten produced a double quote or a line break (a bug in the flattener)');
  const { lines } = tracer;
  return {
    ok: true,
    code,
    toSourcePosition(line1, column1, origin = 'wrapped') {
      const column = column1 - (origin === 'wrapped' ? 2 : 1);
      if (line1 !== 1 || column < 0 || column >= code.length) return undefined;
      // The last mark at or before the column: marks are in output order, inner nodes after outer ones.
      let low = 0;
      let high = marks.length - 1;
      while (low < high) {
        const mid = (low + high + 1) >> 1;
        if (marks[mid].generated <= column) low = mid;
        else high = mid - 1;
      }
      const mark = marks[low];
      return lines.positionAt(Math.min(mark.start + (column - mark.generated), mark.end));
    },
  };
}
