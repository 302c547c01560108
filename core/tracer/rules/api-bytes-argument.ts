// `bytes-argument`: a string where the node only takes bytes (toHex, slice, db.*). geth rejects it with
// "invalid buffer type", an error try/catch cannot catch, and the whole trace fails.
import { typedNodes } from '../../api/typed-nodes';
import type { AnyNode } from '../../api/syntax';
import type { Rule } from '../rule';

/** A string literal or template, a `+` chain whose first term is one (followed down the left operands in a
 * loop: a chain can be thousands of terms long), or anything typed as a string. */
function isStringValued(node: AnyNode, typed: () => boolean): boolean {
  if (node.type === 'Literal') return typeof node.value === 'string';
  if (node.type === 'TemplateLiteral') return true;
  let first = node;
  while (first.type === 'BinaryExpression' && first.operator === '+') first = first.left;
  return (first.type === 'Literal' && typeof first.value === 'string') || first.type === 'TemplateLiteral' || typed();
}

export const apiBytesArgumentRule: Rule = {
  code: 'bytes-argument',
  defaultSeverity: 'warning',
  readsTolerantParse: true,
  description:
    "A string passed where the node requires bytes (toHex('0x..'), slice('..'), db.getBalance('0x..')): it fails with the uncatchable 'invalid buffer type'.",
  check(tracer, report) {
    const { inference, calls } = typedNodes(tracer);
    for (const { node, scope } of calls) {
      const callee = inference.typeOf(node.callee, scope);
      if (callee?.kind !== 'function') continue;
      const params = callee.member.params ?? [];
      node.arguments.forEach((arg: AnyNode, index: number) => {
        const param = params[index];
        if (!param?.bytesOnly) return;
        const typed = () => {
          const type = inference.typeOf(arg, scope);
          return type?.kind === 'value' && type.name === 'string';
        };
        if (!isStringValued(arg, typed)) return;
        const where = callee.owner ? `db.${callee.member.name}` : callee.member.name;
        const convert = callee.owner === 'db' ? (param.name === 'slot' ? 'toWord' : 'toAddress') : undefined;
        const text = tracer.text.slice(arg.start, arg.end);
        report({
          start: arg.start,
          end: arg.end,
          message: `${where} takes a Uint8Array or an Array as '${param.name}', not a string: the node fails with 'invalid buffer type' (uncatchable).${convert ? ` Convert it with ${convert}(...).` : ''}`,
          fixes: convert
            ? [{ title: `Wrap in ${convert}(...)`, edits: [{ start: arg.start, end: arg.end, newText: `${convert}(${text})` }] }]
            : undefined,
        });
      });
    }
  },
};
