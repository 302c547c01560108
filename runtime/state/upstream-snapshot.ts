// Upstream state at one block as plain data: what a prefetch brought, what the disk cache holds, what a trace
// job carries into its worker and what the worker fetched lazily. Everything here may come from outside (an
// upstream's answer, a file in the cache folder), so it is read entry by entry and malformed entries are
// dropped: a value that is not well-formed hex never reaches the EVM, and keys are hex only, so no key can
// be `__proto__` or another object member.
import { isRecord } from '../../core/chain/shapes';

/** An account as the upstream has it: balance and nonce as hex quantities, code as hex. */
export interface SnapshotAccount {
  balance: string;
  nonce: string;
  code: string;
}

export interface UpstreamSnapshot {
  /** By lower-case 0x address. */
  accounts: Record<string, SnapshotAccount>;
  /** By `${address}_${slot}` (slot as 0x and 64 hex digits): the 32-byte value. */
  slots: Record<string, string>;
}

/** Deployed code is at most 24 KiB today (EIP-7907 proposes 64 KiB): 256 KiB leaves room and bounds a hostile entry. */
const maxCodeBytes = 256 * 1024;

const addressPattern = /^0x[0-9a-f]{40}$/;
const wordPattern = /^0x[0-9a-f]{64}$/;
const quantityPattern = /^0x[0-9a-f]{1,64}$/;

export function emptySnapshot(): UpstreamSnapshot {
  return { accounts: {}, slots: {} };
}

/** An address or slot key as the snapshot spells it. */
export function slotKey(address: string, slot: string): string {
  return `${address.toLowerCase()}_0x${slot.slice(2).toLowerCase().padStart(64, '0')}`;
}

function lowerHex(value: unknown): string | undefined {
  return typeof value === 'string' && value.startsWith('0x') ? value.toLowerCase() : undefined;
}

/** A quantity as a hex string: JSON numbers too (prestateTracer's nonce is one). */
function quantity(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return '0x' + value.toString(16);
  const hex = lowerHex(value);
  return hex !== undefined && quantityPattern.test(hex) ? '0x' + hex.slice(2).replace(/^0+(?=.)/, '') : undefined;
}

function code(value: unknown): string | undefined {
  const hex = lowerHex(value);
  if (hex === undefined || hex.length % 2 !== 0 || hex.length > 2 + 2 * maxCodeBytes || !/^0x[0-9a-f]*$/.test(hex)) return undefined;
  return hex;
}

/** A 32-byte word, shorter hex padded (eth_getStorageAt answers 32 bytes; some nodes trim). */
export function storageWord(value: unknown): string | undefined {
  const hex = lowerHex(value);
  if (hex === undefined || !/^0x[0-9a-f]{0,64}$/.test(hex)) return undefined;
  return '0x' + hex.slice(2).padStart(64, '0');
}

/** One account from an untrusted object with balance, nonce and code (absent ones are zero/empty, as prestateTracer omits them). */
export function accountFrom(value: unknown): SnapshotAccount | undefined {
  if (!isRecord(value)) return undefined;
  const balance = value.balance === undefined ? '0x0' : quantity(value.balance);
  const nonce = value.nonce === undefined ? '0x0' : quantity(value.nonce);
  const bytecode = value.code === undefined || value.code === null ? '0x' : code(value.code);
  if (balance === undefined || nonce === undefined || bytecode === undefined) return undefined;
  return { balance, nonce, code: bytecode };
}

/** A snapshot from untrusted JSON of the snapshot's own shape: well-formed entries kept, others dropped. */
export function snapshotFrom(value: unknown): UpstreamSnapshot {
  const snapshot = emptySnapshot();
  if (!isRecord(value)) return snapshot;
  if (isRecord(value.accounts)) {
    for (const [address, raw] of Object.entries(value.accounts)) {
      const account = accountFrom(raw);
      if (addressPattern.test(address) && account) snapshot.accounts[address] = account;
    }
  }
  if (isRecord(value.slots)) {
    for (const [key, raw] of Object.entries(value.slots)) {
      const [address, slot] = key.split('_');
      const stored = storageWord(raw);
      if (addressPattern.test(address ?? '') && wordPattern.test(slot ?? '') && stored !== undefined) snapshot.slots[key] = stored;
    }
  }
  return snapshot;
}

/**
 * The pre-state a prestateTracer (diffMode false) answers: `{address: {balance, nonce, code, storage}}`.
 * Accounts it lists without code or nonce have none; storage lists only the slots the transaction touched.
 */
export function snapshotFromPrestate(value: unknown, into: UpstreamSnapshot = emptySnapshot()): UpstreamSnapshot {
  if (!isRecord(value)) return into;
  for (const [rawAddress, raw] of Object.entries(value)) {
    const address = rawAddress.toLowerCase();
    const account = accountFrom(raw);
    if (!addressPattern.test(address) || !account) continue;
    // The first pre-state of an account in a block is its state at the parent block; later ones are not. An
    // entry without a balance (prestateTracer always gives one) carries slots alone (prestate-creations.ts).
    if ((raw as { balance?: unknown }).balance !== undefined) into.accounts[address] ??= account;
    const storage = (raw as { storage?: unknown }).storage;
    if (!isRecord(storage)) continue;
    for (const [slot, rawValue] of Object.entries(storage)) {
      const stored = storageWord(rawValue);
      const key = /^0x[0-9a-f]{1,64}$/.test(slot.toLowerCase()) ? slotKey(address, slot) : undefined;
      if (key !== undefined && stored !== undefined) into.slots[key] ??= stored;
    }
  }
  return into;
}

/** Adds what `from` has and `into` lacks (a block's upstream state never changes, so nothing is replaced). */
export function mergeSnapshot(into: UpstreamSnapshot, from: UpstreamSnapshot): { added: number } {
  let added = 0;
  for (const [address, account] of Object.entries(from.accounts)) {
    if (into.accounts[address] !== undefined) continue;
    into.accounts[address] = account;
    added++;
  }
  for (const [key, value] of Object.entries(from.slots)) {
    if (into.slots[key] !== undefined) continue;
    into.slots[key] = value;
    added++;
  }
  return { added };
}

export function snapshotSize(snapshot: UpstreamSnapshot): { accounts: number; slots: number } {
  return { accounts: Object.keys(snapshot.accounts).length, slots: Object.keys(snapshot.slots).length };
}
