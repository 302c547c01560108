// `op-string-compare`: `log.op == 'CALL'` compares the opcode object itself with a string; compare
// log.op.toString() instead.
import { typedNodes } from '../../api/typed-nodes';
import type { AnyNode } from '../../api/syntax';
import type { Rule } from '../rule';

export const apiOpCompareRule: Rule = {
  code: 'op-string-compare',
  defaultSeverity: 'warning',
  readsTolerantParse: true,
  description: 'log.op compared with a string (\'log.op == "CALL"\'): log.op is an object; compare log.op.toString().',
  check(tracer, report) {
    const { inference, comparisons } = typedNodes(tracer);
    for (const { node, scope } of comparisons) {
      for (const [op, other] of [
        [node.left, node.right],
        [node.right, node.left],
      ] as AnyNode[][]) {
        if (other.type !== 'Literal' || typeof other.value !== 'string') continue;
        const type = inference.typeOf(op, scope);
        if (type?.kind !== 'object' || type.name !== 'op') continue;
        const text = tracer.text.slice(op.start, op.end);
        report({
          start: op.start,
          end: op.end,
          message: `${text} is the opcode object, not its name, so this comparison does not test the opcode. Compare ${text}.toString() with '${other.value}'.`,
          fixes: [{ title: `Use ${text}.toString()`, edits: [{ start: op.end, end: op.end, newText: '.toString()' }], preferred: true }],
        });
      }
    }
  },
};
