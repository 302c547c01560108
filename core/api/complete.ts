// What to offer at a cursor in a tracer: members of the value before a dot (log., db., this., bigInt(…).),
// globals, whole hooks at the top level of the tracer object, and opcode names or numbers where an
// opcode is compared. Editor-neutral: the language server turns these into LSP items.
import { parseAtCursor, PLACEHOLDER } from './cursor';
import { describeHook, describeMember, describeObject, describeOpcode } from './describe';
import { inferenceFor, type TracerInference, type Ty } from './infer';
import type { ClientTarget } from '../client-targets';
import { apiObject, bigIntFactory, bigIntStatics, helpers, hooks, hookSignature, memberOn, opcodes, signatureOf } from './model';
import { memberContext, type MemberContext } from './member-commas';
import { isFunction, type AnyNode } from './syntax';
import type { TopLevelMember } from './top-level-scan';
import type { ApiMember, HookModel, ObjectTypeName } from './types';

export type CompletionKind = 'method' | 'property' | 'field' | 'function' | 'variable' | 'hook' | 'opcode';

export interface Completion {
  label: string;
  kind: CompletionKind;
  detail: string;
  documentation?: string;
  /** Text to insert; `snippet` when it has tab stops ($0). */
  insertText: string;
  snippet?: true;
  filterText?: string;
  /** Offsets of the text the item replaces. */
  replace: { start: number; end: number };
  /** Edits elsewhere that come with it (the ',' a previous member lacks). */
  additionalEdits?: Array<{ start: number; end: number; newText: string }>;
}

const COMPARISON = new Set(['==', '===', '!=', '!==']);

interface CompletionOptions {
  /** Prefixes of the editor's snippets: hooks they already insert are not offered again. */
  snippetPrefixes?: ReadonlySet<string>;
  /** The client whose tracer API to offer (members it lacks are left out); geth's by default. */
  target?: ClientTarget;
}

export function completionsAt(text: string, offset: number, options: CompletionOptions = {}): Completion[] {
  const parsed = parseAtCursor(text, offset);
  if (!parsed) return newMemberAt(text, offset, [], options);
  const { tracer, path, word, members } = parsed;
  const inference = inferenceFor(tracer, members);
  const node = path[path.length - 1];
  const parent = path[path.length - 2];

  if (node.type === 'Literal' && typeof node.value === 'string') {
    const kind = opcodeComparison(inference, path.slice(0, -1), node);
    return kind === 'name' ? opcodeNames({ start: node.start + 1, end: Math.max(node.start + 1, offset) }) : [];
  }
  // Not a name the parse placed (a ',' missing around the word merges it into a neighbour): maybe a member.
  if (node.type !== 'Identifier' || !node.name.startsWith(PLACEHOLDER) || !parent) return newMemberAt(text, offset, members, options);

  if (parent.type === 'MemberExpression' && parent.property === node && !parent.computed) {
    return membersOf(inference.typeOf(parent.object, path), members, word, options.target ?? 'geth');
  }
  if (parent.type === 'Property' && parent.key === node && path[path.length - 3] === tracer.object) {
    return hooksAt(text, offset, word, members, memberContext(text, word.start, word.end), options);
  }
  if (isDeclaration(parent, node)) return [];
  if (opcodeComparison(inference, path.slice(0, -1), node) === 'number') return opcodeNumbers(word);
  return globals(inference, path, word);
}

/** The hooks to offer where a top-level member is typed at `word`. */
function hooksAt(
  text: string,
  offset: number,
  word: Completion['replace'],
  members: TopLevelMember[],
  context: MemberContext,
  options: CompletionOptions,
): Completion[] {
  const others = members.filter((m) => !(m.start <= offset && offset <= m.end));
  const skip = new Set<string | undefined>([...others.map((m) => m.name), ...context.keys, ...(options.snippetPrefixes ?? [])]);
  return hookSkeletons(skip, context, text, word);
}

/** Hooks where the parse found no key at the cursor, when the tokens show a member starting there. */
function newMemberAt(text: string, offset: number, members: TopLevelMember[], options: CompletionOptions): Completion[] {
  let start = offset;
  while (start > 0 && /[\w$]/.test(text[start - 1])) start--;
  const word = { start, end: offset };
  const context = memberContext(text, word.start, word.end);
  return context.startsMember ? hooksAt(text, offset, word, members, context, options) : [];
}

/** Whether `operand` is compared to an opcode name (op.toString()) or number (op.toNumber()). */
function opcodeComparison(inference: TracerInference, path: AnyNode[], operand: AnyNode): 'name' | 'number' | undefined {
  const parent = path[path.length - 1];
  let other: AnyNode | undefined;
  if (parent?.type === 'BinaryExpression' && COMPARISON.has(parent.operator)) other = parent.left === operand ? parent.right : parent.left;
  else if (parent?.type === 'SwitchCase' && parent.test === operand) other = path[path.length - 2]?.discriminant;
  if (!other) return undefined;
  const type = inference.typeOf(other, path);
  return type?.kind === 'value' ? type.opcode : undefined;
}

function isDeclaration(parent: AnyNode, node: AnyNode): boolean {
  return (parent.type === 'VariableDeclarator' && parent.id === node) || (isFunction(parent) && parent.params.includes(node));
}

function memberItem(member: ApiMember, owner: ObjectTypeName | undefined, replace: Completion['replace']): Completion {
  const takesNothing = member.kind === 'method' && (member.params ?? []).length === 0;
  return {
    label: member.name,
    kind: member.kind === 'property' ? 'property' : owner ? 'method' : 'function',
    detail: signatureOf(member, owner ? apiObject(owner).label : undefined),
    documentation: describeMember(member, owner),
    insertText: takesNothing ? `${member.name}()` : member.name,
    replace,
  };
}

function membersOf(
  type: Ty | undefined,
  tracerMembers: TopLevelMember[],
  replace: Completion['replace'],
  target: ClientTarget,
): Completion[] {
  if (!type) return [];
  if (type.kind === 'object')
    return apiObject(type.name).members.flatMap((m) => {
      const own = memberOn(m, target);
      return own ? [memberItem(own, type.name, replace)] : [];
    });
  if (type.kind === 'function' && type.member === bigIntFactory) return bigIntStatics.map((m) => memberItem(m, undefined, replace));
  if (type.kind !== 'tracer') return [];
  const seen = new Set<string>();
  const items: Completion[] = [];
  for (const { name, callable } of tracerMembers) {
    if (name === undefined || name === PLACEHOLDER || seen.has(name)) continue;
    seen.add(name);
    items.push({
      label: name,
      kind: callable ? 'method' : 'field',
      detail: callable ? `(tracer method) ${name}` : `(tracer state) ${name}`,
      insertText: name,
      replace,
    });
  }
  return items;
}

function globals(inference: TracerInference, path: AnyNode[], replace: Completion['replace']): Completion[] {
  const items = [bigIntFactory, ...helpers].map((h) => memberItem(h, undefined, replace));
  for (const fn of path.filter(isFunction)) {
    const hook = hooks.find((h) => h.name === inference.memberOf(fn));
    fn.params.forEach((param: AnyNode, index: number) => {
      const type = hook?.params[index]?.type;
      if (param.type !== 'Identifier' || !type) return;
      items.push({
        label: param.name,
        kind: 'variable',
        detail: `(parameter) ${param.name}: ${type}`,
        documentation: type === 'string' ? undefined : describeObject(type as ObjectTypeName, param.name),
        insertText: param.name,
        replace,
      });
    });
  }
  return items;
}

/** What a hook's body starts with (plain text, no snippet syntax); an empty body by default. */
const HOOK_BODIES: Partial<Record<string, string>> = {
  result: 'return {};',
  // geth passes the tracerConfig as JSON text, anvil as the parsed value.
  setup: "this.config = typeof config === 'string' ? JSON.parse(config) : config;",
};

/** Whole hooks, each with what keeps the object valid where it goes: a ',' after the member before it when
 * that one has none (an extra edit), and one after it unless a ',' follows already. enter and exit come
 * together while the object has neither: geth refuses one without the other. */
function hookSkeletons(skip: Set<string | undefined>, context: MemberContext, text: string, replace: Completion['replace']): Completion[] {
  const lineStart = text.lastIndexOf('\n', replace.start - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart, replace.start))![0];
  const unit = indent.includes('\t') ? '\t' : '  ';
  /** The hook the cursor goes into spans lines; its companion (exit after enter) is an empty `{}`. */
  const skeleton = (hook: HookModel, cursor: boolean) => {
    const body = `${HOOK_BODIES[hook.name] ?? ''}${cursor ? '$0' : ''}`;
    return `${hook.name}: function (${hook.params.map((p) => p.name).join(', ')}) {${body ? `\n${indent}${unit}${body}\n${indent}` : ''}}`;
  };
  const pair = !skip.has('enter') && !skip.has('exit');
  const additionalEdits = context.commaAt === undefined ? undefined : [{ start: context.commaAt, end: context.commaAt, newText: ',' }];
  const end = context.commaFollows ? '' : ',';
  return hooks
    .filter((hook) => !skip.has(hook.name))
    .map((hook) => {
      const together = pair && hook.required === 'pair' ? hooks.filter((h) => h.required === 'pair') : [hook];
      return {
        label: hook.name,
        kind: 'hook' as const,
        detail: together.map((h) => `(hook) ${hookSignature(h)}`).join(' and '),
        documentation: together.map(describeHook).join('\n\n'),
        insertText: together.map((h, i) => skeleton(h, i === 0)).join(`,\n${indent}`) + end,
        snippet: true as const,
        replace,
        additionalEdits,
      };
    });
}

function opcodeNames(replace: Completion['replace']): Completion[] {
  return opcodes.map((op) => ({
    label: op.name,
    kind: 'opcode' as const,
    detail: `0x${op.code.toString(16).padStart(2, '0')}`,
    documentation: describeOpcode(op),
    insertText: op.name,
    replace,
  }));
}

function opcodeNumbers(replace: Completion['replace']): Completion[] {
  return opcodes.map((op) => {
    const hex = `0x${op.code.toString(16).padStart(2, '0')}`;
    return {
      label: hex,
      kind: 'opcode' as const,
      detail: op.name,
      documentation: describeOpcode(op),
      insertText: hex,
      filterText: `${hex} ${op.name}`,
      replace,
    };
  });
}
