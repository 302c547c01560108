// `unknown-member`: reading a member the node's API object does not have (`ctx.gasprice`, `ctx['time']`):
// on the node it is undefined. `unknown-method`: calling one (`log.getCallError()`), or calling a property
// (`ctx.gasUsed()`): a certain TypeError at run time. Both suggest the nearest real member. A member that the
// target's tracers lack (`ctx.coinbase` on coreth) is unknown there, said with the target's name.
import { absenceOn, apiObject, findMember } from '../../api/model';
import { memberName, type AnyNode } from '../../api/syntax';
import { typedNodes } from '../../api/typed-nodes';
import type { ApiMember, ObjectTypeName } from '../../api/types';
import { targetTitles, type ClientTarget } from '../../client-targets';
import { editDistance } from '../edit-distance';
import { derived, type ParsedTracer } from '../parse';
import type { Rule, RuleFinding } from '../rule';

/** Members every JS object has. */
const OBJECT_PROTOTYPE = new Set([
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  'constructor',
]);

/** Names authors reach for, from other tracer APIs or older geth versions: the advice, and the member
 * expressions that replace the name (and its `()` when called without arguments). */
interface Hint {
  advice: string;
  use?: string[];
}

const HINTS: Partial<Record<ObjectTypeName, Record<string, Hint>>> = {
  log: {
    getOpcode: { advice: 'use log.op.toString() for the name or log.op.toNumber() for the byte', use: ['op.toString()', 'op.toNumber()'] },
    getOp: { advice: 'use log.op.toString() for the name or log.op.toNumber() for the byte', use: ['op.toString()', 'op.toNumber()'] },
    getStack: { advice: 'use log.stack (an object with peek(i) and length())', use: ['stack'] },
    getMemory: { advice: 'use log.memory (an object with slice, getUint and length)', use: ['memory'] },
    getAddress: { advice: 'use log.contract.getAddress()', use: ['contract.getAddress()'] },
    getCaller: { advice: 'use log.contract.getCaller()', use: ['contract.getCaller()'] },
  },
  ctx: {
    time: { advice: 'ctx.time was removed in geth v1.11.0' },
    intrinsicGas: { advice: 'ctx.intrinsicGas was removed in geth v1.11.0' },
    gasLimit: { advice: 'the transaction gas limit is ctx.gas', use: ['gas'] },
    blockNumber: { advice: 'the block number is ctx.block', use: ['block'] },
    hash: { advice: 'the transaction hash is ctx.txHash (traceTransaction / traceBlock only)', use: ['txHash'] },
  },
};

/** The closest member name: same letters ignoring case, or at most a third of the letters different (a
 * swap of two neighbours counts as one). For
 * a call, a method if one is that close. */
function nearest(owner: ObjectTypeName, name: string, called: boolean): string | undefined {
  const members = apiObject(owner).members;
  const methods = called ? members.filter((member) => member.kind === 'method') : [];
  return closest(methods, name) ?? closest(members, name);
}

function closest(members: ApiMember[], name: string): string | undefined {
  let best: { name: string; cost: number } | undefined;
  const limit = Math.max(1, Math.floor(name.length / 3));
  for (const member of members) {
    const cost = editDistance(member.name.toLowerCase(), name.toLowerCase(), limit);
    if (cost <= limit && (!best || cost < best.cost)) best = { name: member.name, cost };
  }
  return best?.name;
}

/** A member expression on an API object that the object lacks, or (`property`) a property called. */
interface Misuse {
  node: AnyNode;
  name: string;
  owner: ObjectTypeName;
  /** The call when the member is called for certain (a read elsewhere may be a feature test: not certain). */
  call?: AnyNode;
  /** The property that is called (`ctx.gasUsed()`). */
  property?: ApiMember;
  /** A member some target lacks, read: unknown on that target only. */
  absent?: ApiMember;
}

const keyOf = (misuse: { owner: ObjectTypeName; name: string }) => `${misuse.owner}.${misuse.name}`;

/** The misuses of a parse, shared by both rules. */
function misuses(tracer: ParsedTracer): Misuse[] {
  return derived(tracer, misuses, () => {
    const found: Misuse[] = [];
    const added = new Set<string>(); // properties a tracer adds to an open object (ctx) itself
    const read = new Set<string>(); // unknown members also read without a call (`if (log.getX)`)
    const { inference, members, calls, written } = typedNodes(tracer);
    const callOf = new Map<AnyNode, AnyNode>();
    for (const { node } of calls) if (!node.optional) callOf.set(node.callee, node);
    for (const { node, scope } of members) {
      const name = memberName(node)!;
      const owner = inference.typeOf(node.object, scope);
      if (owner?.kind !== 'object' || OBJECT_PROTOTYPE.has(name)) continue;
      const member = findMember(owner.name, name);
      const call = callOf.get(node);
      if (member?.kind === 'property' && call) found.push({ node, name, owner: owner.name, call, property: member });
      const absentSomewhere = member?.onTargets && Object.values(member.onTargets).some((variant) => 'absent' in variant);
      if (member && !(absentSomewhere && !call)) continue;
      const misuse = { node, name, owner: owner.name, call, absent: member };
      if (written.has(node)) added.add(keyOf(misuse));
      else found.push(misuse);
      if (!call) read.add(keyOf(misuse));
    }
    const ownAddition = (misuse: Misuse) => !misuse.property && apiObject(misuse.owner).open && added.has(keyOf(misuse));
    const featureTested = (misuse: Misuse) => misuse.call && !misuse.property && read.has(keyOf(misuse));
    return found
      .filter((misuse) => !ownAddition(misuse))
      .map((misuse) => (featureTested(misuse) ? { ...misuse, call: undefined } : misuse));
  });
}

function labelOf(owner: ObjectTypeName): string {
  const { label } = apiObject(owner);
  return label === owner ? owner : `${label} (${owner})`;
}

/** Replaces the member's name, keeping a literal key's quotes. */
function renameFix(node: AnyNode, name: string, suggestion: string, text: string): RuleFinding['fixes'] {
  const key = node.property;
  const newText = node.computed ? `${text[key.start]}${suggestion}${text[key.start]}` : suggestion;
  return [
    {
      title: `Change to '${suggestion}'`,
      edits: [{ start: key.start, end: key.end, newText }],
      // Safe to apply unseen only when the names differ in case alone.
      preferred: suggestion.toLowerCase() === name.toLowerCase(),
    },
  ];
}

/** Replaces the name (with its `()`) by each member expression the hint names: only for a plain `.name`,
 * read, or called without arguments (arguments would have no place to go). */
function hintFixes(node: AnyNode, call: AnyNode | undefined, hint: Hint): RuleFinding['fixes'] {
  if (!hint.use || node.computed || (call && call.arguments.length > 0)) return undefined;
  const end = call ? call.end : node.property.end;
  const owner = node.object.type === 'Identifier' ? `${node.object.name}.` : '';
  return hint.use.map((use) => ({ title: `Use ${owner}${use}`, edits: [{ start: node.property.start, end, newText: use }] }));
}

function unknownFinding({ node, name, owner, call }: Misuse, text: string): RuleFinding {
  const hint = HINTS[owner]?.[name];
  const suggestion = hint ? undefined : nearest(owner, name, call !== undefined);
  const advice = hint ? ` (${hint.advice})` : suggestion ? `; did you mean '${suggestion}'?` : '';
  const what = call
    ? `not a method of ${labelOf(owner)}: calling it throws TypeError (it is undefined on the node)`
    : `not a member of ${labelOf(owner)}: on the node it is undefined`;
  return {
    start: node.property.start,
    end: node.property.end,
    message: `'${name}' is ${what}${advice}`,
    fixes: hint ? hintFixes(node, call, hint) : suggestion ? renameFix(node, name, suggestion, text) : undefined,
  };
}

function absentFinding({ node, name, owner }: Misuse, reason: string, target: ClientTarget): RuleFinding {
  return {
    start: node.property.start,
    end: node.property.end,
    message: `'${name}' is not a member of ${labelOf(owner)} on ${targetTitles[target]}: on that node it is undefined (${reason})`,
  };
}

function calledPropertyFinding({ node, name, owner, call, property }: Misuse, text: string): RuleFinding {
  const source = text.slice(node.start, node.end);
  const bare = call!.arguments.length === 0;
  return {
    start: node.property.start,
    end: node.property.end,
    message: `'${name}' is a property of ${labelOf(owner)} (of type ${property!.returns}), not a method: calling it throws TypeError. Read it as ${source}${bare ? '' : ' without calling it'}.`,
    fixes: bare ? [{ title: `Use ${source} without ()`, edits: [{ start: node.end, end: call!.end, newText: '' }] }] : undefined,
  };
}

export const apiUnknownMemberRule: Rule = {
  code: 'unknown-member',
  defaultSeverity: 'warning',
  readsTolerantParse: true,
  description:
    "Reading a member that log, db, ctx, the call frame, the frame result or a bigInt does not have (ctx.gasprice, ctx['time']), or that the target's tracers lack (ctx.coinbase on coreth): undefined on the node.",
  check(tracer, report, target) {
    for (const misuse of misuses(tracer)) {
      const absence = misuse.absent && absenceOn(misuse.absent, target);
      if (absence) report(absentFinding(misuse, absence, target));
      else if (!misuse.call && !misuse.absent) report(unknownFinding(misuse, tracer.text));
    }
  },
};

export const apiUnknownMethodRule: Rule = {
  code: 'unknown-method',
  defaultSeverity: 'error',
  readsTolerantParse: true,
  description:
    "Calling a method that log, db, ctx, the call frame, the frame result or a bigInt does not have (log.getCallError(), log['getOpcode']()), or calling a property (ctx.gasUsed()): a certain TypeError.",
  check(tracer, report) {
    for (const misuse of misuses(tracer)) {
      if (misuse.property) report(calledPropertyFinding(misuse, tracer.text));
      else if (misuse.call && !misuse.absent) report(unknownFinding(misuse, tracer.text));
    }
  },
};
