// One walk over the tracer's syntax tree, shared by the rules that need literals or identifiers
// (computed on first use, once per parse).
import { simple } from 'acorn-walk';
import type { Identifier, Literal, TemplateElement } from 'acorn';
import type { ParsedTracer } from './parse';

export interface NodeIndex {
  /** String, regex and other literals, in source order. */
  literals: Literal[];
  templateElements: TemplateElement[];
  /** Identifiers used as values (not property names, not declarations). */
  references: Identifier[];
  /** Every name declared or assigned anywhere (var/let/const, functions, parameters, catch, `x = ...`). */
  declared: Set<string>;
}

const cache = new WeakMap<ParsedTracer, NodeIndex>();

export function nodeIndex(tracer: ParsedTracer): NodeIndex {
  let index = cache.get(tracer);
  if (index) return index;
  index = { literals: [], templateElements: [], references: [], declared: new Set() };
  if (tracer.expression) {
    const found = index;
    simple(tracer.expression, {
      Literal: (node) => found.literals.push(node),
      TemplateElement: (node) => found.templateElements.push(node),
      // The walker skips non-computed keys; quoted keys are literals too.
      Property: (node) => {
        if (!node.computed && node.key.type === 'Literal') found.literals.push(node.key);
      },
      Identifier: (node) => found.references.push(node),
      // Declarations and assignment targets: a name the tracer assigns is defined.
      Pattern: (node) => {
        if (node.type === 'Identifier') found.declared.add(node.name);
      },
    });
    found.literals.sort((a, b) => a.start - b.start);
  }
  cache.set(tracer, index);
  return index;
}
