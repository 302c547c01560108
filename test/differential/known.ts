// Divergences with a known cause: those README's "Differences from geth" documents, and those the
// differential tests found that are not fixed (reported for a README entry). A divergence one of these
// explains is counted, not failed; any other fails the test after shrinking.
import type { TraceOutcome } from '../../runtime/trace/job';
import type { CaseSpec } from './cases';
import { compareOutcomes, type Divergence } from './compare';

export interface KnownDifference {
  id: string;
  /** The README "Differences from geth" item it falls under, or undefined for a reported finding. */
  readme?: string;
  why: string;
  explains(divergence: Divergence, spec: CaseSpec): boolean;
}

/** `geth`'s outcome with `replace` applied to its text. */
function rewritten(outcome: TraceOutcome, replace: (text: string) => string): TraceOutcome {
  return 'error' in outcome ? { ...outcome, error: replace(outcome.error) } : { ...outcome, json: replace(outcome.json) };
}

const callOps = new Set(['CALL', 'CALLCODE', 'DELEGATECALL', 'STATICCALL']);

/** A step cost where geth counts more of a failing CALL-family opcode's gas than the runtime's 100. */
function callStepCost(detail: Divergence['details'][number], geth: TraceOutcome, spec: CaseSpec): boolean {
  if (typeof detail.geth !== 'number' || typeof detail.ours !== 'number' || detail.geth <= detail.ours) return false;
  const logIndex = /^structLogs\[(\d+)\]\.gasCost$/.exec(detail.path);
  if (logIndex && 'json' in geth) {
    const entry = (JSON.parse(geth.json) as { structLogs: Array<{ op: string; error?: string }> }).structLogs[Number(logIndex[1])];
    return callOps.has(entry.op) && entry.error === 'out of gas';
  }
  return detail.member === 'step:log.getCost' && spec.contracts.some((c) => c.snippets.some((s) => s.family.startsWith('call:')));
}

/** geth's texts for failing precompiles (its own and gnark-crypto's) and ethereumjs' instead. */
const gethPrecompileTexts = /^(?:out of gas|invalid input length|invalid final flag|bad elliptic curve pairing size|invalid (?:g[12] point|field element) length|invalid point: not on curve|point is not on curve|invalid field element top bytes|invalid fp\.Element encoding|g[12] point is not on correct subgroup)$/;
const ourPrecompileTexts = new Set(['execution reverted', 'out of gas', 'invalid input length', 'point not on curve', 'input is empty', 'fp point not in field']);

/** A precompile failure's text, or the result geth leaves out of a failed frame (flatCallTracer) beside it. */
function precompileDetail(detail: Divergence['details'][number]): boolean {
  if (typeof detail.geth === 'string' && typeof detail.ours === 'string') return gethPrecompileTexts.test(detail.geth) && ourPrecompileTexts.has(detail.ours);
  return detail.path.endsWith('.result') && detail.geth === undefined;
}

export const knownDifferences: KnownDifference[] = [
  {
    id: 'call-dynamic-gas',
    readme: 'Out-of-gas checks before a step',
    why:
      "a CALL-family opcode whose dynamic gas cannot be paid: geth v1.17 says 'out of gas: out of gas' with cost 100 (from Prague on, or for a cold " +
      "target), or 'out of gas' with the constant + dynamic + requested gas as cost (a warm target before Prague); the runtime says 'out of gas' " +
      'with cost 100 (in the step, the frame error and ctx.error)',
    explains: (d, spec) => {
      const rest = compareOutcomes(rewritten(d.geth, (t) => t.replaceAll('out of gas: out of gas', 'out of gas')), d.ours);
      return !rest || rest.details.every((x) => callStepCost(x, rest.geth, spec));
    },
  },
  {
    id: 'precompile-failure-text',
    why: "a failing bn254 or BLS12-381 precompile: geth names the cause (e.g. 'point is not on curve', 'invalid fp.Element encoding') and checks the gas before the input length; the runtime has ethereumjs' cause ('execution reverted', 'point not on curve')",
    explains: (d, spec) =>
      spec.contracts.some((c) => c.snippets.some((s) => s.family.endsWith(':precompile'))) && d.details.length > 0 && d.details.every(precompileDetail),
  },
  {
    id: 'eip7702-refund-counter',
    why: 'an EIP-7702 authorization for an existing account adds 12500 to the refund counter before execution: geth shows it in every step\'s refund, the runtime (ethereumjs adds it after execution) does not; the gas used is the same',
    explains: (d, spec) => spec.tx.kind === 'setCode' && d.details.length > 0 && d.details.every((x) => /refund/i.test(x.member)),
  },
  {
    id: 'rejection-order',
    why: 'a transaction invalid in two ways: geth checks the fee cap against the base fee before the intrinsic gas, ethereumjs the intrinsic gas first',
    explains: (d) =>
      'error' in d.geth && 'error' in d.ours && /^tracing failed: max fee per gas less than block base fee/.test(d.geth.error) && /^tracing failed: (?:intrinsic gas too low|insufficient gas for floor data gas cost)/.test(d.ours.error),
  },
];

export function explain(divergence: Divergence, spec: CaseSpec): KnownDifference | undefined {
  return knownDifferences.find((k) => k.explains(divergence, spec));
}
