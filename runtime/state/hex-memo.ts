// The hex of the byte strings SLOAD and SSTORE convert several times per opcode (the contract's address and
// the slot, in the state's maps, ethereumjs' original-value cache and its warm-slot journal): the last
// address and the last slot converted are remembered, compared by content (the same bytes may come in new
// arrays, and an array may be reused). A remembered string is also hashed once for all the maps it keys.
import { bytesToUnprefixedHex } from '@ethereumjs/util';

interface Memo {
  bytes: Uint8Array;
  hex: string;
}

const zeros = (size: number): Memo => ({ bytes: new Uint8Array(size), hex: '00'.repeat(size) });
const lastAddress = zeros(20);
const lastSlot = zeros(32);
let accountKeyHex = '';
let lastAccountKey: `0x${string}` = '0x';
let slotKeyAddress = '';
let slotKeySlot = '';
let lastSlotKey = '';

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  // From the end: slots (and addresses) mostly differ in their low bytes.
  for (let i = a.length - 1; i >= 0; i--) if (a[i] !== b[i]) return false;
  return true;
}

/** bytesToUnprefixedHex, remembering the last 20-byte and the last 32-byte value. */
export function unprefixedHex(bytes: Uint8Array): string {
  const memo = bytes.length === 32 ? lastSlot : bytes.length === 20 ? lastAddress : undefined;
  if (memo === undefined) return bytesToUnprefixedHex(bytes);
  if (!sameBytes(memo.bytes, bytes)) {
    memo.bytes.set(bytes);
    memo.hex = bytesToUnprefixedHex(bytes);
  }
  return memo.hex;
}

/** SimpleStateManager's storage key, `0x<address>_0x<slot>`, the same string while address and slot repeat. */
export function slotKey(address: Uint8Array, slot: Uint8Array): string {
  const addressHex = unprefixedHex(address);
  const slotHex = unprefixedHex(slot);
  if (addressHex !== slotKeyAddress || slotHex !== slotKeySlot) {
    slotKeyAddress = addressHex;
    slotKeySlot = slotHex;
    lastSlotKey = `0x${addressHex}_0x${slotHex}`;
  }
  return lastSlotKey;
}

/** SimpleStateManager's account key, `0x<address>`, the same string while the address repeats. */
export function accountKey(address: Uint8Array): `0x${string}` {
  const hex = unprefixedHex(address);
  if (hex !== accountKeyHex) {
    accountKeyHex = hex;
    lastAccountKey = `0x${hex}`;
  }
  return lastAccountKey;
}
