// The one documented difference between examples/call.tracer.js and geth's legacy JS call tracer, whose
// results the conformance corpus holds: the legacy tracer leaves `gas`/`gasUsed` out of calls that run no
// code (precompiles, accounts without code, pre-check failures, SELFDESTRUCT), where the example gives them
// as geth's native callTracer does. This checks the example has them there and drops them, so the rest of
// the tree compares as is.
import assert from 'node:assert/strict';

type Call = { [key: string]: unknown; calls?: Call[] };

/** `actual` with gas/gasUsed removed where the legacy `expected` tree has none (asserting they are hex there). */
export function withoutLegacyGasGaps(actual: Call, expected: Call, path = 'result'): Call {
  const out: Call = { ...actual };
  if (expected.gas === undefined && expected.gasUsed === undefined) {
    for (const key of ['gas', 'gasUsed']) {
      assert.match(
        String(actual[key]),
        /^0x[0-9a-f]+$/,
        `${path}.${key}: the example gives every call its gas, as the native callTracer does`,
      );
      delete out[key];
    }
  }
  if (Array.isArray(actual.calls) && Array.isArray(expected.calls)) {
    out.calls = actual.calls.map((call, i) =>
      expected.calls![i] ? withoutLegacyGasGaps(call, expected.calls![i], `${path}.calls[${i}]`) : call,
    );
  }
  return out;
}
