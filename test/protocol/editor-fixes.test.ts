// Issue 15 §6 over LSP against dist/server.js: every diagnostic that names its remedy has it as a quick fix
// (let/const → var, getOpcode → op.toString()/op.toNumber(), console.* → remove the statement), tracer state
// used but never declared gets a warning and a fix that declares it, a line offers only its own fixes,
// and completion after `log.` holds with an unfinished statement above it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeAction, CompletionItem, Diagnostic, TextEdit } from 'vscode-languageserver-protocol';
import { applyTextEdits } from '../../core/tracer/edits';
import { startServer, type TestClient } from '../support/lsp-client';
import { complete } from '../support/intel-cursor';

let client: TestClient;
before(async () => {
  client = await startServer();
});
after(() => client.close());

let counter = 0;
async function diagnosticsOf(text: string): Promise<{ uri: string; diagnostics: Diagnostic[] }> {
  const uri = `file:///tmp/editor-fixes-${++counter}.tracer.js`;
  const pushed = client.nextDiagnostics(uri);
  await client.open(uri.slice('file:///tmp/'.length), text);
  return { uri, diagnostics: (await pushed).diagnostics };
}

async function quickFixes(uri: string, diagnostic: Diagnostic): Promise<CodeAction[]> {
  return client.connection.sendRequest<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri },
    range: diagnostic.range,
    context: { diagnostics: [diagnostic], only: ['quickfix'] },
  });
}

function applied(text: string, uri: string, action: CodeAction): string {
  return applyTextEdits(text, action.edit!.changes![uri] as TextEdit[]);
}

function tracer(stepBody: string, extra = ''): string {
  return `{\n${extra}  step: function (log, db) {\n${stepBody}\n  },\n  fault: function (log, db) {},\n  result: function (ctx, db) { return 1; }\n}\n`;
}

test("let and const: a quick fix changes the keyword to 'var', and the result is clean", async () => {
  const text = tracer('    let pc = log.getPC();\n    const op = log.op.toString();');
  const { uri, diagnostics } = await diagnosticsOf(text);
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.range.start.line]),
    [
      ['syntax', 2],
      ['syntax', 3],
    ],
  );
  let fixed = text;
  for (const diagnostic of diagnostics) {
    const titles = (await quickFixes(uri, diagnostic)).map((a) => a.title);
    assert.deepEqual(titles, [diagnostic.range.start.line === 2 ? "Change 'let' to 'var'" : "Change 'const' to 'var'"]);
  }
  // Applied one after the other (each fix's range is in the original text, and the two are on separate lines).
  for (const diagnostic of diagnostics.reverse()) fixed = applied(fixed, uri, (await quickFixes(uri, diagnostic))[0]);
  assert.equal(fixed, tracer('    var pc = log.getPC();\n    var op = log.op.toString();'));
  assert.deepEqual((await diagnosticsOf(fixed)).diagnostics, []);
});

test('getOpcode: two quick fixes, op.toString() and op.toNumber(), each giving a clean tracer', async () => {
  const text = tracer("    if (log.getOpcode() == 'CALL') {}");
  const { uri, diagnostics } = await diagnosticsOf(text);
  assert.deepEqual(
    diagnostics.map((d) => d.code),
    ['unknown-method'],
  );
  const actions = await quickFixes(uri, diagnostics[0]);
  assert.deepEqual(
    actions.map((a) => a.title),
    ['Use log.op.toString()', 'Use log.op.toNumber()'],
  );
  assert.equal(applied(text, uri, actions[0]), tracer("    if (log.op.toString() == 'CALL') {}"));
  assert.equal(applied(text, uri, actions[1]), tracer("    if (log.op.toNumber() == 'CALL') {}"));
  assert.deepEqual((await diagnosticsOf(applied(text, uri, actions[0]))).diagnostics, []);
});

test('console.log: the fix removes the statement with its line; one inside an unbraced if gets none', async () => {
  const text = tracer("    var pc = log.getPC();\n    console.log('pc', pc);\n    if (pc > 10) console.log(pc);");
  const { uri, diagnostics } = await diagnosticsOf(text);
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.range.start.line]),
    [
      ['undefined-global', 3],
      ['undefined-global', 4],
    ],
  );
  const [remove] = await quickFixes(uri, diagnostics[0]);
  assert.equal(remove.title, "Remove the statement console.log('pc', pc);");
  assert.equal(applied(text, uri, remove), tracer('    var pc = log.getPC();\n    if (pc > 10) console.log(pc);'));
  // Removing the body of an unbraced `if` would make the next statement its body.
  assert.deepEqual(await quickFixes(uri, diagnostics[1]), []);
});

test('undeclared tracer state: a warning at the first use, and a fix that declares it with a fitting value', async () => {
  const text = `{\n  calls: [],\n  enter: function (frame) { this.depth++; this.calls.push(this.depth); this.errors.push(1); },\n  exit: function (res) { this.depth--; },\n  fault: function (log, db) { this.note = 'x'; },\n  result: function (ctx, db) { return [this.calls, this.note]; }\n}\n`;
  const { uri, diagnostics } = await diagnosticsOf(text);
  // `calls` is declared, `note` assigned in fault: only depth and errors are reported, once each.
  assert.deepEqual(
    diagnostics.map((d) => [
      d.code,
      d.severity,
      text.split('\n')[d.range.start.line].slice(d.range.start.character, d.range.end.character),
    ]),
    [
      ['undeclared-state', 2, 'depth'],
      ['undeclared-state', 2, 'errors'],
    ],
  );
  assert.match(String(diagnostics[0].message), /'depth' is tracer state that the tracer object never declares.*NaN.*depth: 0/);
  const [declareDepth] = await quickFixes(uri, diagnostics[0]);
  const [declareErrors] = await quickFixes(uri, diagnostics[1]);
  assert.equal(declareDepth.title, "Declare 'depth: 0' in the tracer object");
  assert.equal(declareErrors.title, "Declare 'errors: []' in the tracer object");
  const fixed = applied(applied(text, uri, declareDepth), uri, declareErrors);
  // Both insert after the last member (the second fix's range is in the original text, so it lands first).
  assert.ok(fixed.endsWith('return [this.calls, this.note]; },\n  errors: [],\n  depth: 0\n}\n'), fixed);
  assert.deepEqual((await diagnosticsOf(fixed)).diagnostics, []);
});

test('a line with several problems offers each diagnostic only its own fixes', async () => {
  const text = tracer('    let o = log.getOpcode(); console.log(o); this.count++;');
  const { uri, diagnostics } = await diagnosticsOf(text);
  assert.deepEqual(
    diagnostics.map((d) => d.code),
    ['syntax', 'unknown-method', 'undefined-global', 'undeclared-state'],
  );
  const titles = await Promise.all(diagnostics.map(async (d) => (await quickFixes(uri, d)).map((a) => a.title)));
  assert.deepEqual(titles, [
    ["Change 'let' to 'var'"],
    ['Use log.op.toString()', 'Use log.op.toNumber()'],
    ['Remove the statement console.log(o);'],
    ["Declare 'count: 0' in the tracer object"],
  ]);
  // Each action names the one diagnostic it fixes.
  for (const d of diagnostics) for (const action of await quickFixes(uri, d)) assert.deepEqual(action.diagnostics, [d]);
});

const labels = (items: CompletionItem[]) => items.map((i) => i.label);

test('completion after log. with an unfinished statement above it in the same hook', async () => {
  const shapes = [
    '    var broken =\n    log.|',
    '    var broken =\n    var op = log.|\n    this.seen.push(op);',
    '    var broken =\n    if (log.|) {}',
    '    var broken = (\n    log.|',
    "    var broken = 'open\n    log.|",
  ];
  for (const shape of shapes) {
    const items = await complete(client, `unfinished-${++counter}.tracer.js`, tracer(shape, '  seen: [],\n'));
    for (const label of ['op', 'stack', 'getPC', 'getError'])
      assert.ok(labels(items).includes(label), `${label} missing after:\n${shape}\n(got ${labels(items).join(', ')})`);
  }
});
