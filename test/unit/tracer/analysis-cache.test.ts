// The server's per-document cache: one parse per document version, shared by every feature.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { forgetDocument, getAnalysis, getParsed } from '../../../server/analysis-cache';

test('getParsed parses each version once; getAnalysis reuses that parse', async () => {
  const document = TextDocument.create('file:///tmp/cache.tracer.js', 'evm-tracer', 1, '{ result: function () {}, fault: function () {} }');
  const first = await getParsed(document);
  assert.equal(await getParsed(document), first);
  const analysis = await getAnalysis(document);
  assert.equal(analysis.parsed, first);
  assert.deepEqual(analysis.diagnostics, []);
  assert.equal(await getAnalysis(document), analysis);

  TextDocument.update(document, [{ text: '{ result: function () {} }' }], 2);
  const second = await getParsed(document);
  assert.notEqual(second, first);
  const changed = await getAnalysis(document);
  assert.notEqual(changed.resultId, analysis.resultId);
  assert.deepEqual(
    changed.diagnostics.map((d) => d.code),
    ['missing-fault'],
  );

  forgetDocument(document.uri);
  assert.notEqual(await getParsed(document), second);
});
