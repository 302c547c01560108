// geth's muxTracer: runs several built-in tracers over one transaction; config {NAME: config, ...}, result
// {NAME: result, ...} (keys sorted, as Go marshals a map).
import type { BuiltinFactory, BuiltinTracer } from './builtin-tracer';
import { parseConfig } from './config';
import type { TargetTraits } from '../evm/target';

interface Member {
  name: string;
  tracer: BuiltinTracer;
  steps: Set<number> | 'all';
}

/** How muxTracer finds a member by name: its factory, or the error for a name that is none. Handed in by the
 * registry, which lists muxTracer itself. */
type MemberLookup = (name: string, traits: TargetTraits) => BuiltinFactory | { error: string };

function buildMembers(config: string | undefined, lookup: MemberLookup, traits: TargetTraits): Member[] | { error: string } {
  const parsed = parseConfig(config);
  if ('error' in parsed) return parsed;
  const value = parsed.value;
  if (value === null) return [];
  if (typeof value !== 'object' || Array.isArray(value)) {
    return {
      error: `json: cannot unmarshal ${Array.isArray(value) ? 'array' : typeof value} into Go value of type map[string]json.RawMessage`,
    };
  }
  const members: Member[] = [];
  for (const [name, memberConfig] of Object.entries(value)) {
    const factory = lookup(name, traits);
    if (typeof factory !== 'function') return factory;
    const tracer = factory(memberConfig === undefined ? undefined : JSON.stringify(memberConfig), traits);
    if ('error' in tracer) return tracer;
    members.push({ name, tracer, steps: tracer.steps === 'all' ? 'all' : new Set(tracer.steps) });
  }
  return members;
}

export const muxTracerOver =
  (lookup: MemberLookup): BuiltinFactory =>
  (config, traits) => {
    const members = buildMembers(config, lookup, traits);
    if ('error' in members) return members;
    const wanted = new Set<number>();
    for (const m of members) if (m.steps !== 'all') m.steps.forEach((op) => wanted.add(op));
    return {
      steps: members.some((m) => m.steps === 'all') ? 'all' : [...wanted],
      txStart: (env) => members.forEach((m) => m.tracer.txStart?.(env)),
      setContext: (fields) => members.forEach((m) => m.tracer.setContext(fields)),
      // Each member sees only the steps it asked for.
      step: (view) => members.forEach((m) => (m.steps === 'all' || m.steps.has(view.op)) && m.tracer.step(view)),
      fault: (view) => members.forEach((m) => (m.steps === 'all' || m.steps.has(view.op)) && m.tracer.fault(view)),
      enter: (view) => members.forEach((m) => m.tracer.enter(view)),
      exit: (view) => members.forEach((m) => m.tracer.exit(view)),
      failedCheck: () => members.forEach((m) => m.tracer.failedCheck?.()),
      topFailedCheck: () => members.forEach((m) => m.tracer.topFailedCheck?.()),
      result() {
        const parts: string[] = [];
        for (const m of [...members].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
          const r = m.tracer.result();
          if ('error' in r) return r;
          parts.push(`${JSON.stringify(m.name)}:${'json' in r ? r.json : Buffer.concat(r.jsonParts).toString('utf8')}`);
        }
        return { json: `{${parts.join(',')}}` };
      },
    };
  };
