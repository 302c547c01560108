// `unknown-member`: a member the node's API object does not have (`log.getOpcode()`, `ctx.gasprice`):
// on the node it is undefined, and calling it throws. Suggests the nearest real member.
import { apiObject, findMember } from '../../api/model';
import type { AnyNode } from '../../api/syntax';
import { typedNodes } from '../../api/typed-nodes';
import type { ObjectTypeName } from '../../api/types';
import type { Rule } from '../rule';

/** Members every JS object has. */
const OBJECT_PROTOTYPE = new Set(['toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString', 'constructor']);

/** Names authors reach for, from other tracer APIs or older geth versions. */
const HINTS: Partial<Record<ObjectTypeName, Record<string, string>>> = {
  log: {
    getOpcode: "use log.op.toString() for the name or log.op.toNumber() for the byte",
    getOp: "use log.op.toString() for the name or log.op.toNumber() for the byte",
    getStack: 'use log.stack (an object with peek(i) and length())',
    getMemory: 'use log.memory (an object with slice, getUint and length)',
    getAddress: 'use log.contract.getAddress()',
    getCaller: 'use log.contract.getCaller()',
  },
  ctx: {
    time: 'ctx.time was removed in geth v1.11.0',
    intrinsicGas: 'ctx.intrinsicGas was removed in geth v1.11.0',
    gasLimit: 'the transaction gas limit is ctx.gas',
    blockNumber: 'the block number is ctx.block',
    hash: 'the transaction hash is ctx.txHash (traceTransaction / traceBlock only)',
  },
};

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

/** The closest member name: same letters ignoring case, or at most a third of the letters different. */
function nearest(owner: ObjectTypeName, name: string): string | undefined {
  let best: { name: string; cost: number } | undefined;
  for (const member of apiObject(owner).members) {
    const cost = member.name.toLowerCase() === name.toLowerCase() ? 0 : distance(member.name.toLowerCase(), name.toLowerCase());
    if (cost <= Math.max(1, Math.floor(name.length / 3)) && (!best || cost < best.cost)) best = { name: member.name, cost };
  }
  return best?.name;
}

export const apiUnknownMemberRule: Rule = {
  code: 'unknown-member',
  defaultSeverity: 'warning',
  description: 'A member that log, db, ctx, the call frame, the frame result or a bigInt does not have (e.g. log.getOpcode(), ctx.gasprice).',
  check(tracer, report) {
    const reads: Array<{ node: AnyNode; owner: ObjectTypeName }> = [];
    const added = new Set<string>(); // properties a tracer adds to an open object (ctx) itself
    const { inference, members, written } = typedNodes(tracer);
    for (const { node, scope } of members) {
      const name: string = node.property.name;
      const owner = inference.typeOf(node.object, scope);
      if (owner?.kind !== 'object' || findMember(owner.name, name) || OBJECT_PROTOTYPE.has(name)) continue;
      if (written.has(node)) added.add(`${owner.name}.${name}`);
      else reads.push({ node, owner: owner.name });
    }
    for (const { node, owner } of reads) {
      const name: string = node.property.name;
      if (apiObject(owner).open && added.has(`${owner}.${name}`)) continue;
      const label = apiObject(owner).label === owner ? owner : `${apiObject(owner).label} (${owner})`;
      const hint = HINTS[owner]?.[name];
      const suggestion = hint ? undefined : nearest(owner, name);
      const advice = hint ? ` (${hint})` : suggestion ? `; did you mean '${suggestion}'?` : '';
      report({
        start: node.property.start,
        end: node.property.end,
        message: `'${name}' is not a member of ${label}: on the node it is undefined${advice}`,
        fixes: suggestion
          ? [{
              title: `Change to '${suggestion}'`,
              edits: [{ start: node.property.start, end: node.property.end, newText: suggestion }],
              // Safe to apply unseen only when the names differ in case alone.
              preferred: suggestion.toLowerCase() === name.toLowerCase(),
            }]
          : undefined,
      });
    }
  },
};
