// report/: shape recognition, the flat-list conversion, the structural diff, and HTML embedding.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addEntries, nameTable } from '../../core/abi/names';
import { eventFromSignature, functionFromSignature } from '../../core/abi/signature';
import { reportData } from '../../report/data';
import { callText, decodeFrame, decodeLog, revertText } from '../../report/decode';
import { structuralDiff } from '../../report/diff';
import { embeddableJson, reportHtml } from '../../report/html';
import { findShapes, type CallFrame } from '../../report/shapes';
import { aliasedMulticall, callTree, callWithInput, counts, flatCalls, HOSTILE, prestate } from './fixtures';

test('findShapes: a call tree, counts and a prestate diff in sub-objects; the root first', () => {
  assert.deepEqual(
    findShapes(callTree()).map((f) => [f.path, f.shape.kind]),
    [['$', 'calls']],
  );
  const found = findShapes({ tree: callTree(), ops: counts(), 'state diff': prestate(), note: 'x' });
  assert.deepEqual(
    found.map((f) => [f.path, f.shape.kind]),
    [
      ['$.tree', 'calls'],
      ['$.ops', 'counts'],
      ['$["state diff"]', 'prestate'],
    ],
  );
  const tree = found[0].shape;
  assert.ok(tree.kind === 'calls');
  assert.equal(tree.frameCount, 5);
  assert.equal(tree.root.calls[1].calls[0].error, 'execution reverted');
  assert.deepEqual(findShapes({ a: [1, 'x'], b: { c: 'not a number' } }), []);
  // A frame that does not fit (calls not an array) means no call tree.
  assert.deepEqual(
    findShapes({ ...callTree(), calls: 'x' }).map((f) => f.shape.kind),
    [],
  );
});

test('the flat (parity-style) list becomes the same tree', () => {
  const [found] = findShapes(flatCalls());
  assert.ok(found.shape.kind === 'calls');
  assert.equal(found.shape.flat, true);
  const root = found.shape.root;
  assert.deepEqual(
    [root.type, root.gasUsed, root.calls.map((c: CallFrame) => [c.type, c.gasUsed])],
    [
      'CALL',
      0x9000,
      [
        ['STATICCALL', 0x3000],
        ['CREATE', 0x2000],
      ],
    ],
  );
  // A traceAddress that skips a sibling is not a tree.
  const broken = flatCalls();
  broken[2].traceAddress = [3];
  assert.deepEqual(
    findShapes(broken).map((f) => f.shape.kind),
    [],
  );
});

test('decoding: built-in ERC-20 names, Error(string) revert data', () => {
  const [found] = findShapes(callTree());
  assert.ok(found.shape.kind === 'calls');
  const names = nameTable();
  const transfer = found.shape.root.calls[1];
  assert.deepEqual(
    decodeFrame(transfer, names).args?.map((a) => a.value),
    ['0x' + 'aa'.repeat(20), '1000'],
  );
  assert.equal(revertText(found.shape.root.calls[2], names), 'Insufficient balance');
});

test('decoding beyond the budget: calls, revert data and log data read "not decoded: too large"', () => {
  const input = aliasedMulticall(188_000);
  const frame = findShapes(callWithInput(input))[0].shape;
  assert.ok(frame.kind === 'calls');
  const decoded = decodeFrame(frame.root, nameTable());
  assert.deepEqual(decoded, { selector: '0xac9650d8', signature: 'multicall(bytes[])', name: 'multicall', tooLarge: true });
  assert.equal(callText(decoded), 'multicall(not decoded: too large)');
  // The same data as a custom error's and as an event's arguments.
  const names = addEntries(nameTable(), [
    { ...functionFromSignature('Boom(bytes[])'), kind: 'error' },
    eventFromSignature('Batch(bytes[])'),
  ]);
  const data = `0x${input.slice(10)}`;
  const boom = Object.keys(names.errors).find((selector) => names.errors[selector].name === 'Boom') as string;
  assert.equal(
    revertText({ ...frame.root, error: 'execution reverted', output: boom + data.slice(2) }, names),
    'Boom(not decoded: too large)',
  );
  const topic = Object.keys(names.events).find((t) => names.events[t][0].name === 'Batch') as string;
  assert.equal(callText(decodeLog({ topics: [topic], data }, names)), 'Batch(not decoded: too large)');
});

test('structuralDiff lists added, removed and changed paths', () => {
  const diff = structuralDiff({ a: 1, b: [1, 2], c: { d: 'x' } }, { a: 2, b: [1], c: { d: 'x', e: null } });
  assert.deepEqual(diff.entries, [
    { path: '$.a', kind: 'changed', before: 1, after: 2 },
    { path: '$.b[1]', kind: 'removed', before: 2 },
    { path: '$.c.e', kind: 'added', after: null },
  ]);
  assert.equal(structuralDiff({ x: 1 }, [1]).entries[0].kind, 'changed');
  assert.equal(
    structuralDiff(
      Array.from({ length: 10 }, (_, i) => i),
      [],
      4,
    ).truncated,
    6,
  );
});

test('embedded data cannot close its element or open markup', () => {
  const json = embeddableJson({ text: HOSTILE, line: '\u2028' });
  assert.doesNotMatch(json, /[<>&\u2028]/);
  assert.deepEqual(JSON.parse(json), { text: HOSTILE, line: '\u2028' });
  const html = reportHtml(reportData({ title: HOSTILE, result: { reason: HOSTILE } }, nameTable()), { script: 'void 0', style: 'body{}' });
  assert.equal(html.split('</script>').length, 3); // the data element's and the script's own
  assert.doesNotMatch(html, /<img/);
  assert.match(
    html,
    /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'sha256-[^']+'; style-src 'sha256-[^']+'/,
  );
  assert.throws(
    () => reportHtml(reportData({ title: 't', result: 1 }, nameTable()), { script: 'a="</script>"', style: '' }),
    /closing tag/,
  );
});
