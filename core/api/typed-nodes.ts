// The member expressions, calls and comparisons of the tracer that the API rules share, each with the
// functions around it (all the inference needs of its ancestors). Taken from the nodes the parser filed
// by type (no walk), once per parse.
import { derived, nodesOfType, type ParsedTracer } from '../tracer/parse';
import { functionIndex } from './functions';
import { inferenceFor, type TracerInference } from './infer';
import { sortBySourceOrder } from './source-order';
import { memberName, type AnyNode } from './syntax';

interface Located {
  node: AnyNode;
  /** The enclosing functions, outermost first (a valid `path` for TracerInference.typeOf). */
  scope: readonly AnyNode[];
}

interface TypedNodes {
  inference: TracerInference;
  /** `a.b` with a plain property name, or `a['b']` with a literal key (see `memberName`). */
  members: Located[];
  calls: Located[];
  /** `==`, `===`, `!=`, `!==`. */
  comparisons: Located[];
  /** Nodes assigned to (`x.y = …`, `x.y++`). */
  written: ReadonlySet<AnyNode>;
}

const COMPARISON = new Set(['==', '===', '!=', '!==']);

/** The nodes of `type` that pass `keep`, in source order (outer before inner, as a walk meets them). */
function located(tracer: ParsedTracer, type: string, keep: (node: AnyNode) => boolean): Located[] {
  const functions = functionIndex(tracer);
  const nodes = nodesOfType<AnyNode>(tracer, type).filter((node) => node.type === type && keep(node));
  return sortBySourceOrder(nodes).map((node) => ({ node, scope: functions.around(node) }));
}

function writtenNodes(tracer: ParsedTracer): Set<AnyNode> {
  const written = new Set<AnyNode>();
  for (const node of nodesOfType<AnyNode>(tracer, 'AssignmentExpression')) if (node.type === 'AssignmentExpression') written.add(node.left);
  for (const node of nodesOfType<AnyNode>(tracer, 'UpdateExpression')) written.add(node.argument);
  return written;
}

export function typedNodes(tracer: ParsedTracer): TypedNodes {
  return derived(tracer, typedNodes, () => ({
    inference: inferenceFor(tracer),
    members: located(tracer, 'MemberExpression', (node) => memberName(node) !== undefined),
    calls: located(tracer, 'CallExpression', () => true),
    comparisons: located(tracer, 'BinaryExpression', (node) => COMPARISON.has(node.operator)),
    written: writtenNodes(tracer),
  }));
}
