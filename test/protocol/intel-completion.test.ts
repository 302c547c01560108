// Completion over LSP against dist/server.js: members after each trigger, globals, hook skeletons,
// opcode names and numbers, and nothing for receivers the model does not know.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CompletionItem } from 'vscode-languageserver-protocol';
import { startServer, type TestClient } from '../support/lsp-client';
import { snippetPrefixes as readSnippetPrefixes } from '../../server/features/completion';
import { complete } from '../support/intel-cursor';

const snippetPrefixes = () => readSnippetPrefixes('snippets');

let client: TestClient;
before(async () => {
  client = await startServer({ textDocument: { completion: { completionItem: { snippetSupport: true } } } });
});
after(() => client.close());

const labels = (items: CompletionItem[]) => items.map((i) => i.label);

function tracer(stepBody: string, extra = ''): string {
  return `{
  count: 0,
  seen: [],
  record: function (x) { this.seen.push(x); },
  step: function (l, d) {
    ${stepBody}
  },
  fault: function (log, db) {},
  ${extra}
  result: function (c, store) { return this.seen; }
}
`;
}

const memberCases: Array<[string, string, string[], string[]]> = [
  [
    'log.',
    tracer('l.|'),
    ['op', 'stack', 'memory', 'contract', 'getPC', 'getGas', 'getCost', 'getDepth', 'getRefund', 'getError'],
    ['getOpcode', 'peek', 'getBalance'],
  ],
  ['log.op.', tracer('if (l.op.|)'), ['toNumber', 'toString', 'isPush'], ['peek', 'getPC']],
  ['log.stack.', tracer('var top = l.stack.|'), ['peek', 'length'], ['slice', 'op']],
  ['log.memory.', tracer('l.memory.|'), ['slice', 'getUint', 'length'], ['peek']],
  ['log.contract.', tracer('l.contract.|'), ['getAddress', 'getCaller', 'getValue', 'getInput'], ['getTo']],
  ['db. (named d)', tracer('d.|'), ['getBalance', 'getNonce', 'getCode', 'getState', 'exists'], ['getStorage', 'op']],
  ['this.', tracer('this.|'), ['count', 'seen', 'record', 'step', 'result'], ['op', 'getBalance']],
  ['bigInt(...).', tracer('var v = bigInt(5).|'), ['add', 'subtract', 'multiply', 'toString', 'equals', 'isZero'], ['getPC']],
  ['log.stack.peek(0).', tracer('l.stack.peek(0).|'), ['add', 'shiftRight', 'toJSNumber'], ['peek']],
  ['local variable flow', tracer('var s = l.stack;\n    s.|'), ['peek', 'length'], ['op']],
  ['bigInt.', tracer('bigInt.|'), ['isInstance'], ['add']],
];

for (const [name, text, present, absent] of memberCases) {
  test(`completion after ${name}`, async () => {
    const items = await complete(client, `${name}.tracer.js`, text);
    for (const label of present) assert.ok(labels(items).includes(label), `${label} missing from ${labels(items).join(', ')}`);
    for (const label of absent) assert.ok(!labels(items).includes(label), `${label} must not be offered`);
  });
}

test('completion after ctx. and db. in result, whatever the parameters are called', async () => {
  const ctxItems = await complete(client, 'ctx.tracer.js', '{ fault: function () {}, result: function (c, store) { return c.|; } }');
  for (const label of [
    'type',
    'from',
    'to',
    'input',
    'value',
    'gas',
    'gasPrice',
    'block',
    'coinbase',
    'gasUsed',
    'output',
    'error',
    'blockHash',
    'txIndex',
    'txHash',
  ]) {
    assert.ok(labels(ctxItems).includes(label), label);
  }
  assert.ok(!labels(ctxItems).includes('time'));
  const gasPrice = ctxItems.find((i) => i.label === 'gasPrice')!;
  assert.match(JSON.stringify(gasPrice.documentation), /effective tip/);
  const dbItems = await complete(client, 'db.tracer.js', '{ fault: function () {}, result: function (c, store) { return store.|; } }');
  assert.ok(labels(dbItems).includes('getBalance'));
});

test('completion after frame. in enter and res. in exit', async () => {
  const text = '{ fault: function () {}, result: function () { return 1; }, enter: function (f) { f.| }, exit: function (r) { r.$ } }';
  const frame = await complete(client, 'frame.tracer.js', text.replace('$', ''));
  assert.deepEqual(labels(frame).sort(), ['getFrom', 'getGas', 'getInput', 'getTo', 'getType', 'getValue']);
  const res = await complete(client, 'res.tracer.js', text.replace('f.|', '').replace('$', '|'));
  assert.deepEqual(labels(res).sort(), ['getError', 'getGasUsed', 'getOutput']);
});

test('completion works while the line is incomplete (unclosed call and block)', async () => {
  const items = await complete(client, 'partial.tracer.js', '{\n  step: function (log, db) {\n    if (toHex(log.contract.|\n');
  assert.ok(labels(items).includes('getAddress'));
});

test('globals and hook parameters at an expression position', async () => {
  const items = await complete(client, 'globals.tracer.js', tracer('var x = |'));
  for (const label of ['toHex', 'toWord', 'toAddress', 'toContract', 'toContract2', 'isPrecompiled', 'slice', 'bigInt', 'l', 'd']) {
    assert.ok(labels(items).includes(label), label);
  }
  assert.equal(items.find((i) => i.label === 'l')!.detail, '(parameter) l: log');
  assert.ok(!labels(items).includes('console'));
});

test('hook names at the top level: the hooks not yet defined, each a whole hook (the snippets insert whole tracers only)', async () => {
  const items = await complete(client, 'hooks.tracer.js', '{\n  step: function (log, db) {},\n  |\n}');
  const hooks = ['step', 'fault', 'result', 'enter', 'exit', 'setup'];
  assert.deepEqual(
    labels(items)
      .filter((l) => hooks.includes(l))
      .sort(),
    ['enter', 'exit', 'fault', 'result', 'setup'],
  );
  const fault = items.find((i) => i.label === 'fault')!;
  assert.equal(fault.insertTextFormat, 2);
  assert.equal((fault.textEdit as { newText: string }).newText, 'fault: function (log, db) {\n    $0\n  },');
});

test('opcode names inside log.op.toString() comparisons, opcode numbers after toNumber()', async () => {
  const names = await complete(client, 'opnames.tracer.js', tracer("if (l.op.toString() === 'C|') {}"));
  for (const label of [
    'CALL',
    'KECCAK256',
    'DIFFICULTY',
    'PUSH0',
    'TLOAD',
    'TSTORE',
    'MCOPY',
    'BLOBHASH',
    'BLOBBASEFEE',
    'CLZ',
    'SELFDESTRUCT',
  ]) {
    assert.ok(labels(names).includes(label), label);
  }
  assert.ok(!labels(names).includes('PREVRANDAO'));
  assert.ok(!labels(names).includes('SHA3'));
  assert.equal(names.find((i) => i.label === 'CALL')!.detail, '0xf1');
  const viaVariable = await complete(
    client,
    'opvar.tracer.js',
    tracer("var name = l.op.toString();\n    switch (name) { case '|': break; }"),
  );
  assert.ok(labels(viaVariable).includes('STATICCALL'));
  const numbers = await complete(client, 'opnumbers.tracer.js', tracer('if (l.op.toNumber() == |) {}'));
  const call = numbers.find((i) => i.label === '0xf1');
  assert.equal(call?.detail, 'CALL');
  assert.equal(numbers.find((i) => i.label === '0x44')?.detail, 'DIFFICULTY');
  const numberVariable = await complete(
    client,
    'opnumvar.tracer.js',
    tracer('var code = l.op.toNumber();\n    switch (code) { case |: break; }'),
  );
  assert.equal(numberVariable.find((i) => i.label === '0xfa')?.detail, 'STATICCALL');
  const plain = await complete(client, 'plainstring.tracer.js', tracer("var s = 'C|';"));
  assert.deepEqual(plain, []);
});

test('nothing for unknown receivers and for the setup config string', async () => {
  assert.deepEqual(await complete(client, 'unknown.tracer.js', tracer('foo.|')), []);
  assert.deepEqual(
    await complete(client, 'setup.tracer.js', '{ setup: function (cfg) { cfg.| }, fault: function () {}, result: function () {} }'),
    [],
  );
});

test('completions do not duplicate the snippets in snippets/', async (t) => {
  const prefixes = snippetPrefixes();
  if (prefixes.size === 0) return t.skip('SKIPPED: no snippets/*.code-snippets yet');
  const topLevel = await complete(client, 'snip1.tracer.js', '{\n  |\n}');
  const expression = await complete(client, 'snip2.tracer.js', tracer('|'));
  for (const item of [...topLevel, ...expression]) assert.ok(!prefixes.has(item.label), `completion ${item.label} duplicates a snippet`);
});
