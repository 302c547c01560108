// The one Go-duration parser: Go's time.ParseDuration (its values and error texts, its int64 nanosecond range),
// the clients' stricter check, and the clamp that keeps a long time-out from firing a Node.js timer at once.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { maxTimerMs, parseDuration, parseGoDuration, timerDelay } from '../../core/trace/duration';

test('parseGoDuration: values as Go computes them, in milliseconds', () => {
  const cases: Array<[string, number]> = [
    ['5s', 5000],
    ['1m30s', 90_000],
    ['500ms', 500],
    ['1.5h', 5_400_000],
    ['0', 0],
    ['-0', 0],
    ['+5s', 5000],
    ['-1.5s', -1500],
    ['.5s', 500],
    ['1.s', 1000],
    ['1h1h', 7_200_000],
    ['1µs', 0.001],
    ['3μs', 0.003],
    ['7us', 0.007],
    ['1ns', 0.000001],
    ['1000h', 3_600_000_000],
    ['2562047h47m16.854775807s', 9_223_372_036_854.775],
    ['-2562047h47m16.854775808s', -9_223_372_036_854.775],
    // Go keeps only the fraction digits that fit its integer and truncates to whole nanoseconds.
    ['1.0000000000000000000001s', 1000],
    ['0.0000000019s', 0.000001],
  ];
  for (const [text, ms] of cases) assert.equal(parseGoDuration(text), ms, text);
});

test("parseGoDuration: Go's error texts, overflow of int64 nanoseconds included", () => {
  const cases: Array<[string, string]> = [
    ['abc', 'time: invalid duration "abc"'],
    ['', 'time: invalid duration ""'],
    ['-', 'time: invalid duration "-"'],
    ['.s', 'time: invalid duration ".s"'],
    ['5', 'time: missing unit in duration "5"'],
    ['5x', 'time: unknown unit "x" in duration "5x"'],
    ['5秒', 'time: unknown unit "\\xe7\\xa7\\x92" in duration "5\\xe7\\xa7\\x92"'],
    ['5"s', 'time: unknown unit "\\"s" in duration "5\\"s"'],
    ['2562047h47m16.854775808s', 'time: invalid duration "2562047h47m16.854775808s"'],
    ['9223372036854775808ns', 'time: invalid duration "9223372036854775808ns"'],
    ['3000000h', 'time: invalid duration "3000000h"'],
    ['99999999999999999999s', 'time: invalid duration "99999999999999999999s"'],
  ];
  for (const [text, message] of cases) assert.throws(() => parseGoDuration(text), { message }, text);
});

test('parseDuration: positive durations with units; beyond what Go takes it says the limit', () => {
  assert.equal(parseDuration('1m30s'), 90_000);
  assert.equal(parseDuration(' 5s '), 5000);
  assert.equal(parseDuration('1000h'), 3_600_000_000);
  assert.throws(() => parseDuration('5 seconds'), { message: "time-out '5 seconds' is not a duration like 5s, 500ms or 1m30s" });
  assert.throws(() => parseDuration('-5s'), /is not a duration like 5s/);
  assert.throws(() => parseDuration('3000000h'), {
    message: "time-out '3000000h' is too long: a duration is at most 2562047h47m16.854775807s",
  });
});

test('timerDelay: at most 2^31-1 ms, the longest delay a Node.js timer takes', () => {
  assert.equal(maxTimerMs, 2_147_483_647);
  assert.equal(timerDelay(5000), 5000);
  assert.equal(timerDelay(parseDuration('1000h')), maxTimerMs);
  assert.equal(timerDelay(maxTimerMs), maxTimerMs);
});
