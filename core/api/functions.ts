// The functions of a parse and how they nest, from the nodes the parser filed by type (no walk): which
// functions surround a node, and which function's own body a node belongs to. Built once per parse.
import { derived, nodesOfType, type ParsedTracer } from '../tracer/parse';
import { bySourceOrder } from './source-order';
import type { AnyNode } from './syntax';

const FUNCTION_TYPES = ['FunctionExpression', 'FunctionDeclaration', 'ArrowFunctionExpression'];

interface FunctionIndex {
  /** The functions strictly around `node`, outermost first (shared arrays: do not modify). */
  around(node: AnyNode): readonly AnyNode[];
  /** The function whose body holds `node` outside any nested function, as a walk of that body that
   * does not enter nested functions would meet it (the body node itself excluded). */
  ownerOf(node: AnyNode): AnyNode | undefined;
}

function build(tracer: ParsedTracer): FunctionIndex {
  const functions = FUNCTION_TYPES.flatMap((type) => nodesOfType<AnyNode>(tracer, type)).sort(bySourceOrder);
  const starts = functions.map((fn) => fn.start);
  /** Per function (same index): the chain of functions from the outermost down to it. */
  const chains: AnyNode[][] = [];
  const parents: number[] = [];
  const open: number[] = []; // indices of the functions enclosing the current one
  functions.forEach((fn, i) => {
    while (open.length > 0 && functions[open[open.length - 1]].end <= fn.start) open.pop();
    const parent = open.length > 0 ? open[open.length - 1] : -1;
    parents.push(parent);
    chains.push(parent < 0 ? [fn] : [...chains[parent], fn]);
    open.push(i);
  });

  /** Index of the innermost function strictly containing `node`, or -1. */
  const innermost = (node: AnyNode): number => {
    let low = 0;
    let high = starts.length; // first function starting after node.start
    while (low < high) {
      const middle = (low + high) >> 1;
      if (starts[middle] <= node.start) low = middle + 1;
      else high = middle;
    }
    let i = low - 1;
    while (i >= 0 && (functions[i] === node || functions[i].end < node.end)) i = parents[i];
    return i;
  };
  return {
    around(node) {
      const i = innermost(node);
      return i < 0 ? [] : chains[i];
    },
    ownerOf(node) {
      const i = innermost(node);
      const body = i < 0 ? undefined : functions[i].body;
      return body && body !== node && body.start <= node.start && node.end <= body.end ? functions[i] : undefined;
    },
  };
}

export function functionIndex(tracer: ParsedTracer): FunctionIndex {
  return derived(tracer, functionIndex, () => build(tracer));
}
