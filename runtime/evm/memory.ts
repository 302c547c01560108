// Reading EVM memory as geth does for call inputs, log data and hashed bytes: past the end reads zeros.

/** Bytes [offset, offset+size) of `memory`, zero-padded past its end (a fresh copy). */
export function readMemory(memory: Uint8Array, offset: bigint, size: bigint): Uint8Array {
  const out = new Uint8Array(Number(size));
  if (offset < BigInt(memory.length)) out.set(memory.subarray(Number(offset), Number(offset + size)));
  return out;
}
