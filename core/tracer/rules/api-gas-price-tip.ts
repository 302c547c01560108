// `gas-price-tip`: since geth v1.15.0 ctx.gasPrice is the tip, not the price the sender paid per gas, so
// fee arithmetic built on it is off by the (burnt) base fee. Flagged, where ctx.gasPrice is read (directly
// or through a variable):
// - multiplied by a gas amount of the transaction (ctx.gasUsed or ctx.gas, also as bigInt(...)), with `*`
//   or multiply/times: `ctx.gasPrice.multiply(ctx.gasUsed)`;
// - added to or subtracted from a db.getBalance(...) result, itself or multiplied by anything, with `+`/`-`
//   or add/plus/subtract/minus: `db.getBalance(a).add(ctx.gasPrice.multiply(g))`.
// Information only: tip × gas used is right for what the coinbase earns. The message quotes the model's
// hover text for ctx.gasPrice, and its range is the ctx.gasPrice read, whose hover shows the same text. A
// target whose ctx.gasPrice is described otherwise (coreth: the whole effective gas price) has nothing to flag.
import { bigIntFactory, findMember } from '../../api/model';
import type { AnyNode } from '../../api/syntax';
import { functionIndex } from '../../api/functions';
import { typedNodes } from '../../api/typed-nodes';
import { nodesOfType } from '../parse';
import type { Rule } from '../rule';

type Operation = 'multiply' | 'add' | 'subtract';

const OPERATORS: Record<string, Operation> = { '*': 'multiply', '+': 'add', '-': 'subtract' };
const GAS_AMOUNTS = new Set(['ctx.gasUsed', 'ctx.gas']);
/** The name, or a spelling that could hide it (`\u` in identifiers, `\x` in keys): tracers without it skip the rule. */
const MENTION = /gasPrice|\\[ux]/;

interface Arithmetic {
  node: AnyNode;
  operation: Operation;
  operands: [AnyNode, AnyNode];
  scope: readonly AnyNode[];
}

const GAS_PRICE = findMember('ctx', 'gasPrice')!;
/** What the hover of ctx.gasPrice says (the same model entry). */
const HOVER = [GAS_PRICE.description, ...(GAS_PRICE.pitfalls ?? [])].join(' ');
const MULTIPLIED =
  'Times gas it is the priority fee (what the coinbase earns); the sender paid (base fee + tip) × gas used, the base fee being burnt.';
const WITH_BALANCE = 'A balance change computed from it leaves out the base fee the sender also paid (burnt).';

export const apiGasPriceTipRule: Rule = {
  code: 'gas-price-tip',
  defaultSeverity: 'information',
  description:
    'ctx.gasPrice multiplied by ctx.gasUsed/ctx.gas, or added to/subtracted from a db.getBalance result: since geth v1.15.0 it is the tip, not the full gas price.',
  check(tracer, report, target) {
    if (GAS_PRICE.onTargets?.[target] || !MENTION.test(tracer.text)) return;
    const { inference, calls } = typedNodes(tracer);
    const functions = functionIndex(tracer);
    const arithmetic: Arithmetic[] = [];
    for (const { node, scope } of calls) {
      const method = inference.typeOf(node.callee, scope);
      if (method?.kind !== 'function' || method.owner !== 'bigInt' || node.arguments.length !== 1) continue;
      const operation = method.member.aliasOf ?? method.member.name;
      if (operation === 'multiply' || operation === 'add' || operation === 'subtract')
        arithmetic.push({ node, operation, operands: [node.callee.object, node.arguments[0]], scope });
    }
    for (const node of nodesOfType<AnyNode>(tracer, 'BinaryExpression')) {
      const operation = OPERATORS[node.operator];
      if (operation) arithmetic.push({ node, operation, operands: [node.left, node.right], scope: functions.around(node) });
    }
    const from = (node: AnyNode, scope: readonly AnyNode[]): string | undefined => {
      const type = inference.typeOf(node, scope);
      return type?.kind === 'object' || type?.kind === 'value' ? type.from : undefined;
    };
    /** ctx.gasUsed or ctx.gas, also as bigInt(...). */
    const isGasAmount = (node: AnyNode, scope: readonly AnyNode[]): boolean => {
      if (GAS_AMOUNTS.has(from(node, scope) ?? '')) return true;
      if (node.type !== 'CallExpression' || node.arguments.length !== 1) return false;
      const callee = inference.typeOf(node.callee, scope);
      return callee?.kind === 'function' && callee.member === bigIntFactory && isGasAmount(node.arguments[0], scope);
    };
    const byNode = new Map(arithmetic.map((item) => [item.node, item]));
    /** The ctx.gasPrice read that `node` is, or (`orProduct`) that a product `node` multiplies. */
    const priceIn = (node: AnyNode, scope: readonly AnyNode[], orProduct: boolean): AnyNode | undefined => {
      if (from(node, scope) === 'ctx.gasPrice') return node;
      const product = orProduct ? byNode.get(node) : undefined;
      return product?.operation === 'multiply' ? product.operands.find((operand) => from(operand, scope) === 'ctx.gasPrice') : undefined;
    };
    const flagged = new Map<AnyNode, string>();
    for (const { operation, operands, scope } of arithmetic) {
      for (const [mine, other] of [operands, [operands[1], operands[0]]]) {
        const price =
          operation === 'multiply'
            ? isGasAmount(other, scope)
              ? priceIn(mine, scope, false)
              : undefined
            : from(other, scope) === 'db.getBalance'
              ? priceIn(mine, scope, true)
              : undefined;
        if (price && !flagged.has(price)) flagged.set(price, operation === 'multiply' ? MULTIPLIED : WITH_BALANCE);
      }
    }
    for (const [price, consequence] of [...flagged].sort(([a], [b]) => a.start - b.start)) {
      const text = tracer.text.slice(price.start, price.end);
      report({
        start: price.start,
        end: price.end,
        message: `${text === 'ctx.gasPrice' ? text : `${text} (ctx.gasPrice)`} in fee arithmetic. From the hover of ctx.gasPrice: "${HOVER}" ${consequence}`,
      });
    }
  },
};
