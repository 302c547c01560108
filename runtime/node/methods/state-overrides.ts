// geth's state override set (eth_call's third param, debug_traceCall's `stateOverrides`): per address
// `balance`, `nonce`, `code`, and storage either replaced whole (`state`) or patched (`stateDiff`).
import type { AllocAccount } from '../../trace/job';
import { invalidParams } from '../rpc-error';
import * as p from '../params';

/** geth decodes balance into *hexutil.Big (256 bits) and nonce into hexutil.Uint64; its texts, plus the account. */
const fields = { 256: { name: 'balance', type: '*hexutil.Big' }, 64: { name: 'nonce', type: 'hexutil.Uint64' } } as const;

function bounded(value: unknown, bits: 256 | 64, index: number, address: string): bigint {
  const quantity = p.hexQuantity(value, index);
  if (quantity >> BigInt(bits) === 0n) return quantity;
  const { name, type } = fields[bits];
  throw invalidParams(`invalid argument ${index}: json: cannot unmarshal hex number > ${bits} bits into Go struct field OverrideAccount.${name} of type ${type} (account ${address})`);
}

export function stateOverrides(value: unknown, index: number, base: Record<string, AllocAccount>): Record<string, AllocAccount> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidParams(`invalid argument ${index}: expected a state override object`);
  const result: Record<string, AllocAccount> = {};
  for (const [key, override] of Object.entries(value)) {
    const address = p.address(key, index);
    if (typeof override !== 'object' || override === null) throw invalidParams(`invalid argument ${index}: override for ${address} must be an object`);
    const { balance, nonce, code, state, stateDiff } = override as Record<string, unknown>;
    if (state !== undefined && stateDiff !== undefined) throw invalidParams(`invalid argument ${index}: account ${address} has both 'state' and 'stateDiff'`);
    const entry: AllocAccount = { ...base[address], storage: { ...base[address]?.storage } };
    if (balance !== undefined) entry.balance = '0x' + bounded(balance, 256, index, address).toString(16);
    if (nonce !== undefined) entry.nonce = Number(bounded(nonce, 64, index, address));
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
