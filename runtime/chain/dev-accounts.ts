// The dev chain's prefunded, unlocked accounts. Keys are derived from a fixed phrase so every run (and every
// user) gets the same addresses; they are public test keys, never to be used on a real network.
import { createAddressFromPrivateKey } from '@ethereumjs/util';
import { keccak_256 } from '@noble/hashes/sha3.js';

export interface DevAccount {
  address: string;
  privateKey: Uint8Array;
}

/** 10,000 ether each. */
export const devAccountBalance = 10n ** 22n;

export function devAccounts(count: number): DevAccount[] {
  return Array.from({ length: count }, (_, index) => {
    const privateKey = keccak_256(new TextEncoder().encode(`evm-tracer dev account ${index}`));
    return { address: createAddressFromPrivateKey(privateKey).toString(), privateKey };
  });
}
