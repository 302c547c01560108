// Combining fixes for "fix all": a fix that overlaps one taken before it is left out whole.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { OffsetEdit, OffsetFix } from '../../../core/tracer/diagnostic';
import { combineFixes } from '../../../core/tracer/edits';
import { seededRandom } from '../../support/mutate';

/** The rule itself: compare each edit with every edit taken so far. */
function reference(fixes: OffsetFix[]): OffsetEdit[] {
  const taken: OffsetEdit[] = [];
  for (const fix of fixes) {
    if (!fix.edits.some((edit) => taken.some((other) => edit.start < other.end && other.start < edit.end))) taken.push(...fix.edits);
  }
  return taken;
}

test('combineFixes: overlapping fixes are dropped, touching ones and insertions at a boundary kept', () => {
  const fix = (...spans: Array<[number, number]>): OffsetFix => ({
    title: '',
    edits: spans.map(([start, end]) => ({ start, end, newText: 'x' })),
  });
  const fixes = [fix([5, 8]), fix([8, 8]), fix([5, 5]), fix([6, 6]), fix([2, 6]), fix([0, 1], [7, 9]), fix([9, 12], [3, 4])];
  assert.deepEqual(combineFixes(fixes), reference(fixes));
  assert.deepEqual(
    combineFixes(fixes).map((e) => [e.start, e.end]),
    [
      [5, 8],
      [8, 8],
      [5, 5],
      [9, 12],
      [3, 4],
    ],
  );
});

test('combineFixes: same result as comparing every pair, on random fixes', () => {
  const random = seededRandom(7);
  const int = (below: number) => Math.floor(random() * below);
  for (let round = 0; round < 300; round++) {
    // Like any text edit, a fix's own edits do not overlap: the second starts after the first ends.
    const fixes: OffsetFix[] = Array.from({ length: 1 + int(30) }, () => {
      const start = int(60);
      const first = { start, end: start + (int(3) === 0 ? 0 : int(6)), newText: '' };
      const next = first.end + 1 + int(20);
      return { title: '', edits: int(2) === 0 ? [first] : [first, { start: next, end: next + int(4), newText: '' }] };
    });
    assert.deepEqual(combineFixes(fixes), reference(fixes), JSON.stringify(fixes));
  }
});
