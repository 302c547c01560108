// Names the syntax a tracer uses beyond the target level, with the way to write it at that level. Used when
// the text fails to parse at the target level but parses at a later one. The levels: ES5.1 (what JS-tracing
// providers run) and geth's (ecmaVersion 2017 in settings): what geth's JavaScript engine, goja, compiles,
// which is ES2022 without the features marked `goja: false` (checked against goja itself by
// test/differential/syntax-level.test.ts).
import type { Expression } from 'acorn';
import { forEachNode, type AnyNode } from '../api/syntax';
import type { EcmaVersion, OffsetFix, SyntaxProblem } from './diagnostic';

interface Feature {
  year: number;
  what: string;
  instead: string;
  /** goja (geth's engine) refuses it although its year is within ES2022. */
  goja?: false;
  /** The rewrite `instead` names, where it is mechanical. Not preferred: each changes scoping or `this`
   * in some programs, so the author looks before applying it. */
  fix?: OffsetFix;
}

/** The later feature a node is, if any. Nodes are typed loosely (AnyNode): we read fields of many node types. */
function featureOf(node: AnyNode, parent: AnyNode | undefined, text: string): Feature | undefined {
  switch (node.type) {
    case 'VariableDeclaration':
      return node.kind === 'var'
        ? undefined
        : {
            year: 2015,
            what: `'${node.kind}' declarations`,
            instead: "declare it with 'var'",
            fix: {
              title: `Change '${node.kind}' to 'var'`,
              edits: [{ start: node.start, end: node.start + node.kind.length, newText: 'var' }],
            },
          };
    case 'ArrowFunctionExpression':
      return {
        year: 2015,
        what: 'arrow functions',
        instead:
          "write 'function (a) { return ...; }' (inside it, 'this' is then the caller's, so keep a 'var self = this' outside if needed)",
      };
    case 'TemplateLiteral':
      return parent?.type === 'TaggedTemplateExpression'
        ? undefined
        : { year: 2015, what: 'template literals', instead: "concatenate single-quoted strings with '+', e.g. 'pc ' + log.getPC()" };
    case 'TaggedTemplateExpression':
      return { year: 2015, what: 'tagged templates', instead: 'call the function with string arguments' };
    case 'Property':
      if (parent?.type === 'ObjectPattern') return undefined; // part of the destructuring, reported with it
      if (node.method) {
        const fix =
          node.computed || node.value.async || node.value.generator
            ? undefined
            : {
                title: `Write '${keyText(node)}: function'`,
                edits: [{ start: node.key.end, end: node.value.start, newText: ': function ' }],
              };
        return { year: 2015, what: 'method shorthand', instead: `write '${keyText(node)}: function (...) { ... }'`, fix };
      }
      if (node.shorthand && node.value?.type !== 'AssignmentPattern') {
        const name = keyText(node);
        return {
          year: 2015,
          what: 'shorthand properties',
          instead: `write '${name}: ${name}'`,
          fix: { title: `Write '${name}: ${name}'`, edits: [{ start: node.key.end, end: node.key.end, newText: `: ${name}` }] },
        };
      }
      if (node.computed)
        return { year: 2015, what: 'computed property names', instead: 'create the object first, then assign obj[key] = value' };
      return undefined;
    case 'ClassDeclaration':
    case 'ClassExpression':
      return { year: 2015, what: 'classes', instead: 'use a constructor function and assign methods to its prototype' };
    case 'ObjectPattern':
    case 'ArrayPattern':
      return { year: 2015, what: 'destructuring', instead: "read each value into its own 'var', e.g. var a = o.a;" };
    case 'SpreadElement':
      return parent?.type === 'ObjectExpression'
        ? { year: 2018, what: 'object spread', instead: 'copy the properties in a for...in loop' }
        : { year: 2015, what: 'spread syntax', instead: "use 'fn.apply(null, args)' or 'a.concat(b)'" };
    case 'RestElement':
      return { year: 2015, what: 'rest parameters', instead: "use 'arguments' (e.g. Array.prototype.slice.call(arguments, 1))" };
    case 'AssignmentPattern':
      return { year: 2015, what: 'default parameters', instead: 'assign the default in the body: if (x === undefined) { x = ...; }' };
    case 'ForOfStatement':
      return node.await
        ? { year: 2018, what: "'for await'", instead: 'hooks are synchronous; iterate an array with an indexed for loop', goja: false }
        : {
            year: 2015,
            what: "'for...of' loops",
            instead: 'use an indexed loop: for (var i = 0; i < a.length; i++) { var x = a[i]; ... }',
          };
    case 'FunctionExpression':
    case 'FunctionDeclaration':
      if (node.async && node.generator)
        return { year: 2018, what: 'async generators', instead: 'hooks are synchronous; return an array', goja: false };
      if (node.generator) return { year: 2015, what: 'generator functions', instead: 'collect the values in an array' };
      if (node.async)
        return { year: 2017, what: 'async functions', instead: 'hooks are synchronous and never awaited; use a plain function' };
      return undefined;
    case 'AwaitExpression':
      return { year: 2017, what: "'await'", instead: 'hooks are synchronous; call the function directly' };
    case 'YieldExpression':
      return undefined; // reported with its generator
    case 'MetaProperty':
      return { year: 2015, what: `'${node.meta.name}.${node.property.name}'`, instead: 'pass the value explicitly' };
    case 'Super':
      return { year: 2015, what: "'super'", instead: "call the parent function with '.call(this, ...)'" };
    case 'BinaryExpression': {
      if (node.operator !== '**') return undefined;
      const pow = `Math.pow(${text.slice(node.left.start, node.left.end)}, ${text.slice(node.right.start, node.right.end)})`;
      return {
        year: 2016,
        what: "the '**' operator",
        instead: 'use Math.pow(a, b)',
        fix: { title: `Use ${pow}`, edits: [{ start: node.start, end: node.end, newText: pow }] },
      };
    }
    case 'LogicalExpression':
      return node.operator === '??' ? { year: 2020, what: "the '??' operator", instead: "write 'a != null ? a : b'" } : undefined;
    case 'AssignmentExpression':
      if (node.operator === '**=') return { year: 2016, what: "the '**=' operator", instead: 'write a = Math.pow(a, b)' };
      if (['&&=', '||=', '??='].includes(node.operator))
        return {
          year: 2021,
          what: `the '${node.operator}' operator`,
          instead: `write 'a = a ${node.operator.slice(0, -1)} b'`,
          goja: false,
        };
      return undefined;
    case 'ChainExpression':
      return { year: 2020, what: "optional chaining '?.'", instead: "write 'a && a.b'" };
    case 'CatchClause':
      return node.param ? undefined : { year: 2019, what: 'catch without a binding', instead: "write 'catch (e)'" };
    case 'ImportExpression':
      return { year: 2020, what: "'import()'", instead: 'tracers cannot load modules', goja: false };
    case 'PropertyDefinition':
    case 'PrivateIdentifier':
    case 'StaticBlock':
      return { year: 2022, what: 'class fields', instead: 'assign fields in the constructor' };
    case 'Literal':
      return literalFeature(node);
    default:
      return undefined;
  }
}

function literalFeature(node: AnyNode): Feature | undefined {
  if (node.bigint !== undefined)
    return { year: 2020, what: 'BigInt literals', instead: "use bigInt('123') (the BigInteger library geth provides)", goja: false };
  if (node.regex) {
    if (/[uy]/.test(node.regex.flags))
      return { year: 2015, what: `the regular expression flag(s) '${node.regex.flags.replace(/[^uy]/g, '')}'`, instead: 'drop the flag' };
    if (/s/.test(node.regex.flags))
      return { year: 2018, what: "the regular expression flag 's'", instead: 'use [\\s\\S] instead of .', goja: false };
    if (/d/.test(node.regex.flags))
      return {
        year: 2022,
        what: "the regular expression flag 'd'",
        instead: 'drop the flag and find the indexes with indexOf',
        goja: false,
      };
    return undefined;
  }
  const raw: string = node.raw ?? '';
  if (typeof node.value === 'number') {
    if (raw.includes('_')) return { year: 2021, what: 'numeric separators', instead: "remove the '_'", goja: false };
    if (/^0[bBoO]/.test(raw))
      return { year: 2015, what: 'binary and octal literals', instead: 'write the number in hex (0x...) or decimal' };
  }
  if (typeof node.value === 'string' && /\\u\{/.test(raw))
    return { year: 2015, what: "'\\u{...}' escapes", instead: 'write the UTF-16 code units as \\uXXXX' };
  return undefined;
}

function keyText(property: AnyNode): string {
  return property.key.type === 'Identifier' ? property.key.name : String(property.key.value ?? 'key');
}

/** The ECMAScript edition the geth level parses at (what goja compiles, less the `goja: false` features). */
const GETH_SYNTAX_YEAR = 2022;

/** acorn's ecmaVersion for a level. */
export function parserVersion(ecmaVersion: EcmaVersion): 5 | typeof GETH_SYNTAX_YEAR {
  return ecmaVersion === 5 ? 5 : GETH_SYNTAX_YEAR;
}

function gethTakes(feature: Feature): boolean {
  return feature.year <= GETH_SYNTAX_YEAR && feature.goja !== false;
}

/** Added to syntax found at ES5.1 that geth's level takes: the tracer may be meant for a plain geth node. */
export const TARGET_GETH_HINT =
  'Or, for a plain geth node (its engine takes this), target ES2017: --ecma 2017, or ecmaVersion 2017 for the node (evmTracer.nodes, "nodes" in evm-tracer.config.json) or in evmTracer.ecmaVersion / lint.ecmaVersion.';

/** Every use of syntax beyond `ecmaVersion` in `expression`, as syntax problems. */
export function findLaterFeatures(expression: Expression, ecmaVersion: EcmaVersion, text: string): SyntaxProblem[] {
  const problems: SyntaxProblem[] = [];
  forEachNode(expression as AnyNode, (node, parent) => {
    const feature = featureOf(node, parent, text);
    if (!feature || (ecmaVersion === 5 ? feature.year <= 2009 : gethTakes(feature))) return;
    const where =
      ecmaVersion === 5 ? 'is beyond ES5.1 (the level JS-tracing providers run)' : "is not supported by geth's JavaScript engine (goja)";
    const hint = ecmaVersion === 5 && gethTakes(feature) ? ` ${TARGET_GETH_HINT}` : '';
    problems.push({
      ...headerRange(node),
      message: `ES${feature.year} syntax (${feature.what}) ${where}: ${feature.instead.replace(/[.;]$/, '')}.${hint}`,
      fixes: feature.fix && [feature.fix],
    });
  });
  return problems.sort((a, b) => a.start - b.start);
}

/** A node's first part: a function or loop up to its body, a declaration's keyword; else the whole node. */
function headerRange(node: AnyNode): { start: number; end: number } {
  if (node.type === 'VariableDeclaration') return { start: node.start, end: node.start + node.kind.length };
  const body = node.type === 'Property' ? node.value?.body : node.body;
  if (body && typeof body.start === 'number' && body.start > node.start) return { start: node.start, end: body.start };
  return { start: node.start, end: node.end };
}
