// Conformance: geth's own traced transactions (../shared/conformance, or $EVM_TRACER_CONFORMANCE) re-executed
// from genesis + context + input on the local runtime with the shipped example tracers (geth's native tracer
// for the few a JS tracer cannot reproduce) must give geth's result, normalised as that folder's README says
// (field order, absent vs empty, quantities by value).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { runTraceJob } from '../../runtime/trace/run';
import { fixtureJob } from '../../runtime/trace/fixture-job';
import { withoutLegacyGasGaps } from '../support/legacy-call-shape';

const root = resolve(process.env.EVM_TRACER_CONFORMANCE ?? join(__dirname, '..', '..', '..', 'shared', 'conformance'));
const examples = join(__dirname, '..', '..', 'examples');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function quantity(value: Json | undefined): string | undefined {
  if (value === undefined || value === null) return undefined;
  return BigInt(value as string | number).toString();
}

function bytes(value: Json | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  const lower = value.toLowerCase();
  return lower === '0x' || lower === '' ? undefined : lower;
}

/** geth's callTrace struct shape: absent and empty are the same, numbers compare as quantities. */
function normaliseCall(call: { [key: string]: Json }): Record<string, unknown> {
  const out: Record<string, unknown> = {
    type: call.type,
    from: bytes(call.from),
    to: bytes(call.to),
    value: quantity(call.value),
    gas: quantity(call.gas),
    gasUsed: quantity(call.gasUsed),
    input: bytes(call.input),
    output: bytes(call.output),
    error: call.error || undefined,
    calls:
      Array.isArray(call.calls) && call.calls.length > 0 ? call.calls.map((c) => normaliseCall(c as { [key: string]: Json })) : undefined,
  };
  for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key];
  return out;
}

/** Native prestate shape: per address balance/nonce as quantities, code, storage; lower-case hex. The native
 * tracer's `codeHash` is left out: it is keccak256(code), and a JS tracer has no keccak primitive. */
function normalisePrestate(result: { [address: string]: { [key: string]: Json } }): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [address, account] of Object.entries(result)) {
    const storage: Record<string, string> = {};
    for (const [slot, value] of Object.entries((account.storage ?? {}) as Record<string, string>))
      storage[slot.toLowerCase()] = value.toLowerCase();
    const entry: Record<string, unknown> = {
      balance: quantity(account.balance),
      nonce: quantity(account.nonce ?? 0),
      code: bytes(account.code),
      storage: Object.keys(storage).length > 0 ? storage : undefined,
    };
    for (const key of Object.keys(entry)) if (entry[key] === undefined) delete entry[key];
    out[address.toLowerCase()] = entry;
  }
  return out;
}

const sets: Array<{
  folder: string;
  tracer: string;
  normalise: (r: never) => unknown;
  align?: (actual: never, expected: never) => unknown;
}> = [
  { folder: 'call_tracer_legacy', tracer: 'call.tracer.js', normalise: normaliseCall, align: withoutLegacyGasGaps },
  { folder: 'prestate_tracer', tracer: 'prestate.tracer.js', normalise: normalisePrestate },
  { folder: 'prestate_tracer_legacy', tracer: 'prestate.tracer.js', normalise: normalisePrestate },
];

/** Fixtures a JS tracer cannot reproduce, each with its cause: they run with geth's native tracer instead. */
const nativeOnly: Record<string, { tracer: string; cause: string }> = {
  'prestate_tracer/blob_tx.json': {
    tracer: 'prestateTracer',
    cause: 'no opcode runs, so a JS tracer rebuilds the sender balance from ctx alone and is not told the base fee or blob fee it paid',
  },
  'prestate_tracer/7702_delegate.json': {
    tracer: 'prestateTracer',
    cause: 'authority accounts are read before the EIP-7702 authorizations apply; a JS tracer has no hook that early',
  },
  'prestate_tracer/setcode_tx.json': {
    tracer: 'prestateTracer',
    cause: 'authority accounts are read before the EIP-7702 authorizations apply; a JS tracer has no hook that early',
  },
  'prestate_tracer/create_create.json': {
    tracer: 'prestateTracer',
    cause: 'the transaction uses all its gas, so a JS tracer cannot measure the base fee the sender paid from balances during execution',
  },
};

if (!existsSync(root)) {
  test('conformance fixtures', (t) => {
    t.skip(`SKIPPED: conformance folder not found at ${root} (set EVM_TRACER_CONFORMANCE)`);
  });
} else {
  for (const set of sets) {
    const dir = join(root, set.folder);
    if (!existsSync(dir)) continue;
    const tracer = readFileSync(join(examples, set.tracer), 'utf8');
    for (const file of readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      const native = nativeOnly[`${set.folder}/${file}`];
      const name = native ? `conformance ${set.folder}/${file} (${native.tracer}: ${native.cause})` : `conformance ${set.folder}/${file}`;
      test(name, { timeout: 120_000 }, async () => {
        const fixture = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { result: unknown };
        const [outcome] = await runTraceJob(fixtureJob(fixture, file, native?.tracer ?? tracer));
        assert.ok('json' in outcome, `trace failed: ${'error' in outcome ? outcome.error : ''}`);
        const actual = JSON.parse(outcome.json) as never;
        const aligned = set.align ? set.align(actual, fixture.result as never) : actual;
        assert.deepEqual(set.normalise(aligned as never), set.normalise(fixture.result as never));
      });
    }
  }
}
