// Shrinking a diverging case: drop one piece at a time (the earlier transaction, a snippet, a contract's
// failing end, transaction fields, a tracer probe, the thrown exception, tracer options) and keep each
// removal after which the case still diverges in one of the same members, until no removal does.
import type { CaseSpec, ContractSpec } from './cases';
import type { Divergence } from './compare';
import type { JsTracerSpec } from './tracers';

const stop = { family: 'end:stop', items: ['STOP'] };

function withContract(spec: CaseSpec, index: number, contract: ContractSpec): CaseSpec {
  return { ...spec, contracts: spec.contracts.map((c, i) => (i === index ? contract : c)) };
}

function withTracer(spec: CaseSpec, tracer: Partial<JsTracerSpec>): CaseSpec {
  return { ...spec, tracer: { ...(spec.tracer as JsTracerSpec), ...tracer } };
}

/** Every case one removal smaller than `spec`, roughly biggest removals first. */
export function smallerCases(spec: CaseSpec): CaseSpec[] {
  const out: CaseSpec[] = [];
  if (spec.prior) out.push({ ...spec, prior: undefined });
  spec.contracts.forEach((contract, index) => {
    if (contract.snippets.length > 0) out.push(withContract(spec, index, { ...contract, snippets: [] }));
    contract.snippets.forEach((_, drop) =>
      out.push(withContract(spec, index, { ...contract, snippets: contract.snippets.filter((__, i) => i !== drop) })),
    );
    if (contract.end.family !== stop.family) out.push(withContract(spec, index, { ...contract, end: stop }));
    if (Object.keys(contract.storage).length > 0) out.push(withContract(spec, index, { ...contract, storage: {} }));
  });
  const tx = spec.tx;
  if (tx.data !== '0x') out.push({ ...spec, tx: { ...tx, data: '0x' } });
  if (tx.value !== 0n) out.push({ ...spec, tx: { ...tx, value: 0n } });
  if (tx.accessList) out.push({ ...spec, tx: { ...tx, accessList: undefined } });
  (tx.authorizations ?? []).forEach((_, drop) =>
    out.push({ ...spec, tx: { ...tx, authorizations: tx.authorizations!.filter((__, i) => i !== drop) } }),
  );
  const tracer = spec.tracer;
  if (tracer.kind === 'js') {
    tracer.probes.forEach((_, drop) => out.push(withTracer(spec, { probes: tracer.probes.filter((__, i) => i !== drop) })));
    if (tracer.thrown) out.push(withTracer(spec, { thrown: undefined }));
    if (tracer.returns !== 'this.r') out.push(withTracer(spec, { returns: 'this.r' }));
    if (tracer.stepFilter !== 'true') out.push(withTracer(spec, { stepFilter: 'true' }));
    if (tracer.tracerConfig !== undefined) out.push(withTracer(spec, { tracerConfig: undefined }));
    const uses = (hook: string) => tracer.probes.some((p) => p.hook === hook) || tracer.thrown?.hook === hook;
    if (tracer.withFrames && !uses('enter') && !uses('exit')) out.push(withTracer(spec, { withFrames: false }));
    if (tracer.withStep && !uses('step')) out.push(withTracer(spec, { withStep: false }));
  } else if (tracer.kind === 'builtin' && tracer.tracerConfig !== undefined) {
    out.push({ ...spec, tracer: { ...tracer, tracerConfig: undefined } });
  } else if (tracer.kind === 'struct') {
    for (const option of Object.keys(tracer.options)) {
      const options = { ...tracer.options };
      delete options[option];
      out.push({ ...spec, tracer: { kind: 'struct', options } });
    }
  }
  return out;
}

/** The smallest case found that still diverges in a member `divergence` has; `check` runs a case. It stops
 * after `budget` runs or `seconds`, whichever comes first (some cases take long on geth's engine). */
export async function shrink(
  spec: CaseSpec,
  divergence: Divergence,
  check: (spec: CaseSpec) => Promise<Divergence | undefined>,
  budget = 300,
  seconds = 120,
): Promise<{ spec: CaseSpec; divergence: Divergence; runs: number }> {
  let current = { spec, divergence };
  let runs = 0;
  const deadline = Date.now() + seconds * 1000;
  const spent = () => runs >= budget || Date.now() > deadline;
  for (let progress = true; progress && !spent();) {
    progress = false;
    for (const candidate of smallerCases(current.spec)) {
      if (spent()) break;
      runs++;
      const found = await check(candidate).catch(() => undefined);
      if (found && found.members.some((m) => current.divergence.members.includes(m))) {
        current = { spec: candidate, divergence: found };
        progress = true;
        break;
      }
    }
  }
  return { ...current, runs };
}
