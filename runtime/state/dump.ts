// The state a SimpleStateManager holds, as a geth alloc: the dev chain keeps one per block so a trace can
// start from the state before any block (TraceJob.preState) and eth_* reads can serve any block.
import type { SimpleStateManager } from '@ethereumjs/statemanager';
import { bytesToHex } from '@ethereumjs/util';
import type { AllocAccount } from './alloc';

function sameAccount(a: AllocAccount, b: AllocAccount | undefined): boolean {
  if (!b || a.balance !== b.balance || a.nonce !== b.nonce || a.code !== b.code) return false;
  const slots = Object.entries(a.storage ?? {});
  return slots.length === Object.keys(b.storage ?? {}).length && slots.every(([slot, value]) => b.storage![slot] === value);
}

/** Every account, its code and its storage slots (zero-valued slots included: in fork mode they shadow the
 * upstream value). Deleted accounts are left out. */
export function dumpState(stateManager: SimpleStateManager): Record<string, AllocAccount> {
  const alloc: Record<string, AllocAccount> = {};
  const accounts = stateManager.accountStack[stateManager.accountStack.length - 1];
  const code = stateManager.codeStack[stateManager.codeStack.length - 1];
  const storage = stateManager.storageStack[stateManager.storageStack.length - 1];
  for (const [address, account] of accounts) {
    if (account === undefined) continue;
    const entry: AllocAccount = { balance: '0x' + account.balance.toString(16), nonce: Number(account.nonce) };
    const bytecode = code.get(address);
    if (bytecode !== undefined && bytecode.length > 0) entry.code = bytesToHex(bytecode);
    alloc[address] = entry;
  }
  for (const [key, value] of storage) {
    const [address, slot] = key.split('_');
    const entry = alloc[address];
    if (entry === undefined) continue;
    (entry.storage ??= {})[slot] = '0x' + bytesToHex(value).slice(2).padStart(64, '0');
  }
  return alloc;
}

/** `alloc` with its entries equal to those of `previous` (the state before) taken from `previous`, so that
 * keeping one state per block costs memory only for what changed. */
export function shareUnchanged(alloc: Record<string, AllocAccount>, previous: Record<string, AllocAccount>): Record<string, AllocAccount> {
  for (const [address, entry] of Object.entries(alloc)) if (sameAccount(entry, previous[address])) alloc[address] = previous[address];
  return alloc;
}
