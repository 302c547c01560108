// Signature help: the API method or helper whose argument list holds the cursor, and which argument.
import { parseAtCursor } from './cursor';
import { describeMember } from './describe';
import { inferenceFor } from './infer';
import { apiObject, signatureOf } from './model';
import type { ApiParam } from './types';

interface SignatureInfo {
  label: string;
  documentation: string;
  /** Each parameter's [start, end) in `label`, with its role. */
  parameters: Array<{ label: [number, number]; documentation: string }>;
  activeParameter: number;
}

function paramText(param: ApiParam): string {
  return `${param.name}${param.optional ? '?' : ''}: ${param.accepts}`;
}

export function signatureAt(text: string, offset: number): SignatureInfo | undefined {
  const parsed = parseAtCursor(text, offset, { tryAsIs: true });
  if (!parsed) return undefined;
  const { tracer, path, at } = parsed;
  for (let i = path.length - 1; i >= 0; i--) {
    const call = path[i];
    if (call.type !== 'CallExpression' || at <= call.callee.end || at >= call.end) continue;
    const callee = inferenceFor(tracer, parsed.members).typeOf(call.callee, path.slice(0, i));
    if (callee?.kind !== 'function') return undefined;
    const { member, owner } = callee;
    const label = signatureOf(member, owner ? apiObject(owner).label : undefined);
    const parameters: SignatureInfo['parameters'] = [];
    let from = label.indexOf('(') + 1;
    for (const param of member.params ?? []) {
      const start = label.indexOf(paramText(param), from);
      parameters.push({ label: [start, start + paramText(param).length], documentation: param.role });
      from = start + paramText(param).length;
    }
    const before = call.arguments.filter((arg: { end: number }) => {
      const comma = tracer.text.indexOf(',', arg.end);
      return arg.end <= at && comma >= 0 && comma < at && /^\s*$/.test(tracer.text.slice(arg.end, comma));
    }).length;
    return { label, documentation: describeMember(member, owner), parameters, activeParameter: before };
  }
  return undefined;
}
