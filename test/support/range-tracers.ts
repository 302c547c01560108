// The tracers a range is checked with against a node's own block traces: callTracer with logs, prestateTracer
// in diffMode, and JavaScript tracers the differential's generator draws (probes of the whole API, thrown
// exceptions, odd result shapes), each as `trace range` takes it and as the node's trace config. Error texts
// are compared without the positions docs/differences-from-geth.md documents as differing.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { normaliseError } from '../differential/compare';
import { Random } from '../differential/random';
import { randomTracer, renderTracer } from '../differential/tracers';

export interface RangeTracer {
  name: string;
  /** The `trace range` options naming it. */
  args: string[];
  /** The node's trace config. */
  traceConfig: Record<string, unknown>;
}

/** The opcodes a drawn tracer's step may filter on. */
const filtered = [0x54, 0x55, 0xf0, 0xf1, 0xf5, 0xfd, 0xff];

/** callTracer, prestateTracer in diffMode and `js` drawn JavaScript tracers (the first seeds from `seed` that
 * give a JavaScript tracer geth builds, with a step hook: avalanchego v1.14.0 was seen to stop on one whose
 * fault reads the stack without one), written into `dir`. */
export function rangeTracers(dir: string, js: number, seed: number): RangeTracer[] {
  const tracers: RangeTracer[] = [
    {
      name: 'callTracer',
      args: ['--tracer', 'callTracer', '--config', '{"withLog":true}'],
      traceConfig: { tracer: 'callTracer', tracerConfig: { withLog: true } },
    },
    {
      name: 'prestateTracer',
      args: ['--tracer', 'prestateTracer', '--config', '{"diffMode":true}'],
      traceConfig: { tracer: 'prestateTracer', tracerConfig: { diffMode: true } },
    },
  ];
  for (let at = seed; tracers.length < 2 + js; at++) {
    const spec = randomTracer(new Random(at), filtered);
    if (spec.kind !== 'js' || spec.broken || !spec.withStep) continue;
    const { tracer, tracerConfig } = renderTracer(spec);
    const file = join(dir, `drawn-${at}.tracer.js`);
    writeFileSync(file, tracer);
    tracers.push({
      name: `drawn JS tracer ${at}`,
      args: ['--tracer', file, ...(tracerConfig === undefined ? [] : ['--config', tracerConfig])],
      traceConfig: { tracer, ...(tracerConfig === undefined ? {} : { tracerConfig: JSON.parse(tracerConfig) as unknown }) },
    });
  }
  return tracers;
}

/** A folder's or node's lines with their error texts as compared. */
export function comparable(lines: string[]): unknown[] {
  return lines.map((line) => {
    const entry = JSON.parse(line) as { error?: string };
    return entry.error === undefined ? entry : { ...entry, error: normaliseError(entry.error) };
  });
}
