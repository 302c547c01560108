// `result-host-string`: `result` returning a string that came from the node (toHex(...) of 8+ bytes,
// ctx.error, getError()): geth serialises such a top-level host string as {}.
import { functionIndex } from '../../api/functions';
import { inferenceFor } from '../../api/infer';
import type { AnyNode } from '../../api/syntax';
import { findProperty, nodesOfType } from '../parse';
import type { Rule } from '../rule';

/** toHex of an array literal shorter than 8 bytes gives at most 16 characters, which survive. */
function isShortLiteralHex(node: AnyNode): boolean {
  const arg = node.type === 'CallExpression' ? node.arguments[0] : undefined;
  return arg?.type === 'ArrayExpression' && arg.elements.length < 8;
}

export const apiResultHostStringRule: Rule = {
  code: 'result-host-string',
  defaultSeverity: 'warning',
  readsTolerantParse: true,
  description: "result() returning a host string such as toHex(...) directly: geth serialises it as {}. Return x + '' or an object.",
  check(tracer, report) {
    const fn = findProperty(tracer, 'result')?.node.value as AnyNode | undefined;
    if (!fn || (fn.type !== 'FunctionExpression' && fn.type !== 'ArrowFunctionExpression')) return;
    const inference = inferenceFor(tracer);
    const functions = functionIndex(tracer);
    const returned: AnyNode[] = fn.body.type === 'BlockStatement' ? [] : [fn.body];
    for (const node of nodesOfType<AnyNode>(tracer, 'ReturnStatement')) {
      if (node.argument && functions.ownerOf(node) === fn) returned.push(node.argument);
    }
    for (const value of returned) {
      const type = inference.typeOf(value, [tracer.object as AnyNode, fn]);
      if (type?.kind !== 'value' || !type.hostString || isShortLiteralHex(value)) continue;
      const text = tracer.text.slice(value.start, value.end);
      report({
        start: value.start,
        end: value.end,
        message: `result() returns a string made by the node (${text}); geth serialises a top-level host string longer than 16 characters as {}. Return ${text} + '' or put it in an object.`,
        fixes: [
          { title: "Append + '' to return a JS string", edits: [{ start: value.end, end: value.end, newText: " + ''" }], preferred: true },
        ],
      });
    }
  },
};
