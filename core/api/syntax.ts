// Small, generic helpers over acorn's ESTree nodes: children, the chain of nodes around an offset, and the
// functions of a chain. Nodes are read loosely because many node types are inspected by field name.
import type { Node } from 'acorn';

/** An ESTree node read by field name. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the one loose node type; its fields differ per node type
export type AnyNode = Node & { [field: string]: any };

const NOT_CHILDREN = new Set(['type', 'start', 'end', 'loc', 'range']);

function isNode(value: unknown): value is AnyNode {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/** Calls `visit` for each child node in source order until it returns true (no arrays allocated:
 * rules walk every node of large tracers). */
export function someChild(node: AnyNode, visit: (child: AnyNode) => boolean | void): boolean {
  for (const key in node) {
    if (NOT_CHILDREN.has(key)) continue;
    const value = node[key];
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item) && visit(item)) return true;
    } else if (isNode(value) && visit(value)) {
      return true;
    }
  }
  return false;
}

/** Calls `visit` for `root` and every node below it, each with its parent, in source order (a node before
 * the nodes inside it). An explicit stack, not recursion: trees can be tens of thousands of levels deep
 * (a long `a.b.c…` or `1 + 1 + …` chain). */
export function forEachNode(root: AnyNode, visit: (node: AnyNode, parent: AnyNode | undefined) => void): void {
  const stack: Array<{ node: AnyNode; parent: AnyNode | undefined }> = [{ node: root, parent: undefined }];
  const children: AnyNode[] = [];
  while (stack.length > 0) {
    const { node, parent } = stack.pop()!;
    visit(node, parent);
    someChild(node, (child) => {
      children.push(child);
    });
    // Reversed onto the stack, so the first child comes off first.
    while (children.length > 0) stack.push({ node: children.pop()!, parent: node });
  }
}

/** The nodes containing `offset`, outermost first (an offset at a node's end counts as inside it). */
export function pathAt(root: Node, offset: number): AnyNode[] {
  const path: AnyNode[] = [];
  let node: AnyNode | undefined = root as AnyNode;
  while (node) {
    path.push(node);
    let next: AnyNode | undefined;
    someChild(node, (child) => {
      if (child.start <= offset && offset <= child.end && child.start !== child.end) next = child;
      return next !== undefined;
    });
    node = next;
  }
  return path;
}

export function isFunction(node: AnyNode): boolean {
  return node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression' || node.type === 'FunctionDeclaration';
}

/** The property name of `a.b`, `a['b']` or `` a[`b`] ``: a plain name or a literal key (JS looks both up
 * alike); undefined for a computed key such as `a[k]`. */
export function memberName(node: AnyNode): string | undefined {
  if (node.type !== 'MemberExpression') return undefined;
  const key = node.property;
  if (!node.computed) return key.type === 'Identifier' ? key.name : undefined;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  if (key.type === 'TemplateLiteral' && key.expressions.length === 0) return key.quasis[0].value.cooked ?? undefined;
  return undefined;
}
