// `not-object`: the provider rule that the tracer is one object literal, and nothing follows it.
import type { Rule } from '../rule';

export const notObjectRule: Rule = {
  code: 'not-object',
  defaultSeverity: 'error',
  description: 'The tracer is not one object literal `{ ... }`, or something (such as a `;`) follows the object.',
  check(tracer, report) {
    const { expression, trailing } = tracer;
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

function describe(type: string): string {
  return type.replace(/Expression$/, '').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase() + ' expression';
}
