// The differential against coreth itself: the seeded random cases of cases.ts (programs, random tracers,
// built-in tracers, struct logger options), each run as a debug_traceCall with state overrides (the
// case's accounts and programs) and block overrides (number and time) on a real avalanchego, and the same
// request on this project's nodes (a fork of that avalanchego, a fresh `--chain avalanche-local`), whose
// tracers then run as coreth's (the coreth target). Their answers must be equal, but for the positions in
// error texts (goja's, docs/differences-from-geth.md) and the causes `corethDifferences` names.
import { call } from '../runtime/node-helpers';
import { caseJob, codeOf, randomCase, sender, type CaseSpec } from './cases';
import { compareOutcomes, type Divergence } from './compare';
import { contractAddresses } from './programs';
import { explain } from './known';
import { cut, outcomeLines, programLines, tally, type DifferentialReport } from './run';
import { shrink } from './shrink';
import type { TraceOutcome } from '../../runtime/evm/job';

/** The causes geth's differential knows (known.ts). */
function explainCoreth(divergence: Divergence, spec: CaseSpec): string | undefined {
  return explain(divergence, spec)
    ?.map((known) => known.id)
    .join(', ');
}

/** Whether a case's programs read BLOCKHASH: a dev chain's block hashes are not avalanchego's. */
export function readsBlockHash(spec: CaseSpec): boolean {
  return spec.contracts.some((contract) => contract.snippets.some((snippet) => snippet.items.includes('BLOCKHASH')));
}

/** A node a case runs on, and the block it traces the calls at. */
export interface CallSide {
  name: string;
  url: string;
  /** The block tag the calls run on. */
  block: string;
  /** Causes of divergence particular to this side (a dev chain is not avalanchego's chain). */
  explains?: (divergence: Divergence, spec: CaseSpec) => string | undefined;
}

/** The avalanchego block whose context every side runs the calls in. */
export interface CallContext {
  number: string;
  timestamp: string;
}

/** geth's differential report, with the cases compared per side in place of the coverage. */
export interface CorethReport extends Omit<DifferentialReport, 'coverage'> {
  compared: Record<string, number>;
}

const q = (v: bigint) => `0x${v.toString(16)}`;
/** The C-Chain's fee recipient: its balance (fees so far) set alike on every side. */
const coinbase = '0x0100000000000000000000000000000000000000';

/** The case's transaction as the call object of debug_traceCall. */
function callObject(spec: CaseSpec): Record<string, unknown> {
  const tx = spec.tx;
  const create = tx.to === 'create';
  const object: Record<string, unknown> = {
    from: sender,
    ...(create ? {} : { to: contractAddresses[tx.to as number] }),
    gas: q(tx.gas),
    value: q(tx.value),
    input: create ? codeOf(spec, 0) : tx.data,
    ...(tx.accessList ? { accessList: tx.accessList } : {}),
  };
  if (tx.fees.gasPrice !== undefined) object.gasPrice = q(tx.fees.gasPrice);
  if (tx.fees.maxFeePerGas !== undefined) object.maxFeePerGas = q(tx.fees.maxFeePerGas);
  if (tx.fees.maxPriorityFeePerGas !== undefined) object.maxPriorityFeePerGas = q(tx.fees.maxPriorityFeePerGas);
  return object;
}

/** The case's accounts as geth's state override set. */
function stateOverrides(spec: CaseSpec): Record<string, unknown> {
  const overrides: Record<string, unknown> = { [coinbase]: { balance: '0x0' } };
  for (const [address, account] of Object.entries(caseJob(spec).preState ?? {})) {
    overrides[address] = {
      balance: account.balance ?? '0x0',
      nonce: q(BigInt(account.nonce ?? 0)),
      ...(account.code ? { code: account.code } : {}),
      ...(account.storage ? { state: account.storage } : {}),
    };
  }
  return overrides;
}

/** The debug_traceCall parameters of a case, on `side`'s block in `context`. */
export function traceCallParams(spec: CaseSpec, block: string, context: CallContext): unknown[] {
  const { tracer, tracerConfig } = caseJob(spec);
  const config: Record<string, unknown> =
    tracer === ''
      ? JSON.parse(tracerConfig ?? '{}')
      : { tracer, ...(tracerConfig === undefined ? {} : { tracerConfig: JSON.parse(tracerConfig) }) };
  return [
    callObject(spec),
    block,
    {
      ...config,
      timeout: '60s',
      stateOverrides: stateOverrides(spec),
      blockOverrides: { number: context.number, time: context.timestamp },
    },
  ];
}

/** A node's answer as an outcome: the result's JSON, or the error's message. */
async function outcome(url: string, params: unknown[]): Promise<TraceOutcome> {
  try {
    return { json: JSON.stringify(await call(url, 'debug_traceCall', params)) };
  } catch (error) {
    return { error: (error as Error).message.replace(/^debug_traceCall: -?\d+ /, '') };
  }
}

/** This project's own addition to the error for an unknown tracer name: the list of built-in tracers. */
const builtinHint = / \(built-in tracers: [^)]*\)$/;

export async function compareCase(coreth: string, side: CallSide, spec: CaseSpec, context: CallContext): Promise<Divergence | undefined> {
  const [theirs, ours] = await Promise.all([
    outcome(coreth, traceCallParams(spec, side.block, context)),
    outcome(side.url, traceCallParams(spec, side.block, context)),
  ]);
  return compareOutcomes(theirs, 'error' in ours ? { error: ours.error.replace(builtinHint, '') } : ours);
}

/** A case as avalanchego's C-Chain can run it: a call (no earlier transaction in its block, no EIP-7702
 * authorizations: the C-Chain has no Prague), with the case's access list. */
export function corethCase(seed: number): CaseSpec {
  const spec = randomCase(seed);
  const { authorizations: _authorizations, ...tx } = spec.tx;
  return { ...spec, prior: undefined, tx: { ...tx, kind: 'call' } };
}

function describe(side: CallSide, spec: CaseSpec, divergence: Divergence, context: CallContext): string {
  return [
    `${side.name}: divergence in ${divergence.members.join(', ')} (case seed ${spec.seed})`,
    ...programLines(spec),
    `  debug_traceCall ${cut(JSON.stringify(traceCallParams(spec, side.block, context)), 4000)}`,
    ...outcomeLines(divergence, 'coreth'),
  ].join('\n');
}

export async function runCorethDifferential(
  coreth: string,
  sides: CallSide[],
  context: CallContext,
  seed: number,
  count: number,
): Promise<CorethReport> {
  const started = Date.now();
  const report: CorethReport = { seed, cases: count, ms: 0, compared: {}, explained: {}, unexplained: [] };
  for (let i = 0; i < count; i++) {
    const spec = corethCase(seed + i);
    for (const side of sides) {
      tally(report.compared, side.name);
      let divergence: Divergence | undefined;
      try {
        divergence = await compareCase(coreth, side, spec, context);
      } catch (error) {
        report.unexplained.push(`${side.name}: case seed ${spec.seed}: the run failed: ${(error as Error).message}`);
        continue;
      }
      if (!divergence) continue;
      const cause = side.explains?.(divergence, spec) ?? explainCoreth(divergence, spec);
      if (cause) {
        tally(report.explained, `${side.name}: ${cause}`);
        continue;
      }
      const small = await shrink(spec, divergence, (s) => compareCase(coreth, side, s, context), 100, 60);
      report.unexplained.push(describe(side, small.spec, small.divergence, context));
    }
  }
  report.ms = Date.now() - started;
  return report;
}
