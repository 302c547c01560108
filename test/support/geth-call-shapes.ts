// The shapes geth's own tracer tests compare results in (eth/tracers/internal/tracetest): calltrace_test.go
// reads the expected tree into its callTrace struct and compares the marshalled text with the tracer's
// output; flat_calltrace_test.go bounces both through its flatCallTrace struct (block and transaction
// fields ignored, absent = zero) and compares them deeply.
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };

const quantity = (v: Json | undefined): string => '0x' + BigInt((v ?? 0) as string | number).toString(16);
const bytes = (v: Json | undefined): string => (typeof v === 'string' && v.length > 2 ? v.toLowerCase() : '0x');
const address = (v: Json | undefined): string =>
  typeof v === 'string' ? '0x' + v.slice(2).toLowerCase().padStart(40, '0') : '0x' + '0'.repeat(40);
const hash = (v: Json): string => '0x' + (v as string).slice(2).toLowerCase().padStart(64, '0');

function callLog(log: Obj): Obj {
  return {
    address: address(log.address),
    topics: ((log.topics ?? []) as Json[]).map(hash),
    data: bytes(log.data),
    index: quantity(log.index),
    position: quantity(log.position),
  };
}

/** callTrace's marshalled form: its field order, omitempty fields left out when empty. */
export function callTraceShape(call: Obj): Obj {
  const out: Obj = {
    from: address(call.from),
    gas: call.gas === undefined ? null : quantity(call.gas),
    gasUsed: call.gasUsed === undefined ? null : quantity(call.gasUsed),
  };
  if (call.to) out.to = address(call.to);
  out.input = bytes(call.input);
  if (bytes(call.output) !== '0x') out.output = bytes(call.output);
  if (call.error) out.error = call.error;
  if (call.revertReason) out.revertReason = call.revertReason;
  if (Array.isArray(call.calls) && call.calls.length) out.calls = call.calls.map((c) => callTraceShape(c as Obj));
  if (Array.isArray(call.logs) && call.logs.length) out.logs = call.logs.map((l) => callLog(l as Obj));
  if (call.value !== undefined && call.value !== null) out.value = quantity(call.value);
  out.type = call.type ?? '';
  return out;
}

/** Go's HTML-safe escaping, as json.Marshal writes strings. */
export function goJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** flatCallTrace after the bounce: every field present, zero when absent; blockHash/blockNumber/
 * transactionHash/transactionPosition dropped (json:"-"). */
export function flatTraceShape(entry: Obj): Obj {
  const a = (entry.action ?? {}) as Obj;
  const r = (entry.result ?? {}) as Obj;
  return {
    action: {
      author: address(a.author),
      rewardType: a.rewardType ?? '',
      address: address(a.address),
      balance: quantity(a.balance),
      callType: a.callType ?? '',
      creationMethod: a.creationMethod ?? '',
      from: address(a.from),
      gas: quantity(a.gas),
      init: bytes(a.init),
      input: bytes(a.input),
      refundAddress: address(a.refundAddress),
      to: address(a.to),
      value: quantity(a.value),
    },
    error: entry.error ?? '',
    result: { address: address(r.address), code: bytes(r.code), gasUsed: quantity(r.gasUsed), output: bytes(r.output) },
    subtraces: entry.subtraces ?? 0,
    traceAddress: entry.traceAddress ?? null,
    type: entry.type ?? '',
  };
}
