// geth adds 12500 to the refund counter for each EIP-7702 authorization it applies to an account that
// exists (the empty-account charge it took in the intrinsic gas) before the transaction's code runs, so
// every step shows it; ethereumjs adds it only to the transaction's total. The applied authorizations are
// read from the authorities' nonces (each applied one increments its authority's nonce once), taken before
// the transaction and again when its first frame starts.
import type { TypedTransaction } from '@ethereumjs/tx';
import { eoaCode7702RecoverAuthority, type EOACode7702AuthorizationListBytesItem } from '@ethereumjs/util';
import type { StateReader } from '../state/state-reader';

const refundPerAuthorization = 12500;

/** Reads the authorities now; the returned function gives the refund once the authorizations applied. */
export function authorizationRefund(tx: TypedTransaction, state: StateReader): (() => number) | undefined {
  const list = (tx as { authorizationList?: EOACode7702AuthorizationListBytesItem[] }).authorizationList;
  if (!list || list.length === 0) return undefined;
  const sender = tx.getSenderAddress().toString();
  const before = new Map<string, { address: Uint8Array; exists: boolean; nonce: bigint }>();
  for (const item of list) {
    let authority;
    try {
      authority = eoaCode7702RecoverAuthority(item);
    } catch {
      continue; // an invalid signature: never applied
    }
    const key = authority.toString();
    if (!before.has(key))
      before.set(key, { address: authority.bytes, exists: state.exists(authority.bytes), nonce: state.nonce(authority.bytes) });
  }
  return () => {
    let refund = 0;
    for (const [key, authority] of before) {
      // The sender's own nonce went up once for the transaction.
      const applied = Number(state.nonce(authority.address) - authority.nonce) - (key === sender ? 1 : 0);
      // The first applied authorization of an absent account creates it: those after it find it.
      if (applied > 0) refund += (authority.exists ? applied : applied - 1) * refundPerAuthorization;
    }
    return refund;
  };
}
