// A differential run: `count` cases from `seed` (case i is randomCase(seed + i)), each traced by the geth
// oracle and by the runtime; divergences with a known cause are counted by cause, the others are shrunk and
// described for the report.
import { caseJob, codeOf, randomCase, type CaseSpec, type Fork } from './cases';
import { compareOutcomes, type Divergence } from './compare';
import { explain } from './known';
import { runTraceJob } from '../../runtime/trace/run';
import { shrink } from './shrink';
import type { Oracle } from '../support/oracle';

export interface DifferentialReport {
  seed: number;
  cases: number;
  ms: number;
  /** Cases per tracer kind and per opcode family, to show what the run covered. */
  coverage: Record<string, number>;
  explained: Record<string, number>;
  unexplained: string[];
}

/** Both sides' outcomes of a case, and their divergence if any. */
export async function checkCase(oracle: Oracle, spec: CaseSpec): Promise<Divergence | undefined> {
  const job = caseJob(spec);
  const [[geth], [ours]] = await Promise.all([oracle.trace(job), runTraceJob(job)]);
  return compareOutcomes(geth, ours);
}

/** Counts one more `key`. */
export function tally(table: Record<string, number>, key: string): void {
  table[key] = (table[key] ?? 0) + 1;
}

export const cut = (text: string, max = 1500) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);

/** A case's programs, as a divergence report lists them. */
export function programLines(spec: CaseSpec): string[] {
  return spec.contracts.map((c, i) => `  contract ${i}: ${[...c.snippets, c.end].map((s) => s.family).join(' ')}  ${codeOf(spec, i)}`);
}

/** Where two outcomes differ and both outcomes, `other` naming the side compared with ours. */
export function outcomeLines(divergence: Divergence, other: string): string[] {
  return [
    ...divergence.details
      .slice(0, 8)
      .map(
        (d) =>
          `  at ${d.path}: ${other} ${cut(JSON.stringify(d.geth) ?? 'absent', 300)} / ours ${cut(JSON.stringify(d.ours) ?? 'absent', 300)}`,
      ),
    `  ${other}: ${cut(JSON.stringify(divergence.geth))}`,
    `  ours: ${cut(JSON.stringify(divergence.ours))}`,
  ];
}

/** A shrunk divergence as text: the API members, the minimal case (seed, programs, transaction, tracer), both outcomes. */
function describe(spec: CaseSpec, divergence: Divergence, runs: number): string {
  const job = caseJob(spec);
  const tracer = spec.tracer.kind === 'js' ? job.tracer : `${job.tracer || 'struct logger'} ${job.tracerConfig ?? ''}`;
  const tx = JSON.stringify(spec.tx, (_, v: unknown) => (typeof v === 'bigint' ? `0x${v.toString(16)}` : v));
  return [
    `divergence in ${divergence.members.join(', ')} (case seed ${spec.seed}, shrunk in ${runs} runs)`,
    `  fork ${spec.fork}, block ${spec.block.number}${spec.prior ? ', after an earlier transaction' : ''}; tx ${tx}`,
    ...programLines(spec),
    `  tracer: ${cut(tracer.replace(/\s*\n\s*/g, ' '), 3000)}`,
    ...outcomeLines(divergence, 'geth'),
  ].join('\n');
}

/** `fork`: every case at this fork (else each case draws one). */
export async function runDifferential(
  oracle: Oracle,
  seed: number,
  count: number,
  { fork, onProgress }: { fork?: Fork; onProgress?: (done: number) => void } = {},
): Promise<DifferentialReport> {
  const started = Date.now();
  const report: DifferentialReport = { seed, cases: count, ms: 0, coverage: {}, explained: {}, unexplained: [] };
  for (let i = 0; i < count; i++) {
    const spec = randomCase(seed + i, fork);
    tally(report.coverage, `tracer:${spec.tracer.kind === 'builtin' ? spec.tracer.name : spec.tracer.kind}`);
    tally(report.coverage, `tx:${spec.tx.kind}`);
    for (const family of new Set(
      spec.contracts.flatMap((c) => [...c.snippets, c.end].map((s) => s.family.split(':').slice(0, 2).join(':'))),
    ))
      tally(report.coverage, family);
    let divergence: Divergence | undefined;
    try {
      divergence = await checkCase(oracle, spec);
    } catch (error) {
      report.unexplained.push(`case seed ${spec.seed}: the run failed: ${(error as Error).message}`);
      continue;
    }
    if (divergence) {
      const known = explain(divergence, spec);
      if (known)
        for (const cause of known)
          tally(report.explained, cause.readme ? `${cause.id} (README: ${cause.readme})` : `${cause.id} (reported)`);
      else {
        const small = await shrink(spec, divergence, (s) => checkCase(oracle, s));
        report.unexplained.push(describe(small.spec, small.divergence, small.runs));
      }
    }
    onProgress?.(i + 1);
  }
  report.ms = Date.now() - started;
  return report;
}
