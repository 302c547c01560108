// trace range's progress line on a terminal: blocks done of all, transactions, errors, blocks a second,
// requests and time left, in words a person reads at a glance.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { progressLine } from '../../cli/range-progress';

test('the progress line: counts, rate and time left', () => {
  const counts = { blocks: 120, totalBlocks: 1000, transactions: 3456, errors: 2, requests: 789, tracedNow: 100, elapsedMs: 8000 };
  assert.equal(progressLine(counts), 'blocks 120/1000 (12%) · 3456 transactions · 2 errors · 12.5 blocks/s · 789 requests · 1m11s left');
  assert.equal(
    progressLine({ ...counts, blocks: 1, transactions: 1, errors: 1, requests: 1, tracedNow: 0, elapsedMs: 0 }),
    'blocks 1/1000 (0%) · 1 transaction · 1 error · 0.0 blocks/s · 1 request · ? left',
  );
  assert.match(progressLine({ ...counts, blocks: 100, tracedNow: 1, elapsedMs: 10_000 }), / · 2h30m left$/);
  assert.match(progressLine({ ...counts, blocks: 1000 }), /^blocks 1000\/1000 \(100%\) .* · done$/);
});
