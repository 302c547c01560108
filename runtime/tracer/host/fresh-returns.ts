// Whether every value `result` returns is one the tracer built itself (spec §3.8). geth serialises a host
// string (toHex of 8+ bytes, ctx.error, getError()) returned bare from `result` as {}, but a string the
// tracer derived from it (`toHex(x) + ''`) as the string. JavaScript strings carry no origin, so the
// realm recognises host strings by value; this reading of the source tells the two apart where the
// returns show it: when every return of `result` builds a new value, a top-level string is the tracer's.
import type { Program } from 'acorn';

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const functionTypes = new Set(['FunctionExpression', 'ArrowFunctionExpression', 'FunctionDeclaration']);
/** Methods that build a new string (goja gives a string of its own, not the host's). */
const stringBuilders = new Set([
  'concat',
  'slice',
  'substring',
  'substr',
  'toLowerCase',
  'toUpperCase',
  'toLocaleLowerCase',
  'toLocaleUpperCase',
  'trim',
  'trimStart',
  'trimEnd',
  'trimLeft',
  'trimRight',
  'replace',
  'padStart',
  'padEnd',
  'repeat',
  'join',
  'toFixed',
  'toPrecision',
  'toExponential',
  'stringify',
  'charAt',
]);
/** Expressions whose value is always new (never a value read from elsewhere). */
const alwaysNew = new Set([
  'Literal',
  'TemplateLiteral',
  'BinaryExpression',
  'UnaryExpression',
  'UpdateExpression',
  'ObjectExpression',
  'ArrayExpression',
  'FunctionExpression',
  'ArrowFunctionExpression',
  'ClassExpression',
  'NewExpression',
]);

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

function children(node: Node): Node[] {
  const out: Node[] = [];
  for (const key of Object.keys(node)) {
    const value = node[key];
    if (Array.isArray(value))
      for (const item of value) {
        if (isNode(item)) out.push(item);
      }
    else if (isNode(value)) out.push(value);
  }
  return out;
}

/** Nodes inside `fn` that belong to it (not to functions nested in it). */
function ownNodes(fn: Node): Node[] {
  const out: Node[] = [];
  const visit = (node: Node) => {
    out.push(node);
    if (functionTypes.has(node.type) || node.type === 'ClassExpression' || node.type === 'ClassDeclaration') return;
    children(node).forEach(visit);
  };
  children(fn).forEach(visit);
  return out;
}

/** The function whose source text starts at `offset` (a method's text starts at its key). */
function functionAt(root: Node, offset: number): Node | undefined {
  let found: Node | undefined;
  const visit = (node: Node) => {
    if (found || node.start > offset || node.end <= offset) return;
    if (node.start === offset) {
      if (functionTypes.has(node.type)) found = node;
      else if ((node.type === 'Property' || node.type === 'MethodDefinition') && isNode(node.value) && functionTypes.has(node.value.type))
        found = node.value;
      if (found) return;
    }
    children(node).forEach(visit);
  };
  visit(root);
  return found;
}

/** Every value given to each variable declared in `fn` (nested functions included, which only adds values);
 * parameters, outer variables, and variables given values a plain assignment does not show (loop and
 * destructuring targets) are left out. */
function localValues(fn: Node): Map<string, Node[]> {
  const values = new Map<string, Node[]>();
  const declared = new Set<string>();
  const opaque = new Set<string>();
  const add = (name: string, value: Node) => {
    const list = values.get(name) ?? [];
    list.push(value);
    values.set(name, list);
  };
  const names = (pattern: Node): string[] => (pattern.type === 'Identifier' ? [pattern.name as string] : children(pattern).flatMap(names));
  const visit = (node: Node) => {
    if (node.type === 'VariableDeclarator' && isNode(node.id)) {
      if (node.id.type !== 'Identifier') names(node.id).forEach((n) => opaque.add(n));
      else declared.add(node.id.name as string);
      if (node.id.type === 'Identifier' && isNode(node.init)) add(node.id.name as string, node.init);
    } else if (node.type === 'AssignmentExpression' && isNode(node.left)) {
      if (node.left.type !== 'Identifier') names(node.left).forEach((n) => opaque.add(n));
      else if (node.operator === '=' && isNode(node.right)) add(node.left.name as string, node.right);
    } else if ((node.type === 'ForInStatement' || node.type === 'ForOfStatement') && isNode(node.left)) {
      names(node.left).forEach((n) => opaque.add(n));
    }
    children(node).forEach(visit);
  };
  children(fn).forEach(visit);
  const out = new Map<string, Node[]>();
  for (const name of declared) if (!opaque.has(name)) out.set(name, values.get(name) ?? []);
  return out;
}

/**
 * True when every value the function at `offset` of the tracer returns is built there (a literal, a
 * concatenation, a template, a string method's result, or a local variable only ever given such values).
 * False when any return may pass on a value from elsewhere, or the function is not found.
 */
export function returnsOnlyNewValues(program: Program, offset: number | undefined): boolean {
  if (offset === undefined) return false;
  try {
    return readReturns(program as unknown as Node, offset);
  } catch {
    // A tree too deep to walk: keep the conservative answer.
    return false;
  }
}

function readReturns(root: Node, offset: number): boolean {
  const fn = functionAt(root, offset);
  if (!fn) return false;
  const own = ownNodes(fn);
  const locals = localValues(fn);
  const checking = new Set<string>();
  const isNew = (e: Node): boolean => {
    if (alwaysNew.has(e.type)) return true;
    switch (e.type) {
      case 'ConditionalExpression':
        return isNew(e.consequent as Node) && isNew(e.alternate as Node);
      case 'LogicalExpression':
        return isNew(e.left as Node) && isNew(e.right as Node);
      case 'SequenceExpression': {
        const items = e.expressions as Node[];
        return isNew(items[items.length - 1]);
      }
      case 'AssignmentExpression':
        return e.operator !== '=' || isNew(e.right as Node);
      case 'CallExpression': {
        const callee = e.callee as Node;
        return callee.type === 'MemberExpression' && !callee.computed && stringBuilders.has((callee.property as Node).name as string);
      }
      case 'Identifier': {
        const name = e.name as string;
        const values = locals.get(name);
        // Parameters, outer variables and loop or destructuring targets are not the function's own making;
        // nor is a cycle (x = y; y = x).
        if (!values || checking.has(name)) return false;
        checking.add(name);
        const all = values.every(isNew);
        checking.delete(name);
        return all;
      }
      default:
        return false;
    }
  };
  if (fn.type === 'ArrowFunctionExpression' && fn.expression === true) return isNew(fn.body as Node);
  return own.every((node) => node.type !== 'ReturnStatement' || !isNode(node.argument) || isNew(node.argument));
}
