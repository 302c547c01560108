// `undefined-global`: names a Node.js or browser script might use that geth's tracer engine does not define.
import type { BlockStatement, Identifier, Node } from 'acorn';
import type { AnyNode } from '../../api/syntax';
import type { OffsetFix } from '../diagnostic';
import { removeWholeLinesEdit } from '../edits';
import { nodeIndex } from '../node-index';
import { nodesOfType, type ParsedTracer } from '../parse';
import type { Rule } from '../rule';

const MISSING = new Map<string, string>(
  Object.entries({
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
  }),
);

/** Globals whose calls only print: a statement calling one can go without changing what the tracer does. */
const PRINTS = new Set(['console', 'print']);

/** The statements of a block that are just a call of `name` or of one of its members (`console.log(x);`),
 * by the identifier naming it. Only statements in a block: removing the body of an `if` would change it. */
function printStatements(tracer: ParsedTracer): Map<Node, Node> {
  const byIdentifier = new Map<Node, Node>();
  for (const block of nodesOfType<BlockStatement>(tracer, 'BlockStatement')) {
    for (const statement of block.body as AnyNode[]) {
      if (statement.type !== 'ExpressionStatement' || statement.expression.type !== 'CallExpression') continue;
      const callee = statement.expression.callee;
      const root = callee.type === 'MemberExpression' ? callee.object : callee;
      if (root.type === 'Identifier' && PRINTS.has(root.name)) byIdentifier.set(root, statement);
    }
  }
  return byIdentifier;
}

function removeStatementFix(text: string, statement: Node): OffsetFix {
  const source = text.slice(statement.start, statement.end);
  const short = source.length > 40 ? `${source.slice(0, 37)}...` : source;
  const edit = removeWholeLinesEdit(text, statement.start, statement.end) ?? { start: statement.start, end: statement.end, newText: '' };
  return { title: `Remove the statement ${short}`, edits: [edit] };
}

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
    const prints = printStatements(tracer);
    for (const identifier of references) {
      const why = MISSING.get(identifier.name);
      if (!why || declared.has(identifier.name)) continue;
      const statement = prints.get(identifier);
      report({
        start: identifier.start,
        end: identifier.end,
        message: `'${identifier.name}' is not defined in the node's tracer engine (using it throws ReferenceError): ${why}.`,
        fixes: statement && [removeStatementFix(tracer.text, statement)],
      });
    }
  },
};
