// `undeclared-state`: `this.depth++` in a hook when the tracer object has no `depth` and no hook ever
// assigns one: the read gives undefined, and arithmetic on it NaN, with no error anywhere.
import { memberName, type AnyNode } from '../../api/syntax';
import { typedNodes } from '../../api/typed-nodes';
import { addMemberEdit } from '../object-edit';
import { hasSpread, nodesOfType, type ParsedTracer } from '../parse';
import type { Rule } from '../rule';

/** What happens on the node when the state is missing, by the starting value the fix gives it. */
const CONSEQUENCE: Record<string, string> = {
  '0': 'it is undefined, and arithmetic on it gives NaN',
  '[]': 'it is undefined, and using a member of it throws TypeError',
  '{}': 'it is undefined, and using a member of it throws TypeError',
  null: 'it is undefined',
};

/** A starting value that fits the first use: a counter, a list, an object, or null. */
function initialValue(use: AnyNode, parent: AnyNode | undefined): string {
  if (parent?.type === 'UpdateExpression') return '0';
  if (
    parent?.type === 'AssignmentExpression' &&
    parent.left === use &&
    ['+=', '-=', '*=', '/=', '%=', '|=', '&=', '^=', '<<=', '>>=', '>>>='].includes(parent.operator)
  )
    return '0';
  if (parent?.type === 'MemberExpression' && parent.object === use) {
    const member = memberName(parent);
    return member === 'push' || member === 'length' || parent.computed ? '[]' : '{}';
  }
  return 'null';
}

/** Whether tracer code may add state in ways the rule cannot follow: spread or computed keys in the
 * object, `this[name] = …`, or `this` handed to a function (`Object.assign(this, …)`). */
function stateOpaque(tracer: ParsedTracer): boolean {
  if (hasSpread(tracer) || tracer.properties.some((property) => property.name === undefined)) return true;
  const computedWrite = nodesOfType<AnyNode>(tracer, 'AssignmentExpression').some(
    (node) => node.left.type === 'MemberExpression' && node.left.object.type === 'ThisExpression' && memberName(node.left) === undefined,
  );
  const thisPassed = nodesOfType<AnyNode>(tracer, 'CallExpression').some((node) =>
    node.arguments.some((arg: AnyNode) => arg.type === 'ThisExpression'),
  );
  return computedWrite || thisPassed;
}

/** The parent of each member expression on the tracer, for the ones the rule looks at. */
function parents(tracer: ParsedTracer): Map<AnyNode, AnyNode> {
  const parent = new Map<AnyNode, AnyNode>();
  for (const type of ['UpdateExpression', 'AssignmentExpression', 'MemberExpression']) {
    for (const node of nodesOfType<AnyNode>(tracer, type)) {
      for (const child of [node.argument, node.left, node.right, node.object]) if (child) parent.set(child, node);
    }
  }
  return parent;
}

export const undeclaredStateRule: Rule = {
  code: 'undeclared-state',
  defaultSeverity: 'warning',
  description:
    'Tracer state used (`this.depth++`) that the tracer object never declares and no hook assigns: undefined on the node (NaN after arithmetic).',
  check(tracer, report) {
    if (!tracer.object || stateOpaque(tracer)) return;
    const { inference, members } = typedNodes(tracer);
    const declared = new Set(tracer.properties.map((property) => property.name));
    const uses = members.filter(({ node, scope }) => inference.typeOf(node.object, scope)?.kind === 'tracer');
    const parentOf = parents(tracer);
    const assigned = new Set<string>();
    for (const { node } of uses) {
      const parent = parentOf.get(node);
      if (parent?.type === 'AssignmentExpression' && parent.operator === '=' && parent.left === node) assigned.add(memberName(node)!);
    }
    const reported = new Set<string>();
    for (const { node } of uses) {
      const name = memberName(node)!;
      if (declared.has(name) || assigned.has(name) || reported.has(name)) continue;
      reported.add(name);
      const value = initialValue(node, parentOf.get(node));
      const member = `${name}: ${value}`;
      const edit = addMemberEdit(tracer, member);
      report({
        start: node.property.start,
        end: node.property.end,
        message: `'${name}' is tracer state that the tracer object never declares and no hook assigns: on the node ${CONSEQUENCE[value]}. Declare it in the object, e.g. ${member}.`,
        fixes: edit ? [{ title: `Declare '${member}' in the tracer object`, edits: [edit] }] : undefined,
      });
    }
  },
};
