// geth's keccak256PreimageTracer (geth ≥ 1.16.5): the input of every KECCAK256 the transaction runs, keyed by
// its hash: {"0x<hash>": "0x<preimage>"}. Read at the opcode's step, as geth reads it: offset and size are the
// low 64 bits of the stack words taken as signed, the memory is the one before the opcode expands it and
// is zero-padded past its end; an input geth does not copy (a negative offset or size, more than 1 MiB of
// padding) is left out, as geth leaves it out. The step of a KECCAK256 that fails its gas is read too.
import { keccak_256 } from '@noble/hashes/sha3.js';
import type { BuiltinFactory } from './builtin-tracer';
import { hexBytes } from './json-hex';

const KECCAK256 = 0x20;
/** geth's limit on zero padding past the end of memory for tracers' memory copies. */
const paddingLimit = 1024n * 1024n;

/** geth's padded memory copy of [offset, offset+size), or undefined where geth gives up. */
function paddedCopy(memory: Uint8Array, offset: bigint, size: bigint): Uint8Array | undefined {
  if (offset < 0n || size < 0n) return undefined;
  const length = BigInt(memory.length);
  // Go adds the two as int64, so the end may wrap below zero.
  const end = BigInt.asIntN(64, offset + size);
  if (end < length) {
    // Go's copy gives nothing for an empty input or one that starts past the end of memory.
    if (size === 0n || offset >= length) return new Uint8Array(0);
    // geth itself crashes on a wrapped end inside memory (it cannot allocate the copy): nothing to match.
    if (end < 0n) return undefined;
    return memory.slice(Number(offset), Number(end));
  }
  if (end - length > paddingLimit) return undefined;
  const copy = new Uint8Array(Number(size));
  if (offset < length) copy.set(memory.subarray(Number(offset)));
  return copy;
}

export const keccak256PreimageTracer: BuiltinFactory = () => {
  const preimages = new Map<string, string>();
  return {
    steps: [KECCAK256],
    setContext() {},
    step({ op, stack, memory }) {
      // A KECCAK256 with too short a stack fails; geth skips it.
      if (op !== KECCAK256 || stack.length < 2) return;
      const top = (n: number) => BigInt.asIntN(64, stack[stack.length - 1 - n]);
      const preimage = paddedCopy(memory, top(0), top(1));
      if (preimage) preimages.set(hexBytes(keccak_256(preimage)), hexBytes(preimage));
    },
    fault() {},
    enter() {},
    exit() {},
    // Go marshals a map with its keys sorted.
    result: () => ({ json: JSON.stringify(Object.fromEntries([...preimages].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))) }),
  };
};
