// Identifiers of the tracer used as values, and the names it declares, from the nodes the parser filed by
// type (no extra walk), computed on first use, once per parse.
import type { Identifier, Node } from 'acorn';
import type { AnyNode } from '../api/syntax';
import { derived, nodesOfType, type ParsedTracer } from './parse';

interface NodeIndex {
  /** Identifiers used as values (not property names, labels or declarations). */
  references: Identifier[];
  /** Every name declared or assigned anywhere (var, functions, parameters, catch, `x = ...`). */
  declared: Set<string>;
}

// Nodes are read loosely (AnyNode): many node types, each with its own identifier-holding fields.
function notReferences(tracer: ParsedTracer): { names: Set<Node>; declared: Set<string> } {
  const names = new Set<Node>();
  const declared = new Set<string>();
  const declare = (node: AnyNode | null | undefined) => {
    if (node?.type === 'Identifier') {
      declared.add(node.name);
      names.add(node);
    }
  };
  for (const node of nodesOfType<AnyNode>(tracer, 'MemberExpression')) if (!node.computed) names.add(node.property);
  for (const type of ['Property', 'MethodDefinition', 'PropertyDefinition']) {
    for (const node of nodesOfType<AnyNode>(tracer, type)) if (!node.computed && !node.shorthand) names.add(node.key);
  }
  for (const type of ['LabeledStatement', 'BreakStatement', 'ContinueStatement']) {
    for (const node of nodesOfType<AnyNode>(tracer, type)) if (node.label) names.add(node.label);
  }
  for (const node of nodesOfType<AnyNode>(tracer, 'MetaProperty')) names.add(node.meta).add(node.property);
  for (const node of nodesOfType<AnyNode>(tracer, 'VariableDeclarator')) declare(node.id);
  for (const type of ['FunctionExpression', 'FunctionDeclaration', 'ArrowFunctionExpression', 'ClassDeclaration', 'ClassExpression']) {
    for (const node of nodesOfType<AnyNode>(tracer, type)) {
      declare(node.id);
      for (const param of node.params ?? []) declare(param);
    }
  }
  for (const node of nodesOfType<AnyNode>(tracer, 'CatchClause')) declare(node.param);
  for (const node of nodesOfType<AnyNode>(tracer, 'AssignmentExpression')) declare(node.left);
  for (const node of nodesOfType<AnyNode>(tracer, 'ForInStatement')) declare(node.left);
  return { names, declared };
}

export function nodeIndex(tracer: ParsedTracer): NodeIndex {
  return derived(tracer, nodeIndex, () => {
    const { names, declared } = notReferences(tracer);
    return {
      references: nodesOfType<Identifier>(tracer, 'Identifier').filter((node) => node.type === 'Identifier' && !names.has(node)),
      declared,
    };
  });
}
