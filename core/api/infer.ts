// Knows what each name in a tracer is: hook parameters by position (whatever they are called), `this` in
// a hook (the tracer object), the helper globals, members of API objects, results of API calls, and
// simple local variables initialised from those (`var s = log.stack`).
import type { ParsedTracer } from '../tracer/parse';
import { bigIntFactory, findHelper, findHook, findMember, isObjectType } from './model';
import type { ApiMember, ObjectTypeName, TypeName, ValueTypeName } from './types';
import { isFunction, walkOwnScope, type AnyNode } from './syntax';
import type { TopLevelMember } from './top-level-scan';

export type Ty =
  | { kind: 'object'; name: ObjectTypeName }
  /** `opcode`: an opcode name (op.toString()) or byte (op.toNumber()); `hostString`: may serialise as {}
   * when returned directly. */
  | { kind: 'value'; name: ValueTypeName; opcode?: 'name' | 'number'; hostString?: true }
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

function typeOfReturn(member: ApiMember, owner?: ObjectTypeName): Ty {
  const opcode = owner !== 'op' ? undefined : member.name === 'toString' ? 'name' : member.name === 'toNumber' ? 'number' : undefined;
  return fromTypeName(member.returns, { opcode, hostString: member.hostString === true });
}

function fromTypeName(type: TypeName, flags: { opcode?: 'name' | 'number'; hostString?: boolean } = {}): Ty {
  if (isObjectType(type)) return { kind: 'object', name: type };
  return { kind: 'value', name: type, ...(flags.opcode ? { opcode: flags.opcode } : {}), ...(flags.hostString ? { hostString: true } : {}) };
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
  private readonly scopes = new WeakMap<AnyNode, Scope>();
  /** Types already worked out (null = unknown): the rules ask about the same nodes. */
  private readonly known = new WeakMap<AnyNode, Ty | null>();
  /** Function node → the top-level property name it is the value of. */
  private readonly functions = new Map<AnyNode, string>();

  /** `members`: the tracer's top-level members when the parse holds only part of it (see cursor.ts). */
  constructor(readonly tracer: ParsedTracer, private readonly members?: TopLevelMember[]) {
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
  typeOf(node: AnyNode, path: AnyNode[], depth = 0): Ty | undefined {
    if (depth > MAX_DEPTH) return undefined;
    const known = this.known.get(node);
    if (known !== undefined) return known ?? undefined;
    const type = this.compute(node, path, depth);
    this.known.set(node, type ?? null);
    return type;
  }

  private compute(node: AnyNode, path: AnyNode[], depth: number): Ty | undefined {
    switch (node.type) {
      case 'Identifier':
        return this.resolve(node.name, node.start, path, depth);
      case 'ThisExpression':
        return this.thisType(path);
      case 'MemberExpression': {
        const name = node.computed ? undefined : node.property.name;
        return name === undefined ? undefined : memberType(this.typeOf(node.object, path, depth + 1), name, this);
      }
      case 'CallExpression': {
        const callee = this.typeOf(node.callee, path, depth + 1);
        return callee?.kind === 'function' ? typeOfReturn(callee.member, callee.owner) : undefined;
      }
      case 'Literal':
        return typeof node.value === 'string' ? { kind: 'value', name: 'string' } : typeof node.value === 'number' ? { kind: 'value', name: 'number' } : undefined;
      default:
        return undefined;
    }
  }

  /** `this` is the tracer inside a top-level function member (arrow functions keep the outer `this`). */
  thisType(path: AnyNode[]): Ty | undefined {
    for (let i = path.length - 1; i >= 0; i--) {
      const node = path[i];
      if (!isFunction(node) || node.type === 'ArrowFunctionExpression') continue;
      return this.functions.has(node) ? { kind: 'tracer' } : undefined;
    }
    return undefined;
  }

  /** A tracer property's type when its initial value shows it (`count: 0` → number). */
  stateType(name: string): Ty | undefined {
    if (this.members) {
      const literal = this.members.findLast((m) => m.name === name)?.literal;
      return literal ? { kind: 'value', name: literal } : undefined;
    }
    const value = this.tracer.properties.findLast((p) => p.name === name)?.node.value as AnyNode | undefined;
    const kind = value?.type === 'Literal' ? typeof value.value : undefined;
    return kind === 'number' || kind === 'string' || kind === 'boolean' ? { kind: 'value', name: kind } : undefined;
  }

  private resolve(name: string, at: number, path: AnyNode[], depth: number): Ty | undefined {
    for (let i = path.length - 1; i >= 0; i--) {
      const fn = path[i];
      if (!isFunction(fn)) continue;
      const index = fn.params.findIndex((p: AnyNode) => p.type === 'Identifier' && p.name === name);
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
    let scope = this.scopes.get(fn);
    if (scope) return scope;
    const found: Scope = { declared: new Map(), reassigned: new Set() };
    walkOwnScope(fn.body, (node) => {
      if (node.type === 'VariableDeclarator' && node.id.type === 'Identifier') {
        if (found.declared.has(node.id.name)) found.reassigned.add(node.id.name);
        found.declared.set(node.id.name, node.init ?? undefined);
      } else if (node.type === 'FunctionDeclaration' && node.id) {
        found.declared.set(node.id.name, undefined);
      } else if (node.type === 'AssignmentExpression' && node.left.type === 'Identifier') {
        found.reassigned.add(node.left.name);
      }
    });
    scope = found;
    this.scopes.set(fn, scope);
    return scope;
  }
}

const cache = new WeakMap<ParsedTracer, TracerInference>();

/** One inference per parse (its scope tables are filled lazily). */
export function inferenceFor(tracer: ParsedTracer, members?: TopLevelMember[]): TracerInference {
  let inference = cache.get(tracer);
  if (!inference) {
    inference = new TracerInference(tracer, members);
    cache.set(tracer, inference);
  }
  return inference;
}
