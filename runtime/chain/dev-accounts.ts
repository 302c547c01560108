// The dev chain's prefunded, unlocked accounts: the well-known test mnemonic "test test … junk" at
// m/44'/60'/0'/0/i (BIP-39 seed, BIP-32 derivation), so the addresses are the ones anvil and Hardhat use
// (0xf39F…2266 first) and examples work on all three. Public test keys: never use them on a real network.
// Node's native crypto does the derivation: start-up stays fast.
import { createECDH, createHmac, pbkdf2Sync } from 'node:crypto';
import { bigIntToBytes, bytesToBigInt, bytesToHex, concatBytes, setLengthLeft } from '@ethereumjs/util';
import { keccak_256 } from '@noble/hashes/sha3.js';

export interface DevAccount {
  address: string;
  privateKey: Uint8Array;
}

/** 10,000 ether each. */
export const devAccountBalance = 10n ** 22n;

const devMnemonic = 'test test test test test test test test test test test junk';

const curveOrder = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const hardened = 0x80000000;

function publicKey(privateKey: Uint8Array, format: 'compressed' | 'uncompressed'): Uint8Array {
  const ecdh = createECDH('secp256k1');
  ecdh.setPrivateKey(privateKey);
  return new Uint8Array(ecdh.getPublicKey(null, format));
}

const hmacSha512 = (key: Uint8Array | string, data: Uint8Array) => new Uint8Array(createHmac('sha512', key).update(data).digest());

/** BIP-32 private child key derivation. */
function child([key, chainCode]: [Uint8Array, Uint8Array], index: number): [Uint8Array, Uint8Array] {
  const indexBytes = Uint8Array.of(index >>> 24, (index >>> 16) & 0xff, (index >>> 8) & 0xff, index & 0xff);
  const data = index >= hardened ? concatBytes(Uint8Array.of(0), key, indexBytes) : concatBytes(publicKey(key, 'compressed'), indexBytes);
  const digest = hmacSha512(chainCode, data);
  const childKey = (bytesToBigInt(digest.subarray(0, 32)) + bytesToBigInt(key)) % curveOrder;
  return [setLengthLeft(bigIntToBytes(childKey), 32), digest.subarray(32)];
}

export function devAccounts(count: number): DevAccount[] {
  const seed = new Uint8Array(pbkdf2Sync(devMnemonic, 'mnemonic', 2048, 64, 'sha512'));
  const master = hmacSha512('Bitcoin seed', seed);
  let node: [Uint8Array, Uint8Array] = [master.subarray(0, 32), master.subarray(32)];
  for (const index of [44 + hardened, 60 + hardened, 0 + hardened, 0]) node = child(node, index);
  return Array.from({ length: count }, (_, index) => {
    const [privateKey] = child(node, index);
    const address = bytesToHex(keccak_256(publicKey(privateKey, 'uncompressed').subarray(1)).subarray(12));
    return { address, privateKey };
  });
}
