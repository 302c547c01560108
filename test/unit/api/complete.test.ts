// The completion decisions without a server: hook skeletons (which the extension's snippets usually
// cover), the placeholder recovery on unparsable text, and what is not offered.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { completionsAt } from '../../../core/api/complete';
import { analyzeTracer } from '../../../core/tracer/analyze';
import { signatureAt } from '../../../core/api/signature-info';

function at(marked: string, options = {}) {
  const offset = marked.indexOf('|');
  return completionsAt(marked.slice(0, offset) + marked.slice(offset + 1), offset, options);
}

test('top-level keys offer the hooks not yet defined, each as a whole skeleton', () => {
  const items = at('{\n  step: function (log, db) {},\n  |\n}');
  assert.deepEqual(items.map((i) => i.label).sort(), ['enter', 'exit', 'fault', 'result', 'setup']);
  const result = items.find((i) => i.label === 'result')!;
  assert.equal(result.snippet, true);
  assert.equal(result.insertText, 'result: function (ctx, db) {\n    return {};$0\n  },');
  assert.equal(at('{\n\tst|\n}').find((i) => i.label === 'step')!.insertText, 'step: function (log, db) {\n\t\t$0\n\t},');
});

/** The text after accepting `label` at the marked cursor (placeholders dropped), as an editor applies it. */
function accept(marked: string, label: string): string {
  const offset = marked.indexOf('|');
  const text = marked.slice(0, offset) + marked.slice(offset + 1);
  const item = completionsAt(text, offset).find((i) => i.label === label);
  assert.ok(item, `no completion '${label}' in ${JSON.stringify(marked)}`);
  const edits = [{ ...item.replace, newText: item.insertText.replace('$0', '') }, ...(item.additionalEdits ?? [])].sort(
    (a, b) => b.start - a.start,
  );
  return edits.reduce((result, edit) => result.slice(0, edit.start) + edit.newText + result.slice(edit.end), text);
}

const FAULT = 'fault: function (log, db) {}';
const RESULT = 'result: function (ctx, db) { return 1; }';

test('a hook accepted before, between or after members leaves a tracer that lints clean, whatever commas were there', () => {
  const cases = [
    `{\n  st|\n  ${FAULT},\n  ${RESULT}\n}`,
    `{\n  ${FAULT},\n  st|\n  ${RESULT}\n}`,
    `{\n  ${FAULT},\n  ${RESULT}\n  st|\n}`,
    `{\n  ${FAULT},\n  ${RESULT},\n  st|\n}`,
    `{\n  ${FAULT},\n  ${RESULT} // the last one\n  st|\n}`,
    `{ ${FAULT}, ${RESULT} st| }`,
    `{ ${FAULT}, st|, ${RESULT} }`,
    `var tracer = {\n  ${FAULT},\n  ${RESULT}\n  st|\n};`,
  ];
  for (const marked of cases) {
    const text = accept(marked, 'step');
    const problems = analyzeTracer(text, { ecmaVersion: 5, severities: { comment: 'off', 'not-object': 'off' } });
    assert.deepEqual(
      problems.map((d) => d.message),
      [],
      text,
    );
    assert.match(text, /step: function \(log, db\) \{/, text);
  }
});

test('the hooks the object has are not offered again, also while a comma is missing', () => {
  const labels = at(`{\n  ${RESULT}\n  |\n  ${FAULT}\n}`)
    .map((i) => i.label)
    .sort();
  assert.deepEqual(labels, ['enter', 'exit', 'setup', 'step']);
});

test('enter and exit come as a pair while the object has neither; the other one alone once one is there', () => {
  const both = accept(`{\n  ${FAULT},\n  ${RESULT},\n  en|\n}`, 'enter');
  assert.match(both, /enter: function \(frame\) \{[\s\S]*\},\n  exit: function \(res\) \{\},\n\}$/);
  assert.deepEqual(analyzeTracer(both, { ecmaVersion: 5 }), []);
  const exit = accept(`{\n  ${FAULT},\n  ${RESULT},\n  enter: function (frame) {}\n  ex|\n}`, 'exit');
  assert.deepEqual(
    analyzeTracer(exit, { ecmaVersion: 5 }).map((d) => d.message),
    [],
    exit,
  );
  assert.equal(exit.match(/enter:/g)?.length, 1);
});

test('hooks covered by snippet prefixes are left to the snippets', () => {
  const items = at('{\n  |\n}', { snippetPrefixes: new Set(['step', 'fault', 'result']) });
  assert.deepEqual(items.map((i) => i.label).sort(), ['enter', 'exit', 'setup']);
});

test('the word being typed is what an item replaces', () => {
  const text = '{ step: function (log) { log.sta| } }';
  const item = at(text).find((i) => i.label === 'stack')!;
  assert.deepEqual(item.replace, { start: text.indexOf('sta'), end: text.indexOf('|') });
});

test('text broken after or before the cursor: the receiver is still known, and nothing is made up', () => {
  assert.ok(at('{ step: function (log) { log.| } }, , ,').some((i) => i.label === 'stack'));
  assert.ok(at('{ step: function (log) { , log.| } }').some((i) => i.label === 'stack'));
  assert.deepEqual(at('{ step: function (log) { var log2 = 1; log2.| } }'), []);
  assert.deepEqual(at('{ step: function (log) { var log2 = ; log2.| } }'), []);
});

test('a parameter shadowing a hook parameter hides its type', () => {
  assert.deepEqual(at('{ step: function (log) { [1].forEach(function (log) { log.| }); } }'), []);
  assert.ok(at('{ step: function (log) { [1].forEach(function (x) { log.| }); } }').some((i) => i.label === 'stack'));
});

test('completing in the middle of a word still sees the receiver', () => {
  assert.ok(at('{ fault: function () {}, result: function (ctx) { return ctx.|gasUsed; } }').some((i) => i.label === 'gasPrice'));
});

test('opcode names while the string is still unterminated', () => {
  for (const quote of ["'", '"']) {
    const items = at(`{ step: function (log) {\n  if (log.op.toString() === ${quote}CA|\n`);
    assert.ok(
      items.some((i) => i.label === 'CALL'),
      quote,
    );
  }
});

test('a string left open on an earlier line does not stop completion on later lines', () => {
  assert.ok(at("{ step: function (log) {\n    var s = 'oops\n    log.| } }").some((i) => i.label === 'stack'));
  assert.ok(at('{ step: function (log) {\n    var s = "oops\n    var t = \'again\n    log.stack.| } }').some((i) => i.label === 'peek'));
});

test('many strings left open: completion stays linear (it re-read the text once per quote, seconds and GBs)', () => {
  const lines = Array.from({ length: 800 }, (_, i) => `    var s${i} = 'oops ${i}\n`).join('');
  const started = process.cpuUsage();
  const items = at(`{\n  step: function (log) {\n${lines}    log.|\n  }\n}\n`);
  const { user, system } = process.cpuUsage(started);
  const took = (user + system) / 1000;
  assert.ok(items.some((i) => i.label === 'stack'));
  // CPU time, which a busy machine does not inflate; the bound the language server's tests hold it to.
  assert.ok(took < 500, `${Math.round(took)} ms of CPU`);
  assert.deepEqual(at("'\n|"), []);
  assert.equal(signatureAt("'\n", 2), undefined);
});

test('a tokenizer error next to a quote that is not an open string does not stop completion', () => {
  // `\"` after a name: acorn expects a \u escape and stops at the quote.
  assert.ok(at('{ step: function (log) { var a = b\\"c\n    log.| } }').some((i) => i.label === 'stack'));
});
