// Runs a case on the geth oracle and on the runtime and compares the outcomes as JSON. Only the differences
// docs/differences-from-geth.md documents are normalised away: error positions (goja's bytecode index,
// and V8 locating a token of the same expression differently) and goja's " (and N more errors)".
import { isDeepStrictEqual } from 'node:util';
import type { TraceOutcome } from '../../runtime/evm/job';

export interface Divergence {
  /** The API members (or built-in tracer paths) whose values differ. */
  members: string[];
  /** The first differing values, for the report. */
  details: Array<{ path: string; member: string; geth: unknown; ours: unknown }>;
  geth: TraceOutcome;
  ours: TraceOutcome;
}

const location = / at (?:[^ ()]+ )?\(?(?:<eval>|bigInt):\d+:\d+(?:\(\d+\))?\)?| at [^ ]+ \(native\)/g;

/** An error text without the parts docs/differences-from-geth.md documents as differing. */
export function normaliseError(text: string): string {
  return text.replace(location, '').replace(/ \(and \d+ more errors\)/, '');
}

/** Where two JSON values differ (at most 64 places): paths like `a.b[2]`, each with the top-level key it is
 * under, which for a probe tracer's records is `hook:member`. */
function differingPaths(geth: unknown, ours: unknown, path: string, top: string, out: Divergence['details']): void {
  if (isDeepStrictEqual(geth, ours) || out.length >= 64) return;
  const bothObjects =
    typeof geth === 'object' && typeof ours === 'object' && geth !== null && ours !== null && Array.isArray(geth) === Array.isArray(ours);
  if (!bothObjects) {
    out.push({ path: path || '(value)', member: top.includes(':') ? top : (path || '(value)').replace(/\[\d+\]/g, '[]'), geth, ours });
    return;
  }
  const keys = new Set([...Object.keys(geth as object), ...Object.keys(ours as object)]);
  for (const key of keys) {
    const child = Array.isArray(geth) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    differingPaths((geth as Record<string, unknown>)[key], (ours as Record<string, unknown>)[key], child, path ? top : key, out);
  }
}

export function compareOutcomes(geth: TraceOutcome, ours: TraceOutcome): Divergence | undefined {
  if ('error' in geth || 'error' in ours) {
    if ('error' in geth && 'error' in ours && normaliseError(geth.error) === normaliseError(ours.error)) return undefined;
    const hook = (o: TraceOutcome) => ('error' in o ? (/ in server-side tracer function '(\w+)'/.exec(o.error)?.[1] ?? 'error') : 'result');
    return { members: [`error:${hook(geth)}/${hook(ours)}`], details: [], geth, ours };
  }
  const a = JSON.parse(geth.json) as unknown;
  const b = JSON.parse(ours.json) as unknown;
  if (isDeepStrictEqual(a, b)) return undefined;
  const details: Divergence['details'] = [];
  differingPaths(a, b, '', '', details);
  return { members: [...new Set(details.map((d) => d.member))], details, geth, ours };
}
