// `undefined-global`: names a Node.js or browser script might use that geth's tracer engine does not define.
import type { Identifier } from 'acorn';
import { nodeIndex } from '../node-index';
import { nodesOfType } from '../parse';
import type { Rule } from '../rule';

const MISSING = new Map<string, string>(Object.entries({
  console: 'there is no console; collect what you need in the tracer object and return it from result',
  require: 'tracers cannot load modules',
  module: 'tracers are not modules',
  exports: 'tracers are not modules',
  setTimeout: 'hooks run synchronously; there are no timers',
  setInterval: 'hooks run synchronously; there are no timers',
  print: 'there is no print; return data from result',
  process: 'there is no process object',
  window: 'there is no window object',
  big: "there is no 'big' (older geth docs); use bigInt",
}));

/** Matches wherever one of these names could be an identifier (a `\u` escape may spell one). */
const MENTION = new RegExp(`\\b(?:${[...MISSING.keys()].join('|')})\\b|\\\\u`);

export const undefinedGlobalRule: Rule = {
  code: 'undefined-global',
  defaultSeverity: 'warning',
  readsTolerantParse: true,
  description: '`console`, `require`, `setTimeout`, `print`, `module`… are undefined in the node (ReferenceError at run time).',
  check(tracer, report) {
    // Most tracers use none of these names: then the reference tables are not needed. The text is
    // searched first, as that is faster than reading every identifier node of a large parse.
    if (!MENTION.test(tracer.text)) return;
    if (!nodesOfType<Identifier>(tracer, 'Identifier').some((identifier) => MISSING.has(identifier.name))) return;
    const { references, declared } = nodeIndex(tracer);
    for (const identifier of references) {
      const why = MISSING.get(identifier.name);
      if (!why || declared.has(identifier.name)) continue;
      report({
        start: identifier.start,
        end: identifier.end,
        message: `'${identifier.name}' is not defined in the node's tracer engine (using it throws ReferenceError): ${why}.`,
      });
    }
  },
};
