// geth's state override set (eth_call's third param, debug_traceCall's `stateOverrides`): per address
// `balance`, `nonce`, `code`, and storage either replaced whole (`state`) or patched (`stateDiff`).
import type { AllocAccount } from '../../trace/job';
import { invalidParams } from '../rpc-error';
import * as p from '../params';

export function stateOverrides(value: unknown, index: number, base: Record<string, AllocAccount>): Record<string, AllocAccount> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidParams(`invalid argument ${index}: expected a state override object`);
  const result: Record<string, AllocAccount> = {};
  for (const [key, override] of Object.entries(value)) {
    const address = p.address(key, index);
    if (typeof override !== 'object' || override === null) throw invalidParams(`invalid argument ${index}: override for ${address} must be an object`);
    const { balance, nonce, code, state, stateDiff } = override as Record<string, unknown>;
    if (state !== undefined && stateDiff !== undefined) throw invalidParams(`invalid argument ${index}: account ${address} has both 'state' and 'stateDiff'`);
    const entry: AllocAccount = { ...base[address], storage: { ...base[address]?.storage } };
    if (balance !== undefined) entry.balance = '0x' + p.hexQuantity(balance, index).toString(16);
    if (nonce !== undefined) entry.nonce = Number(p.hexQuantity(nonce, index));
    if (code !== undefined) entry.code = p.hexData(code, index);
    const slots = (state ?? stateDiff) as Record<string, unknown> | undefined;
    if (slots !== undefined) {
      if (typeof slots !== 'object' || slots === null) throw invalidParams(`invalid argument ${index}: storage override of ${address} must be an object`);
      if (state !== undefined) entry.storage = {};
      for (const [slot, word] of Object.entries(slots)) entry.storage![p.slot(slot, index)] = p.slot(word, index);
    }
    result[address] = entry;
  }
  return result;
}
