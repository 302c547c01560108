// Markdown for hover and completion documentation, written from the model.
import { targetTitles, type ClientTarget } from '../client-targets';
import { apiObject, hookSignature, signatureOf } from './model';
import type { Ty } from './infer';
import type { TopLevelMember } from './top-level-scan';
import type { ApiMember, HookModel, ObjectTypeName, OpcodeInfo } from './types';

function code(text: string): string {
  return '```typescript\n' + text + '\n```';
}

function pitfalls(list: string[] | undefined): string {
  return list && list.length > 0 ? '\n\n**On the node:**\n' + list.map((p) => `- ${p}`).join('\n') : '';
}

export function describeMember(member: ApiMember, owner?: ObjectTypeName): string {
  const qualifier = owner ? apiObject(owner).label : undefined;
  const presence = member.presence && member.presence !== 'always' ? `\n\nPresent ${member.presence}.` : '';
  const alias = member.aliasOf ? `\n\nSame as \`${member.aliasOf}\`.` : '';
  return `${code(signatureOf(member, qualifier))}\n\n${member.description}${presence}${alias}${pitfalls(member.pitfalls)}`;
}

/** A member the target's tracers lack: what geth's is, and that it is undefined there. */
export function describeAbsentMember(member: ApiMember, owner: ObjectTypeName, target: ClientTarget, reason: string): string {
  const qualifier = apiObject(owner).label;
  return `${code(`${signatureOf(member, qualifier)} (not on ${target})`)}\n\n**Not on ${targetTitles[target]}:** undefined there (${reason}).\n\nOn ${targetTitles.geth}: ${member.description}`;
}

export function describeHook(hook: HookModel): string {
  const required = hook.required === 'yes' ? 'Required.' : hook.required === 'pair' ? 'Optional; enter and exit go together.' : 'Optional.';
  const params = hook.params.map((p) => `- \`${p.name}\` (${p.type}): ${p.role}`).join('\n');
  return `${code(`(hook) ${hookSignature(hook)}`)}\n\n${hook.when}\n\n${required} Return value: ${hook.returns}.\n\n${params}${pitfalls(hook.pitfalls)}`;
}

export function describeObject(name: ObjectTypeName, as?: string): string {
  const object = apiObject(name);
  return `${code(`${as ? `(parameter) ${as}` : object.label}: ${name}`)}\n\n${object.description}`;
}

export function describeOpcode(op: OpcodeInfo): string {
  return `${code(`${op.name} = 0x${op.code.toString(16).padStart(2, '0')} (${op.code})`)}\n\nOpcode name as log.op.toString() returns it; log.op.toNumber() gives the number.`;
}

export const TRACER_DESCRIPTION = `${code('this: tracer object')}\n\nThe tracer object itself: geth calls every hook with this = the object, so its properties hold state across steps.`;

/** `this.name` where name is the tracer's own member (state or helper method). */
export function describeTracerMember(members: TopLevelMember[], name: string, state: Ty | undefined): string | undefined {
  const member = members.findLast((m) => m.name === name);
  if (!member) return undefined;
  if (member.callable)
    return (
      code(`(tracer method) ${name}`) +
      '\n\nA function of the tracer object; call it as this.' +
      name +
      '(...) so that `this` stays the tracer.'
    );
  const type = state?.kind === 'value' ? `: ${state.name}` : '';
  return (
    code(`(tracer state) ${name}${type}`) +
    '\n\nA property of the tracer object: it keeps its value from hook to hook within one transaction.'
  );
}
