// Divergences with a known cause: those docs/differences-from-geth.md documents, and those the
// differential tests found that are not fixed (reported for an entry there). A divergence one of these
// explains is counted, not failed; any other fails the test after shrinking.
import type { TraceOutcome } from '../../runtime/evm/job';
import type { CaseSpec } from './cases';
import { compareOutcomes, type Divergence } from './compare';

export interface KnownDifference {
  id: string;
  /** The docs/differences-from-geth.md item it falls under, or undefined for a reported finding. */
  readme?: string;
  why: string;
  /** Rewrites an outcome's text to a form both sides share (applied to both). */
  rewrite?(text: string): string;
  /** Whether one differing place is this difference. */
  covers?(detail: Divergence['details'][number], geth: TraceOutcome, spec: CaseSpec): boolean;
  /** Whether the whole divergence is (for outcomes without places, such as two errors). */
  explainsWhole?(divergence: Divergence, spec: CaseSpec): boolean;
}

export const knownDifferences: KnownDifference[] = [
  {
    id: 'response-limit',
    readme: 'A response limit',
    why: "an answer larger than the local node's --max-response-bytes (a struct log with memory in a loop) is refused; geth and coreth send it whole",
    explainsWhole: (d) =>
      'error' in d.ours &&
      /^response too large: more than (\d+) bytes/.test(d.ours.error) &&
      'json' in d.geth &&
      d.geth.json.length > 100 * 2 ** 20,
  },
  {
    id: 'rejection-order',
    why: 'a transaction invalid in two ways: geth checks the fee cap against the base fee before the intrinsic gas, ethereumjs the intrinsic gas first',
    explainsWhole: (d) =>
      'error' in d.geth &&
      'error' in d.ours &&
      /^tracing failed: max fee per gas less than block base fee/.test(d.geth.error) &&
      /^tracing failed: (?:intrinsic gas too low|insufficient gas for floor data gas cost)/.test(d.ours.error),
  },
];

/** The known differences that together account for the divergence, or undefined if they do not. */
export function explain(divergence: Divergence, spec: CaseSpec): KnownDifference[] | undefined {
  const whole = knownDifferences.find((k) => k.explainsWhole?.(divergence, spec));
  if (whole) return [whole];
  const rewriting = knownDifferences.filter((k) => k.rewrite);
  const geth = rewriting.reduce((outcome, k) => rewrittenOutcome(outcome, k.rewrite!), divergence.geth);
  const ours = rewriting.reduce((outcome, k) => rewrittenOutcome(outcome, k.rewrite!), divergence.ours);
  const rest = compareOutcomes(geth, ours);
  // The rewrites are a cause only where they took differences away.
  const rewrote = !rest || rest.details.length < divergence.details.length ? rewriting : [];
  if (!rest) return rewrote;
  if (rest.details.length === 0) return undefined;
  const causes = new Set(rewrote);
  for (const detail of rest.details) {
    const cause = knownDifferences.find((k) => k.covers?.(detail, geth, spec));
    if (!cause) return undefined;
    causes.add(cause);
  }
  return [...causes];
}

function rewrittenOutcome(outcome: TraceOutcome, rewrite: (text: string) => string): TraceOutcome {
  return 'error' in outcome ? { ...outcome, error: rewrite(outcome.error) } : { ...outcome, json: rewrite(outcome.json) };
}
