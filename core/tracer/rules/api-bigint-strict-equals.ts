// `bigint-strict-equals`: `v === 1` with a bigInt v is always false (a bigInt is an object), and
// `v !== 1` always true; v.equals(1) compares the numbers.
import type { AnyNode } from '../../api/syntax';
import { typedNodes } from '../../api/typed-nodes';
import type { Rule } from '../rule';

export const apiBigIntStrictEqualsRule: Rule = {
  code: 'bigint-strict-equals',
  defaultSeverity: 'warning',
  readsTolerantParse: true,
  description: 'A bigInt compared with === or !== to a number or string: always false (or true); use .equals(...).',
  check(tracer, report) {
    const { inference, comparisons } = typedNodes(tracer);
    for (const { node, scope } of comparisons) {
      if (node.operator !== '===' && node.operator !== '!==') continue;
      for (const [value, other] of [
        [node.left, node.right],
        [node.right, node.left],
      ] as AnyNode[][]) {
        if (other.type !== 'Literal' || (typeof other.value !== 'number' && typeof other.value !== 'string')) continue;
        const type = inference.typeOf(value, scope);
        if (type?.kind !== 'object' || type.name !== 'bigInt') continue;
        const text = tracer.text.slice(value.start, value.end);
        const literal = tracer.text.slice(other.start, other.end);
        const replacement = `${node.operator === '!==' ? '!' : ''}${text}.equals(${literal})`;
        report({
          start: node.start,
          end: node.end,
          message: `${text} is a bigInt (an object), so ${node.operator} ${literal} is always ${node.operator === '===' ? 'false' : 'true'}. Use ${replacement}.`,
          fixes: [{ title: `Use ${replacement}`, edits: [{ start: node.start, end: node.end, newText: replacement }], preferred: true }],
        });
      }
    }
  },
};
