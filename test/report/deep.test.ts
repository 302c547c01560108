// report/ at any depth: a call tree 10,000 frames deep (a custom tracer can return one; JSON.stringify and
// every recursive walk ran out of stack on it) is recognised, named, embedded, diffed and written as JSON.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nameTable } from '../../core/abi/names';
import { reportData } from '../../report/data';
import { MAX_DIFF_DEPTH, structuralDiff } from '../../report/diff';
import { embeddableJson } from '../../report/html';
import { jsonText, MAX_INDENT_DEPTH } from '../../report/json-text';
import { findShapes } from '../../report/shapes';
import { callTree, counts, deepCallTreeJson, HOSTILE, prestate } from './fixtures';

const DEPTH = 10_000;
const deepTree = () => JSON.parse(deepCallTreeJson(DEPTH)) as unknown;

/** Frames in the chain `value` starts. */
function chainLength(value: unknown): number {
  let frame = value as { calls?: unknown[] };
  let count = 1;
  while (frame.calls) {
    frame = frame.calls[0] as { calls?: unknown[] };
    count++;
  }
  return count;
}

test('a 10,000-deep call tree is recognised, and its selectors collected', () => {
  const tree = deepTree() as { input: string; calls: unknown[] };
  const [found] = findShapes(tree);
  assert.ok(found.shape.kind === 'calls');
  assert.equal(found.shape.frameCount, DEPTH);
  // The deepest frame calls transfer: its name is embedded.
  let leaf = tree;
  while (leaf.calls) leaf = leaf.calls[0] as typeof tree;
  leaf.input = '0xa9059cbb';
  assert.deepEqual(
    Object.values(reportData({ title: 'deep', result: tree }, nameTable()).names.functions).map((fn) => fn.name),
    ['transfer'],
  );
});

test('the report data of a 10,000-deep tree embeds and parses back', () => {
  const data = reportData({ title: 'deep', result: deepTree() }, nameTable());
  const parsed = JSON.parse(embeddableJson(data)) as { main: { result: unknown } };
  assert.equal(chainLength(parsed.main.result), DEPTH);
});

test('structuralDiff of 10,000-deep trees: a difference below MAX_DIFF_DEPTH is one change at that depth', () => {
  const a = deepTree();
  const b = deepTree();
  assert.deepEqual(structuralDiff(a, b).entries, []);
  let leaf = b as { gasUsed: string; calls?: unknown[] };
  while (leaf.calls) leaf = leaf.calls[0] as typeof leaf;
  leaf.gasUsed = '0x1';
  const cut = `$${'.calls[0]'.repeat(MAX_DIFF_DEPTH / 2)}`;
  const diff = structuralDiff(a, b);
  assert.deepEqual(
    diff.entries.map((e) => [e.path, e.kind]),
    [[cut, 'changed']],
  );
  assert.equal(chainLength(diff.entries[0].before), DEPTH - MAX_DIFF_DEPTH / 2);
  // Above the cut every difference has its own path, in document order.
  const top = deepTree() as { gasUsed: string; calls: Array<{ type: string }> };
  top.gasUsed = '0x2';
  top.calls[0].type = 'STATICCALL';
  assert.deepEqual(
    structuralDiff(a, top).entries.map((e) => e.path),
    ['$.gasUsed', '$.calls[0].type'],
  );
});

test('jsonText: the same text as JSON.stringify, also for data too deep for it; indentation stops growing', () => {
  for (const value of [
    callTree(),
    counts(true),
    prestate(),
    [1, 'x', null, true, [], {}, [undefined]],
    { a: undefined, [HOSTILE]: '\u2028' },
    'text',
    5,
    null,
  ]) {
    for (const indent of [0, 2]) {
      assert.equal(jsonText(value, { indent }), JSON.stringify(value, null, indent));
      // The walk itself, as a limit past the end forces it.
      assert.equal(jsonText(value, { indent, limit: 1e9 }), JSON.stringify(value, null, indent));
    }
  }
  assert.equal(jsonText(undefined), 'null');
  const deep = deepTree();
  assert.throws(() => JSON.stringify(deep), RangeError);
  assert.equal(jsonText(deep), deepCallTreeJson(DEPTH));
  const pretty = jsonText(deep, { indent: 2 });
  assert.equal(chainLength(JSON.parse(pretty)), DEPTH);
  const widest = pretty.split('\n').reduce((most, line) => Math.max(most, line.length - line.trimStart().length), 0);
  assert.equal(widest, 2 * MAX_INDENT_DEPTH);
  assert.equal(jsonText(deep, { limit: 40 }), deepCallTreeJson(DEPTH).slice(0, 40));
});
