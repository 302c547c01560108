// The remembered hex of storage keys (runtime/state/hex-memo.ts): the memo must never answer for bytes it
// did not see, whether the bytes come in a new array, in the same array changed since, or differ only in
// the byte compared last.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Address, bytesToHex, bytesToUnprefixedHex } from '@ethereumjs/util';
import { accountKey, slotKey, unprefixedHex } from '../../runtime/state/hex-memo';

const filled = (size: number, byte: number) => new Uint8Array(size).fill(byte);

test('an array changed in place after it was converted gets the hex of its new bytes', () => {
  const slot = filled(32, 0xab);
  assert.equal(unprefixedHex(slot), 'ab'.repeat(32));
  slot[0] = 0x01; // the byte compared last (the memo compares from the end)
  assert.equal(unprefixedHex(slot), '01' + 'ab'.repeat(31));
  const address = filled(20, 0x11);
  assert.equal(unprefixedHex(address), '11'.repeat(20));
  address[19] = 0x22;
  assert.equal(unprefixedHex(address), '11'.repeat(19) + '22');
});

test("storage keys are SimpleStateManager's for slots and addresses that differ only in their first byte", () => {
  const addresses = [filled(20, 0), filled(20, 0)];
  addresses[1][0] = 0xff;
  const slots = [filled(32, 7), filled(32, 7)];
  slots[1][0] = 0x08;
  for (let round = 0; round < 2; round++) {
    for (const address of addresses) {
      for (const slot of slots) {
        assert.equal(slotKey(address, slot), `${new Address(address).toString()}_${bytesToHex(slot)}`);
        assert.equal(accountKey(address), new Address(address).toString());
      }
    }
  }
});

test('other lengths are converted as they are', () => {
  for (const size of [0, 1, 19, 21, 31, 33, 64]) {
    const bytes = Uint8Array.from({ length: size }, (_, i) => i);
    assert.equal(unprefixedHex(bytes), bytesToUnprefixedHex(bytes));
  }
});
