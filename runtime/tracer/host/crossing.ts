// The host's half of the crossing form (../bridge.ts): bytes as latin1 strings, EVM words as numbers or
// decimal text.
import type { ByteString, Quantity } from '../bridge';

export function toByteString(bytes: Uint8Array): ByteString {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

/** The same without Buffer, for debug runs: V8 counts Buffer.from as a side effect, so a debugger reading
 * the tracer API's values with side effects forbidden (descriptions, listings) could not read any bytes.
 * Several times slower on long values, which matters little while a debugger holds the trace. */
export function toByteStringForDebugger(bytes: Uint8Array): ByteString {
  let out = '';
  for (let at = 0; at < bytes.length; at += chunk)
    out += String.fromCharCode.apply(null, bytes.subarray(at, at + chunk) as unknown as number[]);
  return out;
}

/** Bytes per String.fromCharCode call (its arguments go on the stack). */
const chunk = 8192;

export function fromByteString(text: ByteString): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'latin1'));
}

const safe = BigInt(Number.MAX_SAFE_INTEGER);

export function toQuantity(value: bigint): Quantity {
  return value <= safe && value >= -safe ? Number(value) : value.toString();
}
