// The host's half of the crossing form (../bridge.ts): bytes as latin1 strings, EVM words as numbers or
// decimal text.
import type { ByteString, Quantity } from '../bridge';

export function toByteString(bytes: Uint8Array): ByteString {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

export function fromByteString(text: ByteString): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'latin1'));
}

const safe = BigInt(Number.MAX_SAFE_INTEGER);

export function toQuantity(value: bigint): Quantity {
  return value <= safe && value >= -safe ? Number(value) : value.toString();
}
