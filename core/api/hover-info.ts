// What a hover shows at an offset of a parsed tracer: API members with signature, type, description and
// node-side pitfalls; hooks; hook parameters; helpers; `this`; opcode names in comparisons.
import type { ClientTarget } from '../client-targets';
import type { ParsedTracer } from '../tracer/parse';
import { parseAtCursor } from './cursor';
import {
  describeAbsentMember,
  describeHook,
  describeMember,
  describeObject,
  describeOpcode,
  describeTracerMember,
  TRACER_DESCRIPTION,
} from './describe';
import { inferenceFor } from './infer';
import { absenceOn, findHook, findMember, memberOn, opcodeByName } from './model';
import type { AnyNode } from './syntax';
import type { TopLevelMember } from './top-level-scan';

interface HoverInfo {
  markdown: string;
  start: number;
  end: number;
}

/** What a hover can describe touches the cursor: a name, `this`, or an opcode name's quote or letters. */
const DESCRIBABLE = /[\w$'"]/;

/** Hover at `offset` of the document text (only the top-level member there is parsed), for `target`'s tracer API. */
export function hoverAt(text: string, offset: number, target: ClientTarget = 'geth'): HoverInfo | undefined {
  if (!DESCRIBABLE.test(text[offset] ?? '') && !DESCRIBABLE.test(text[offset - 1] ?? '')) return undefined;
  const parsed = parseAtCursor(text, offset, { tryAsIs: true, patch: false });
  if (!parsed) return undefined;
  const { tracer, path, members } = parsed;
  const node = path[path.length - 1];
  const parent = path[path.length - 2];
  const markdown = describeNode(tracer, members, path, node, parent, target);
  return markdown ? { markdown, start: node.start, end: node.end } : undefined;
}

function describeNode(
  tracer: ParsedTracer,
  members: TopLevelMember[],
  path: AnyNode[],
  node: AnyNode,
  parent: AnyNode | undefined,
  target: ClientTarget,
): string | undefined {
  const inference = inferenceFor(tracer, members);
  if (node.type === 'ThisExpression') return inference.thisType(path) ? TRACER_DESCRIPTION : undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') {
    const op = opcodeByName(node.value);
    return op && (parent?.type === 'BinaryExpression' || parent?.type === 'SwitchCase') ? describeOpcode(op) : undefined;
  }
  if (node.type !== 'Identifier' || !parent) return undefined;
  if (parent.type === 'MemberExpression' && parent.property === node && !parent.computed) {
    const owner = inference.typeOf(parent.object, path);
    if (owner?.kind === 'tracer') return describeTracerMember(members, node.name, inference.stateType(node.name));
    if (owner?.kind !== 'object') return undefined;
    const member = findMember(owner.name, node.name);
    if (!member) return undefined;
    const own = memberOn(member, target);
    return own ? describeMember(own, owner.name) : describeAbsentMember(member, owner.name, target, absenceOn(member, target)!);
  }
  if (parent.type === 'Property' && parent.key === node && path[path.length - 3] === tracer.object) {
    const hook = findHook(node.name);
    return hook ? describeHook(hook) : undefined;
  }
  const type = inference.typeOf(node, path.slice(0, -1));
  if (type?.kind === 'function' && !type.owner) return describeMember(type.member);
  if (type?.kind === 'object') return describeObject(type.name, node.name);
  return undefined;
}
