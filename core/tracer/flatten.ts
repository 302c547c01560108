// The tracer as one line the strictest provider accepts: regenerated from the syntax tree (so automatic
// semicolon insertion is made explicit), no comments, no `"` (strings single-quoted, `"` written \x22), no
// line breaks, starting with `{` and ending with `}`. While generating we record where each node's output
// starts, to map a node's reported position back to the user's file.
import { generate, GENERATOR } from 'astring';
import type { Node, TaggedTemplateExpression, TemplateLiteral } from 'acorn';
import { analyzeParsed } from './analyze';
import type { EcmaVersion, SeveritySetting, TracerDiagnostic } from './diagnostic';
import { nodesOfType, parseTracer, type ParsedTracer } from './parse';
import type { Position } from './positions';
import { regexLiteral, singleQuoted, templateChunk } from './quote';
import { rules } from './rules';

export interface FlattenOptions {
  /** Default 5 (ES5.1, the provider level). */
  ecmaVersion?: EcmaVersion;
}

/** Positions a node reports are in `(` + code + `)` (what geth compiles: 'wrapped', the default) or in
 * the flattened code itself ('flat'). */
export type PositionOrigin = 'wrapped' | 'flat';

export type FlattenResult =
  | { ok: true; code: string; toSourcePosition(line1: number, column1: number, origin?: PositionOrigin): Position | undefined }
  | { ok: false; diagnostics: TracerDiagnostic[] };

/** Only what makes flattening impossible. */
const BLOCKING: Record<string, SeveritySetting> = Object.fromEntries(
  rules.map((rule) => [rule.code, rule.code === 'syntax' || rule.code === 'not-object' ? 'error' : 'off']),
);

interface Mark {
  generated: number;
  start: number;
  end: number;
}

interface GeneratorState {
  output: string;
  write(code: string, node?: Node): void;
}

type NodeGenerator = (this: Record<string, NodeGenerator>, node: Node, state: GeneratorState) => void;

/** astring's generator with every node's output start recorded and string-like tokens rewritten. */
function markingGenerator(marks: Mark[]): Record<string, NodeGenerator> {
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
        marks.push({ generated: state.output.length, start: quasi.start, end: quasi.end });
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
      marks.push({ generated: state.output.length, start: node.start, end: node.end });
      write.call(this, node, state);
    };
  }
  return generator;
}

/** A tag function sees the raw text, so in a tagged template `"` and line breaks cannot be rewritten. */
function unflattenableTemplates(tracer: ParsedTracer): TracerDiagnostic[] {
  return nodesOfType<TaggedTemplateExpression>(tracer, 'TaggedTemplateExpression')
    .filter((node) => node.quasi.quasis.some((quasi) => /["\r\n\u2028\u2029]/.test(quasi.value.raw)))
    .map((node) => ({
      code: 'flatten',
      severity: 'error',
      message: "This tagged template's raw text holds a double quote or a line break, which a flattened tracer cannot contain without changing what the tag receives. Use a plain string or an untagged template.",
      range: tracer.lines.range(node.quasi.start, node.quasi.end),
    }));
}

export function flattenTracer(text: string, options: FlattenOptions = {}): FlattenResult {
  const tracer = parseTracer(text, { ecmaVersion: options.ecmaVersion ?? 5 });
  if (!tracer.object || tracer.syntaxErrors.length > 0 || tracer.trailing) {
    return { ok: false, diagnostics: analyzeParsed(tracer, BLOCKING) };
  }
  const templates = unflattenableTemplates(tracer);
  if (templates.length > 0) return { ok: false, diagnostics: templates };
  const marks: Mark[] = [];
  const code = generate(tracer.object, { generator: markingGenerator(marks) as never, indent: '', lineEnd: '', comments: false });
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
