// `not-object`: the provider rule that the tracer is one object literal, and nothing follows it; also the
// wrappers projects ship tracers in (`var tracer = {…};`, `module.exports = {…};`).
import type { OffsetFix } from '../diagnostic';
import { nodeIndex } from '../node-index';
import type { ParsedTracer } from '../parse';
import type { Rule, RuleFinding } from '../rule';

export const notObjectRule: Rule = {
  code: 'not-object',
  defaultSeverity: 'error',
  description:
    'The tracer is not one object literal `{ ... }`: it is wrapped (`var tracer = {…};`, `module.exports = {…}`, `export default {…}`), or something (such as a `;`) follows the object.',
  check(tracer, report) {
    const { expression, trailing } = tracer;
    if (tracer.wrapper) report(wrapperFinding(tracer));
    if (expression && expression.type !== 'ObjectExpression') {
      const lineBreak = tracer.text.slice(expression.start, expression.end).search(/[\r\n]/);
      report({
        start: expression.start,
        end: lineBreak > 0 ? expression.start + lineBreak : expression.end,
        message: `The tracer must be one object literal starting with '{' and ending with '}' (providers require it); this is a ${describe(expression.type)}.`,
      });
    }
    if (trailing) {
      report({
        start: trailing.start,
        end: trailing.end,
        message: trailing.onlySemicolons
          ? "Remove the ';' after the tracer object: geth evaluates '(' + tracer + ')', so a trailing ';' does not compile."
          : "Nothing may follow the tracer object: geth evaluates '(' + tracer + ')', so the text must be a single expression.",
        fixes: trailing.onlySemicolons
          ? [{ title: "Remove the trailing ';'", edits: [{ start: trailing.start, end: trailing.end, newText: '' }], preferred: true }]
          : undefined,
      });
    }
  },
};

/** One error for the whole wrapper, on its head; the fix removes head and tail, leaving the object literal
 * (and any comments before the wrapper). */
function wrapperFinding(tracer: ParsedTracer): RuleFinding {
  const { text } = tracer;
  const { head, tail } = tracer.wrapper!;
  const squeeze = (start: number, end: number) => text.slice(start, end).replace(/\s+/g, ' ');
  const shape = `${squeeze(head.start, head.end)} {…}${tail ? squeeze(tail.start, tail.end) : ''}`;
  const selfReference = head.name !== undefined && tracer.expression !== undefined && refersTo(tracer, head.name);
  const message =
    `Keep only the object literal: geth evaluates the file as one expression ('(' + text + ')'), so '${shape}' does not compile.` +
    (selfReference
      ? ` The object also refers to itself as '${head.name}', which is undefined without the wrapper: use 'this' in the hooks instead.`
      : '') +
    (tail ? '' : ' Once the object parses, a quick fix removes the wrapper.');
  const fixes: OffsetFix[] | undefined = tail
    ? [
        {
          title: 'Remove the wrapper, keeping only the object literal',
          edits: [
            { start: head.start, end: head.objectStart, newText: '' },
            { start: tail.start, end: tail.end, newText: '' },
          ],
          // Unseen only when nothing inside needs the name.
          preferred: !selfReference,
        },
      ]
    : undefined;
  return { start: head.start, end: head.end, message, fixes };
}

/** Whether the tracer uses `name` as a value it does not declare itself. */
function refersTo(tracer: ParsedTracer, name: string): boolean {
  const { references, declared } = nodeIndex(tracer);
  return !declared.has(name) && references.some((identifier) => identifier.name === name);
}

function describe(type: string): string {
  return (
    type
      .replace(/Expression$/, '')
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase() + ' expression'
  );
}
