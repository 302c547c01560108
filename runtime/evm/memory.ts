// Reading EVM memory as geth does for call inputs, log data and hashed bytes (past the end reads zeros), and
// what growing it costs.

/** Bytes [offset, offset+size) of `memory`, zero-padded past its end (a fresh copy). */
export function readMemory(memory: Uint8Array, offset: bigint, size: bigint): Uint8Array {
  const out = new Uint8Array(Number(size));
  if (offset < BigInt(memory.length)) out.set(memory.subarray(Number(offset), Number(offset + size)));
  return out;
}

/** geth's memory expansion gas from `memoryBytes` to cover [offset, offset+size). */
export function expansionGas(memoryBytes: number, offset: bigint, size: bigint): bigint {
  if (size === 0n) return 0n;
  const fee = (w: bigint) => 3n * w + (w * w) / 512n;
  const current = BigInt(Math.ceil(memoryBytes / 32));
  const needed = (offset + size + 31n) / 32n;
  return needed > current ? fee(needed) - fee(current) : 0n;
}
