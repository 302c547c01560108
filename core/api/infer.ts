// Knows what each name in a tracer is: hook parameters by position (whatever they are called), `this` in
// a hook (the tracer object), the helper globals, members of API objects, results of API calls, and
// simple local variables initialised from those (`var s = log.stack`).
import { derived, nodesOfType, type ParsedTracer } from '../tracer/parse';
import { bigIntFactory, findHelper, findHook, findMember, isObjectType } from './model';
import type { ApiMember, ObjectTypeName, TypeName, ValueTypeName } from './types';
import { functionIndex } from './functions';
import { isFunction, memberName, type AnyNode } from './syntax';
import type { TopLevelMember } from './top-level-scan';

export type Ty =
  /** `from`: the API member it was read from or returned by (`ctx.gasPrice`, `db.getBalance`). */
  | { kind: 'object'; name: ObjectTypeName; from?: string }
  /** `opcode`: an opcode name (op.toString()) or byte (op.toNumber()); `hostString`: may serialise as {}
   * when returned directly. */
  | { kind: 'value'; name: ValueTypeName; opcode?: 'name' | 'number'; hostString?: true; from?: string }
  /** A callable API member; `owner` is undefined for the helper globals. */
  | { kind: 'function'; member: ApiMember; owner?: ObjectTypeName }
  | { kind: 'tracer' };

interface Scope {
  /** Variables declared directly in the function (not in nested ones), with their initialisers. */
  declared: Map<string, AnyNode | undefined>;
  /** Names assigned after their declaration: their type is not followed. */
  reassigned: Set<string>;
}

const MAX_DEPTH = 12;
/** Shared: types are read, never changed, and `this` is looked up for most members of a tracer. */
const TRACER: Ty = { kind: 'tracer' };

/** The position of the parameter `name` of `fn`, or -1 (a loop: this runs for every name looked up). */
function paramIndex(fn: AnyNode, name: string): number {
  const params: AnyNode[] = fn.params;
  for (let i = 0; i < params.length; i++) if (params[i].type === 'Identifier' && params[i].name === name) return i;
  return -1;
}

function typeOfReturn(member: ApiMember, owner?: ObjectTypeName): Ty {
  const opcode = owner !== 'op' ? undefined : member.name === 'toString' ? 'name' : member.name === 'toNumber' ? 'number' : undefined;
  return fromTypeName(member.returns, { opcode, hostString: member.hostString === true, from: owner && `${owner}.${member.name}` });
}

function fromTypeName(type: TypeName, flags: { opcode?: 'name' | 'number'; hostString?: boolean; from?: string } = {}): Ty {
  const from = flags.from ? { from: flags.from } : {};
  if (isObjectType(type)) return { kind: 'object', name: type, ...from };
  return {
    kind: 'value',
    name: type,
    ...(flags.opcode ? { opcode: flags.opcode } : {}),
    ...(flags.hostString ? { hostString: true } : {}),
    ...from,
  };
}

/** The type of `owner.name`, or undefined when the model has no such member. */
function memberType(owner: Ty | undefined, name: string, tracer?: TracerInference): Ty | undefined {
  if (!owner) return undefined;
  if (owner.kind === 'tracer') return tracer?.stateType(name);
  if (owner.kind === 'function') return undefined; // bigInt.isInstance is the only static with a model; no chains
  if (owner.kind !== 'object') return undefined;
  const member = findMember(owner.name, name);
  if (!member) return undefined;
  return member.kind === 'method' ? { kind: 'function', member, owner: owner.name } : typeOfReturn(member, owner.name);
}

export class TracerInference {
  /** Filled for every function at the first lookup. (Plain maps: they live as long as the parse.) */
  private scopes?: Map<AnyNode, Scope>;
  /** Types already worked out (null = unknown): the rules ask about the same nodes. */
  private readonly known = new Map<AnyNode, Ty | null>();
  /** Initial values of the tracer's own properties, by name (the last definition wins). */
  private states?: Map<string, Ty | undefined>;
  /** Function node → the top-level property name it is the value of. */
  private readonly functions = new Map<AnyNode, string>();

  /** `members`: the tracer's top-level members when the parse holds only part of it (see cursor.ts). */
  constructor(
    readonly tracer: ParsedTracer,
    private readonly members?: TopLevelMember[],
  ) {
    for (const property of tracer.properties) {
      const value = property.node.value as AnyNode;
      if (property.name !== undefined && isFunction(value)) this.functions.set(value, property.name);
    }
  }

  /** The top-level member a function is the value of (a hook or a helper method), if any. */
  memberOf(fn: AnyNode): string | undefined {
    return this.functions.get(fn);
  }

  /** The type of an expression; `path` holds its ancestors (outermost first), as from `pathAt`. */
  typeOf(node: AnyNode, path: readonly AnyNode[], depth = 0): Ty | undefined {
    if (depth > MAX_DEPTH) return undefined;
    // `this` is found from the path alone, without recursion: cheaper than a memo entry.
    if (node.type === 'ThisExpression') return this.thisType(path);
    const known = this.known.get(node);
    if (known !== undefined) return known ?? undefined;
    const type = this.compute(node, path, depth);
    this.known.set(node, type ?? null);
    return type;
  }

  private compute(node: AnyNode, path: readonly AnyNode[], depth: number): Ty | undefined {
    switch (node.type) {
      case 'Identifier':
        return this.resolve(node.name, node.start, path, depth);
      case 'MemberExpression': {
        const name = memberName(node);
        return name === undefined ? undefined : memberType(this.typeOf(node.object, path, depth + 1), name, this);
      }
      case 'CallExpression': {
        const callee = this.typeOf(node.callee, path, depth + 1);
        return callee?.kind === 'function' ? typeOfReturn(callee.member, callee.owner) : undefined;
      }
      case 'Literal':
        return typeof node.value === 'string'
          ? { kind: 'value', name: 'string' }
          : typeof node.value === 'number'
            ? { kind: 'value', name: 'number' }
            : undefined;
      default:
        return undefined;
    }
  }

  /** `this` is the tracer inside a top-level function member (arrow functions keep the outer `this`). */
  thisType(path: readonly AnyNode[]): Ty | undefined {
    for (let i = path.length - 1; i >= 0; i--) {
      const node = path[i];
      if (!isFunction(node) || node.type === 'ArrowFunctionExpression') continue;
      return this.functions.has(node) ? TRACER : undefined;
    }
    return undefined;
  }

  /** A tracer property's type when its initial value shows it (`count: 0` → number). */
  stateType(name: string): Ty | undefined {
    this.states ??= this.members ? statesOfMembers(this.members) : statesOfProperties(this.tracer);
    return this.states.get(name);
  }

  private resolve(name: string, at: number, path: readonly AnyNode[], depth: number): Ty | undefined {
    for (let i = path.length - 1; i >= 0; i--) {
      const fn = path[i];
      if (!isFunction(fn)) continue;
      const index = paramIndex(fn, name);
      if (index >= 0) return this.paramType(fn, index);
      const scope = this.scopeOf(fn);
      if (scope.declared.has(name)) {
        const init = scope.declared.get(name);
        if (!init || scope.reassigned.has(name) || init.start >= at) return undefined;
        return this.typeOf(init, path.slice(0, i + 1), depth + 1);
      }
    }
    if (name === 'bigInt') return { kind: 'function', member: bigIntFactory };
    const helper = findHelper(name);
    return helper ? { kind: 'function', member: helper } : undefined;
  }

  private paramType(fn: AnyNode, index: number): Ty | undefined {
    const name = this.functions.get(fn);
    const param = name === undefined ? undefined : findHook(name)?.params[index];
    return param ? fromTypeName(param.type) : undefined;
  }

  private scopeOf(fn: AnyNode): Scope {
    this.scopes ??= scopesOf(this.tracer);
    return this.scopes.get(fn) ?? EMPTY_SCOPE;
  }
}

const EMPTY_SCOPE: Scope = { declared: new Map(), reassigned: new Set() };

/** Each function's own variables, from the parser's declarations and assignments. Declarations are
 * taken in source order: a name declared again (`var a` twice, `function a` then `var a`) is reassigned. */
function scopesOf(tracer: ParsedTracer): Map<AnyNode, Scope> {
  const functions = functionIndex(tracer);
  const scopes = new Map<AnyNode, Scope>();
  const scopeFor = (node: AnyNode): Scope | undefined => {
    const fn = functions.ownerOf(node);
    if (!fn) return undefined;
    let scope = scopes.get(fn);
    if (!scope) scopes.set(fn, (scope = { declared: new Map(), reassigned: new Set() }));
    return scope;
  };
  const declarations = [...nodesOfType<AnyNode>(tracer, 'VariableDeclarator'), ...nodesOfType<AnyNode>(tracer, 'FunctionDeclaration')];
  for (const node of declarations.sort((a, b) => a.start - b.start)) {
    const name = node.id?.type === 'Identifier' ? (node.id.name as string) : undefined;
    const scope = name === undefined ? undefined : scopeFor(node);
    if (!scope || name === undefined) continue;
    if (node.type === 'FunctionDeclaration') {
      scope.declared.set(name, undefined);
      continue;
    }
    if (scope.declared.has(name)) scope.reassigned.add(name);
    scope.declared.set(name, node.init ?? undefined);
  }
  for (const node of nodesOfType<AnyNode>(tracer, 'AssignmentExpression')) {
    if (node.type === 'AssignmentExpression' && node.left.type === 'Identifier') scopeFor(node)?.reassigned.add(node.left.name);
  }
  return scopes;
}

function statesOfMembers(members: TopLevelMember[]): Map<string, Ty | undefined> {
  const states = new Map<string, Ty | undefined>();
  for (const { name, literal } of members) if (name !== undefined) states.set(name, literal ? { kind: 'value', name: literal } : undefined);
  return states;
}

function statesOfProperties(tracer: ParsedTracer): Map<string, Ty | undefined> {
  const states = new Map<string, Ty | undefined>();
  for (const { name, node } of tracer.properties) {
    if (name === undefined) continue;
    const value = node.value as AnyNode;
    const kind = value.type === 'Literal' ? typeof value.value : undefined;
    states.set(name, kind === 'number' || kind === 'string' || kind === 'boolean' ? { kind: 'value', name: kind } : undefined);
  }
  return states;
}

/** One inference per parse (its scope tables are filled lazily). */
export function inferenceFor(tracer: ParsedTracer, members?: TopLevelMember[]): TracerInference {
  return derived(tracer, inferenceFor, () => new TracerInference(tracer, members));
}
