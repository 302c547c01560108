// Adds a member to the tracer's object literal, in the object's own layout (one line or one per line).
import type { OffsetEdit } from './diagnostic';
import type { ParsedTracer } from './parse';
import { lineStartBefore } from './positions';

/** An edit that appends `member` (one line of source, e.g. "fault: function (log, db) {}") to the object. */
export function addMemberEdit(tracer: ParsedTracer, member: string): OffsetEdit | undefined {
  const object = tracer.object;
  if (!object) return undefined;
  const last = object.properties[object.properties.length - 1];
  // Empty object: a trailing comma lets several added members sit side by side.
  if (!last) return { start: object.start + 1, end: object.start + 1, newText: ` ${member},` };
  const { text } = tracer;
  const multiline = /[\r\n]/.test(text.slice(object.start, object.end));
  if (!multiline) return { start: last.end, end: last.end, newText: `, ${member}` };
  const lineStart = lineStartBefore(text, last.start);
  const lead = text.slice(lineStart, last.start);
  const indent = /^\s*$/.test(lead) ? lead : '  ';
  const lineBreak = text.includes('\r\n') ? '\r\n' : '\n';
  return { start: last.end, end: last.end, newText: `,${lineBreak}${indent}${member}` };
}
