// A call object's `accessList` (geth's TransactionArgs.AccessList, types.AccessList), decoded with geth's
// texts. Each tuple is gencodec's: its own decoding pass over its members (a type's error, else a member of
// the wrong JSON kind, ends the whole list), and only then the check that `address` and `storageKeys` exist.
import type { AccessListEntry } from '../evm/job';
import { goDecoded, GoDecoder, goFieldName, goFixedBytes, goMissingField, type GoField } from './go-decode';

const field = (path: string): GoField => ({ struct: 'TransactionArgs', path: `accessList${path}` });

function decodeTuple(value: unknown): AccessListEntry {
  const decoder = new GoDecoder();
  const tuple: Partial<AccessListEntry> = {};
  if (value !== null && (typeof value !== 'object' || Array.isArray(value))) decoder.wrongKind(value, field(''), 'types.AccessTuple');
  else {
    for (const [key, member] of Object.entries(value ?? {})) {
      const name = goFieldName(key, ['address', 'storageKeys'] as const);
      if (name === undefined || member === null) continue;
      if (name === 'address') tuple.address = goFixedBytes(member, field('.address'), 'common.Address');
      else if (!Array.isArray(member)) decoder.wrongKind(member, field('.storageKeys'), '[]common.Hash');
      else tuple.storageKeys = member.map((key: unknown) => goFixedBytes(key, field('.storageKeys'), 'common.Hash'));
    }
  }
  decoder.finish();
  if (tuple.address === undefined) throw goMissingField('address', 'AccessTuple');
  if (tuple.storageKeys === undefined) throw goMissingField('storageKeys', 'AccessTuple');
  return { address: tuple.address, storageKeys: tuple.storageKeys };
}

/** The access list of parameter `index` (undefined when absent or null), or geth's invalid-params error. */
export function accessList(value: unknown, index: number): AccessListEntry[] | undefined {
  if (value === undefined || value === null) return undefined;
  return goDecoded(index, (decoder) => {
    if (Array.isArray(value)) return value.map(decodeTuple);
    decoder.wrongKind(value, field(''), 'types.AccessList');
    return [];
  });
}
