// Trace Block's block as typed in its picker: a hash, a number (decimal or hex) or latest; a hash cut short or
// anything else is refused, saying what a block may be.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseBlockTarget } from '../../core/trace/block';

test('a hash, a number or latest', () => {
  const hash = `0x${'ab'.repeat(32)}`;
  assert.deepEqual(parseBlockTarget(` ${hash} `), { hash });
  assert.deepEqual(parseBlockTarget('12'), { number: '0xc' });
  assert.deepEqual(parseBlockTarget('0x0c'), { number: '0xc' });
  assert.deepEqual(parseBlockTarget('Latest'), { number: 'latest' });
  for (const typed of [hash.slice(0, 40), 'pending', '-1', '1.5', 'latest-1', ''])
    assert.throws(() => parseBlockTarget(typed), {
      message: `block '${typed}' is neither a 0x-prefixed 32-byte hash, a block number nor latest`,
    });
});
