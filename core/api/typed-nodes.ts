// One walk per parse that the API rules share: the member expressions, calls and comparisons of the
// tracer, each with the functions around it (all the inference needs of its ancestors).
import type { ParsedTracer } from '../tracer/parse';
import { inferenceFor, type TracerInference } from './infer';
import { isFunction, someChild, type AnyNode } from './syntax';

export interface Located {
  node: AnyNode;
  parent: AnyNode | undefined;
  /** The enclosing functions, outermost first (a valid `path` for TracerInference.typeOf). */
  scope: AnyNode[];
}

export interface TypedNodes {
  inference: TracerInference;
  /** `a.b` with a plain property name. */
  members: Located[];
  calls: Located[];
  /** `==`, `===`, `!=`, `!==`. */
  comparisons: Located[];
}

const COMPARISON = new Set(['==', '===', '!=', '!==']);
const cache = new WeakMap<ParsedTracer, TypedNodes>();

export function typedNodes(tracer: ParsedTracer): TypedNodes {
  let found = cache.get(tracer);
  if (found) return found;
  const index: TypedNodes = { inference: inferenceFor(tracer), members: [], calls: [], comparisons: [] };
  // Nodes in the same function share one scope array; a new one is made only when entering a function.
  let scope: AnyNode[] = [];
  const visit = (node: AnyNode, parent: AnyNode | undefined): void => {
    if (node.type === 'MemberExpression' && !node.computed) index.members.push({ node, parent, scope });
    else if (node.type === 'CallExpression') index.calls.push({ node, parent, scope });
    else if (node.type === 'BinaryExpression' && COMPARISON.has(node.operator)) index.comparisons.push({ node, parent, scope });
    const outer = scope;
    if (isFunction(node)) scope = [...scope, node];
    someChild(node, (child) => visit(child, node));
    scope = outer;
  };
  if (tracer.expression) visit(tracer.expression as AnyNode, undefined);
  found = index;
  cache.set(tracer, found);
  return found;
}
