// Small, generic helpers over acorn's ESTree nodes: children, the chain of nodes around an offset, and the
// functions of a chain. Nodes are read loosely because many node types are inspected by field name.
import type { Node } from 'acorn';

/** An ESTree node read by field name. */
export type AnyNode = Node & { [field: string]: any };

const NOT_CHILDREN = new Set(['type', 'start', 'end', 'loc', 'range']);

function isNode(value: unknown): value is AnyNode {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

export function children(node: AnyNode): AnyNode[] {
  const out: AnyNode[] = [];
  for (const key of Object.keys(node)) {
    if (NOT_CHILDREN.has(key)) continue;
    const value = node[key];
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) out.push(item);
    } else if (isNode(value)) {
      out.push(value);
    }
  }
  return out;
}

/** The nodes containing `offset`, outermost first (an offset at a node's end counts as inside it). */
export function pathAt(root: Node, offset: number): AnyNode[] {
  const path: AnyNode[] = [];
  let node: AnyNode | undefined = root as AnyNode;
  while (node) {
    path.push(node);
    node = children(node).find((child) => child.start <= offset && offset <= child.end && !(child.start === child.end));
  }
  return path;
}

export function isFunction(node: AnyNode): boolean {
  return node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression' || node.type === 'FunctionDeclaration';
}

/** Calls `visit` for every node below `node`, not descending into nested functions. */
export function walkOwnScope(node: AnyNode, visit: (node: AnyNode) => void): void {
  for (const child of children(node)) {
    visit(child);
    if (!isFunction(child)) walkOwnScope(child, visit);
  }
}

/** `a.b` with a plain (non-computed) property name. */
export function memberName(node: AnyNode): string | undefined {
  if (node.type !== 'MemberExpression' || node.computed || node.property.type !== 'Identifier') return undefined;
  return node.property.name;
}

/** Visits every node below `root` with its ancestors (outermost first). `path` is live: copy to keep it. */
export function walkWithPath(root: AnyNode, visit: (node: AnyNode, path: AnyNode[]) => void): void {
  const path: AnyNode[] = [];
  const step = (node: AnyNode) => {
    visit(node, path);
    path.push(node);
    for (const child of children(node)) step(child);
    path.pop();
  };
  step(root);
}
