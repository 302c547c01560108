// The result panel's pure logic: collapsed-row previews, the paths "Copy Path" gives and rows are keyed by,
// the search over the data that find uses, and where a new panel opens.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { childKey, jsPath, pathKey } from '../../../client/webview/browser/json-path';
import { previewText } from '../../../client/webview/browser/json-preview';
import { JsonSearch } from '../../../client/webview/browser/json-search';
import { panelColumn } from '../../../client/webview/placement';

test('previewText: first keys and values of an object, nested containers abbreviated', () => {
  assert.equal(
    previewText({ pc: 0, op: 'PUSH1', gas: 99979, stack: ['0x1'], memory: {}, extra: { a: 1 } }),
    '{pc: 0, op: "PUSH1", gas: 99979, stack: Array(1), memory: {}, extra: {…}}',
  );
  assert.equal(previewText({ 'odd key': null, ok: true }), '{"odd key": null, ok: true}');
  assert.equal(previewText({}), '{}');
});

test('previewText: an array shows its length and first items', () => {
  assert.equal(previewText(['PUSH1', 'PUSH1', 'MSTORE', 'STOP']), '(4) ["PUSH1", "PUSH1", "MSTORE", "STOP"]');
  assert.equal(previewText([]), '(0) []');
  assert.equal(previewText([[1, 2], { a: 1 }]), '(2) [Array(2), {…}]');
});

test('previewText: long previews end with an ellipsis within the budget, the first entry always shown', () => {
  const many = Object.fromEntries(Array.from({ length: 50 }, (_, index) => [`key${index}`, index]));
  const text = previewText(many);
  assert.match(text, /^\{key0: 0, key1: 1, .*, …\}$/);
  assert.ok(text.length <= 110, text);
  const long = 'x'.repeat(500);
  assert.equal(previewText({ data: long }), `{data: "${'x'.repeat(37)}…"}`);
  assert.equal(previewText(long), `"${'x'.repeat(297)}…" (502 characters)`);
  assert.equal(previewText(7), '7');
});

test('jsPath: JavaScript accessors for identifiers, array indexes and odd keys', () => {
  assert.equal(jsPath(['calls', 0, 'to']), 'calls[0].to');
  assert.equal(jsPath([0, 'result', 'calls', 12]), '[0].result.calls[12]');
  assert.equal(jsPath(['odd key', '$x', '1a', 'a"b']), '["odd key"].$x["1a"]["a\\"b"]');
  assert.equal(jsPath([]), '(root)');
});

test('pathKey: an array index and an object key named like it are different rows; childKey extends a key', () => {
  assert.notEqual(pathKey([0]), pathKey(['0']));
  assert.equal(childKey(pathKey(['calls']), 0), pathKey(['calls', 0]));
  assert.equal(pathKey([]), '');
});

test('JsonSearch: hits in row order over keys and primitive values, case-insensitive', () => {
  const value = { From: '0xAB', calls: [{ from: '0xcd', value: 'x' }, { to: '0xab01' }], note: null, fromNull: false };
  const search = new JsonSearch(value, 'ab');
  assert.equal(search.step(1000), true);
  assert.deepEqual(
    search.hits.map((hit) => [jsPath(hit.segments), hit.inKey, hit.inValue]),
    [
      ['From', false, true],
      ['calls[1].to', false, true],
    ],
  );
  const keys = new JsonSearch(value, 'FROM');
  keys.step(1000);
  assert.deepEqual(
    keys.hits.map((hit) => jsPath(hit.segments)),
    ['From', 'calls[0].from', 'fromNull'],
  );
  const literal = new JsonSearch(value, 'null');
  literal.step(1000);
  assert.deepEqual(
    literal.hits.map((hit) => [jsPath(hit.segments), hit.inKey, hit.inValue]),
    [
      ['note', false, true],
      ['fromNull', true, false],
    ],
  );
});

test('JsonSearch: resumable in slices with the same hits, and cut at its limit', () => {
  const steps = Array.from({ length: 5000 }, (_, pc) => ({ pc, op: pc % 2 === 0 ? 'PUSH1' : 'ADD' }));
  const whole = new JsonSearch({ steps }, 'push');
  whole.step(Infinity);
  const sliced = new JsonSearch({ steps }, 'push');
  let slices = 0;
  while (!sliced.step(100)) slices++;
  assert.ok(slices > 100, `${slices} slices`);
  assert.equal(whole.hits.length, 2500);
  assert.deepEqual(sliced.hits, whole.hits);
  assert.deepEqual(whole.hits[1].segments, ['steps', 2, 'op']);
  const limited = new JsonSearch({ steps }, 'push', 10);
  limited.step(Infinity);
  assert.equal(limited.hits.length, 10);
  assert.equal(limited.truncated, true);
  const empty = new JsonSearch({ steps }, '');
  assert.equal(empty.step(1), true);
  assert.equal(empty.hits.length, 0);
});

test('panelColumn: beside the active editor in an existing group, never a third column from the right', () => {
  assert.equal(panelColumn(1, 1), 'beside');
  assert.equal(panelColumn(1, 2), 2);
  assert.equal(panelColumn(2, 2), 1);
  assert.equal(panelColumn(2, 3), 3);
  assert.equal(panelColumn(3, 3), 2);
  assert.equal(panelColumn(undefined, 2), 'beside');
});
