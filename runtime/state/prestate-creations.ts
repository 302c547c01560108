// coreth's prestateTracer (libevm's, geth v1.13's) reads a top-level creation's new account once the EVM has
// created it: it lists the account with nonce 1 (and the slots its init code touched, as zero), a state it
// never had before the transaction. Taken as the pre-state, that account would collide with its own creation
// ("contract address collision"). So from the creating transaction on (a block's later pre-states show it
// created too) the account itself is left out of the prefetch (read directly instead, prefetch.ts); its slots
// are kept, zero before the creation in both clients' answers, so that its init code's reads are not lazy.
import { bigIntToUnpaddedBytes, bytesToHex, generateAddress, hexToBytes } from '@ethereumjs/util';
import { isRecord } from '../../core/chain/shapes';
import { accountFrom } from './upstream-snapshot';

/** A transaction or call as far as its creation goes. */
interface Party {
  from?: string;
  to?: string | null;
}

const zeroAddress = '0x0000000000000000000000000000000000000000';

/** The address a top-level creation makes, from the sender's nonce in its own pre-state (the nonce the creation uses). */
function createdBy(party: Party, prestate: unknown): string | undefined {
  if ((party.to !== undefined && party.to !== null) || !isRecord(prestate)) return undefined;
  const from = (typeof party.from === 'string' ? party.from : zeroAddress).toLowerCase();
  if (!/^0x[0-9a-f]{40}$/.test(from)) return undefined;
  const sender = accountFrom(Object.entries(prestate).find(([address]) => address.toLowerCase() === from)?.[1]);
  if (!sender) return undefined;
  return bytesToHex(generateAddress(hexToBytes(from as `0x${string}`), bigIntToUnpaddedBytes(BigInt(sender.nonce))));
}

/** The pre-states of `parties` (in order, one each) with only the slots of the accounts a top-level creation among
 * them made (an entry without a balance, which upstream-snapshot.ts takes as slots alone). */
export function withoutCreatedAccounts(prestates: unknown[], parties: Party[]): unknown[] {
  const created = new Set<string>();
  return prestates.map((prestate, index) => {
    const address = parties[index] && createdBy(parties[index], prestate);
    if (address) created.add(address);
    if (created.size === 0 || !isRecord(prestate)) return prestate;
    return Object.fromEntries(
      Object.entries(prestate).map(([account, entry]) =>
        created.has(account.toLowerCase()) ? [account, { storage: isRecord(entry) ? entry.storage : undefined }] : [account, entry],
      ),
    );
  });
}
