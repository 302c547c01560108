// A state override set (eth_call's third param, debug_traceCall's `stateOverrides`) applied as geth applies
// it, to the state a call is about to run on: accounts in address order, each an account change made
// before the call (balance, nonce, code, storage replaced whole or patched). An overridden precompile stops
// being one for the call, and `movePrecompileToAddress` moves one elsewhere; the EVM's own list (the warm
// addresses, the tracers' isPrecompiled) stays the rules' one, as in geth. Errors are geth's texts.
import { Account, createAddressFromString, hexToBytes, setLengthLeft, toChecksumAddress, unpadBytes, type Address } from '@ethereumjs/util';
import type { StateManagerInterface } from '@ethereumjs/common';
import type { VM } from '@ethereumjs/vm';

/** One account's override; quantities and bytes as 0x hex, storage as 32-byte slot → 32-byte word. */
export interface AccountOverride {
  balance?: string;
  nonce?: string;
  code?: string;
  state?: Record<string, string>;
  stateDiff?: Record<string, string>;
  movePrecompileTo?: string;
}

/** Lower-case address → its override. */
export type StateOverride = Record<string, AccountOverride>;

type Precompiles = Map<string, unknown>;

async function putStorage(state: StateManagerInterface, address: Address, slots: Record<string, string>): Promise<void> {
  for (const [slot, word] of Object.entries(slots)) {
    // Stored as SSTORE stores: without leading zero bytes (an empty value still shadows a fork's slot).
    await state.putStorage(address, setLengthLeft(hexToBytes(slot as `0x${string}`), 32), unpadBytes(hexToBytes(word as `0x${string}`)));
  }
}

async function applyAccount(state: StateManagerInterface, address: Address, change: AccountOverride): Promise<void> {
  if (change.nonce !== undefined || change.balance !== undefined) {
    const account = (await state.getAccount(address)) ?? new Account();
    if (change.nonce !== undefined) account.nonce = BigInt(change.nonce);
    if (change.balance !== undefined) account.balance = BigInt(change.balance);
    await state.putAccount(address, account);
  }
  if (change.code !== undefined) await state.putCode(address, hexToBytes(change.code as `0x${string}`));
  if (change.state !== undefined && change.stateDiff !== undefined) {
    throw new Error(`account ${toChecksumAddress(address.toString())} has both 'state' and 'stateDiff'`);
  }
  if (change.state !== undefined) {
    await state.clearStorage(address);
    await putStorage(state, address, change.state);
  }
  if (change.stateDiff !== undefined) await putStorage(state, address, change.stateDiff);
}

/** Applies `override` to `state`, and its precompile changes to the calls `vm` runs next. Throws geth's error
 * text for an override geth refuses (the first in address order). */
export async function applyStateOverride(vm: VM, state: StateManagerInterface, override: StateOverride): Promise<void> {
  const precompiles: Precompiles = new Map(vm.evm.precompiles);
  const key = (address: string) => address.slice(2).padStart(40, '0').toLowerCase();
  for (const address of Object.keys(override).sort()) {
    const change = override[address];
    const precompile = precompiles.get(key(address));
    if (change.movePrecompileTo !== undefined) {
      if (precompile === undefined) throw new Error(`account ${toChecksumAddress(address)} is not a precompile`);
      if (Object.hasOwn(override, change.movePrecompileTo))
        throw new Error(`account ${toChecksumAddress(change.movePrecompileTo)} is already overridden`);
      precompiles.set(key(change.movePrecompileTo), precompile);
    }
    if (precompile !== undefined) precompiles.delete(key(address));
    await applyAccount(state, createAddressFromString(address), change);
  }
  const evm = vm.evm as unknown as { getPrecompile(address: Address | string): unknown };
  evm.getPrecompile = (address) => precompiles.get(key(address.toString()));
}
