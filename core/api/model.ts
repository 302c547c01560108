// The one description of the tracer API that completion, hover, signature help and the semantic checks
// read: hooks, host objects, helper globals, bigInt and opcodes (facts from the geth JS tracer spec).
import { bigIntFactory, bigIntObject, bigIntStatics } from './bigint';
import { helpers } from './helpers';
import { hooks } from './hooks';
import { hostObjects } from './objects';
import { opcodes, opcodeByName } from './opcodes';
import type { ClientTarget } from '../client-targets';
import type { ApiMember, ApiObject, HookModel, ObjectTypeName, TypeName } from './types';

export type * from './types';
export { bigIntFactory, bigIntStatics, helpers, hooks, opcodes, opcodeByName };

const objects = new Map<ObjectTypeName, ApiObject>([...hostObjects, bigIntObject].map((o) => [o.name, o]));

export function apiObject(name: ObjectTypeName): ApiObject {
  const found = objects.get(name);
  if (!found) throw new Error(`no API object named ${name}`);
  return found;
}

export function isObjectType(type: TypeName): type is ObjectTypeName {
  return objects.has(type as ObjectTypeName);
}

export function findMember(owner: ObjectTypeName, name: string): ApiMember | undefined {
  return apiObject(owner).members.find((m) => m.name === name);
}

/** Why `member` is absent on `target`'s tracers, or undefined when it is there. */
export function absenceOn(member: ApiMember, target: ClientTarget): string | undefined {
  const variant = member.onTargets?.[target];
  return variant && 'absent' in variant ? variant.absent : undefined;
}

/** `member` as `target`'s tracers have it: undefined when absent there. */
export function memberOn(member: ApiMember, target: ClientTarget): ApiMember | undefined {
  const variant = member.onTargets?.[target];
  if (!variant) return member;
  return 'absent' in variant ? undefined : { ...member, ...variant };
}

export function findHook(name: string): HookModel | undefined {
  return hooks.find((h) => h.name === name);
}

export function findHelper(name: string): ApiMember | undefined {
  return name === 'bigInt' ? bigIntFactory : helpers.find((h) => h.name === name);
}

/** `(addr: Uint8Array | Array): bigInt` style text for hover and signature help. */
export function signatureOf(member: ApiMember, qualifier?: string): string {
  const name = qualifier ? `${qualifier}.${member.name}` : member.name;
  const result = `${member.returns}${member.orUndefined ? ' | undefined' : ''}`;
  if (member.kind === 'property') return `${name}: ${result}`;
  const params = (member.params ?? []).map((p) => `${p.name}${p.optional ? '?' : ''}: ${p.accepts}`).join(', ');
  return `${name}(${params}): ${result}`;
}

export function hookSignature(hook: HookModel): string {
  return `${hook.name}(${hook.params.map((p) => `${p.name}: ${p.type}`).join(', ')})`;
}
