// geth's state override set (eth_call's third param, debug_traceCall's `stateOverrides`), decoded as geth's
// override.StateOverride is: per address `balance`, `nonce`, `code`, storage replaced whole (`state`) or
// patched (`stateDiff`), `movePrecompileToAddress`; keys matched case-insensitively, unknown keys ignored,
// geth's texts for a badly typed member. What geth refuses only when applying it is refused where it is
// applied (evm/state-override.ts), after the state it applies to is known.
import type { AccountOverride, StateOverride } from '../../evm/state-override';
import { type GoDecoder, goBytes, goFieldName, goFixedBytes, goQuantity, type GoField } from '../go-decode';

/** Where the set sits: inside debug_traceCall's config, or a method's parameter of its own (eth_call). */
type OverridePlace = 'traceCall' | 'param';

const fields = ['nonce', 'code', 'balance', 'state', 'stateDiff', 'movePrecompileToAddress'] as const;

const storageType = 'map[common.Hash]common.Hash';

function storage(value: unknown, field: GoField, decoder: GoDecoder): Record<string, string> | undefined {
  if (typeof value !== 'object' || Array.isArray(value)) {
    decoder.wrongKind(value, field, storageType);
    return undefined;
  }
  const slots: Record<string, string> = {};
  for (const [slot, word] of Object.entries(value as object))
    slots[goFixedBytes(slot, field, 'common.Hash')] = goFixedBytes(word, field, 'common.Hash');
  return slots;
}

function account(value: object, place: OverridePlace, decoder: GoDecoder): AccountOverride {
  const change: AccountOverride = {};
  for (const [key, member] of Object.entries(value)) {
    const name = goFieldName(key, fields);
    if (name === undefined) continue;
    const target = name === 'movePrecompileToAddress' ? 'movePrecompileTo' : name;
    // null leaves a field unset, also when an earlier key set it.
    delete change[target];
    if (member === null) continue;
    const field: GoField = { struct: 'OverrideAccount', path: place === 'traceCall' ? `StateOverrides.${name}` : name };
    if (name === 'nonce' || name === 'balance')
      change[name] = '0x' + goQuantity(member, field, name === 'nonce' ? 'hexutil.Uint64' : '*hexutil.Big').toString(16);
    else if (name === 'code') change.code = goBytes(member, field);
    else if (name === 'movePrecompileToAddress') change.movePrecompileTo = goFixedBytes(member, field, 'common.Address');
    else change[name] = storage(member, field, decoder);
  }
  return change;
}

/** Decodes `value` (undefined or null: no overrides). Throws GoDecodeError with geth's text, or leaves a
 * wrong-kind error in `decoder`. */
export function decodeStateOverride(value: unknown, place: OverridePlace, decoder: GoDecoder): StateOverride | undefined {
  if (value === undefined || value === null) return undefined;
  const outer: GoField = place === 'traceCall' ? { struct: 'TraceCallConfig', path: 'StateOverrides' } : undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    decoder.wrongKind(value, outer, 'override.StateOverride');
    return undefined;
  }
  const result: StateOverride = {};
  for (const [key, override] of Object.entries(value)) {
    const address = goFixedBytes(key, outer, 'common.Address');
    // A null account is an override with nothing set: the address still counts as overridden.
    if (override === null) result[address] = {};
    else if (typeof override !== 'object' || Array.isArray(override)) decoder.wrongKind(override, outer, 'override.OverrideAccount');
    else result[address] = account(override, place, decoder);
  }
  return result;
}
