// `arrow-hook`: geth calls hooks with `this` = the tracer object; an arrow function ignores that `this`.
import { HOOK_NAMES } from '../../api/hook-names';
import type { Rule } from '../rule';

export const arrowHookRule: Rule = {
  code: 'arrow-hook',
  defaultSeverity: 'warning',
  description: 'A hook written as an arrow function: inside it `this` is not the tracer object.',
  check(tracer, report) {
    for (const { name, node } of tracer.properties) {
      const value = node.value;
      if (!name || !(HOOK_NAMES as readonly string[]).includes(name) || value.type !== 'ArrowFunctionExpression') continue;
      const { text } = tracer;
      const params = value.params.length > 0 ? text.slice(value.params[0].start, value.params[value.params.length - 1].end) : '';
      const body =
        value.body.type === 'BlockStatement'
          ? text.slice(value.body.start, value.body.end)
          : `{ return ${text.slice(value.body.start, value.body.end)}; }`;
      report({
        start: node.key.start,
        end: value.body.start,
        message: `The hook '${name}' is an arrow function: geth calls it with 'this' set to the tracer, but an arrow function keeps the outer 'this', so this.<field> does not reach the tracer's state. Use 'function (...) { ... }'.`,
        fixes: value.async
          ? undefined
          : [
              {
                title: 'Convert to a function expression',
                edits: [{ start: value.start, end: value.end, newText: `function (${params}) ${body}` }],
              },
            ],
      });
    }
  },
};
