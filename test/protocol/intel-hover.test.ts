// Hover, signature help, document symbols, folding and selection ranges over LSP against dist/server.js.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { DocumentSymbol, FoldingRange, Hover, Position, SelectionRange, SignatureHelp } from 'vscode-languageserver-protocol';
import { startServer, type TestClient } from '../support/lsp-client';
import { openAt } from '../support/intel-cursor';

let client: TestClient;
before(async () => {
  client = await startServer();
});
after(() => client.close());

const TRACER = `{
  calls: 0,
  tally: function (name) { this.calls++; },
  step: function (l, d) {
    var top = l.stack.peek(0);
    var bal = d.getBalance(l.contract.getAddress());
    if (l.op.toString() === 'CALL') { this.tally('CALL'); }
    switch (l.op.toString()) { case 'SLOAD': break; }
  },
  fault: function (log, db) {},
  result: function (c, store) {
    return { price: c.gasPrice, hash: c.blockHash, from: toHex(c.from) };
  }
}
`;

/** Hover at the first occurrence of `needle` (offset `into` characters inside it). */
async function hoverAt(needle: string, into = 1): Promise<string> {
  const offset = TRACER.indexOf(needle) + into;
  assert.ok(offset > into - 1, `${needle} not in tracer`);
  const marked = TRACER.slice(0, offset) + '|' + TRACER.slice(offset);
  const { uri, position } = await openAt(client, `hover-${needle.replace(/\W/g, '')}.tracer.js`, marked);
  const hover = await client.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri }, position });
  return hover ? (hover.contents as { value: string }).value : '';
}

test('hover on log.stack.peek shows signature, type and the uncatchable-error pitfall', async () => {
  const text = await hoverAt('peek(0)');
  assert.match(text, /log\.stack\.peek\(i: number\): bigInt/);
  assert.match(text, /out of bound stack/);
  assert.match(text, /try\/catch does not catch/);
});

test('hover on db.getBalance (parameter named d) warns about string addresses', async () => {
  const text = await hoverAt('getBalance');
  assert.match(text, /db\.getBalance\(addr: Uint8Array \| Array\): bigInt/);
  assert.match(text, /invalid buffer type/);
});

test('hover on ctx fields gives type and presence', async () => {
  assert.match(await hoverAt('gasPrice'), /ctx\.gasPrice: bigInt[\s\S]*effective tip/);
  assert.match(await hoverAt('blockHash'), /ctx\.blockHash: Uint8Array \| undefined[\s\S]*Present traceTransaction/);
});

test('hover on a helper, a hook, a hook parameter, this and an opcode name', async () => {
  const toHex = await hoverAt('toHex(c.from)');
  assert.match(toHex, /toHex\(buf: Uint8Array \| Array\): string/);
  assert.match(toHex, /serialises|gives \{\}/);
  const result = await hoverAt('result:');
  assert.match(result, /\(hook\) result\(ctx: ctx, db: db\)/);
  assert.match(result, /Required\./);
  assert.match(await hoverAt('l, d)'), /\(parameter\) l: log/);
  assert.match(await hoverAt('this.calls'), /tracer object/);
  assert.match(await hoverAt('calls++', 0), /\(tracer state\) calls: number/);
  assert.match(await hoverAt("tally('CALL')", 0), /\(tracer method\) tally/);
  assert.match(await hoverAt("'CALL')"), /CALL = 0xf1 \(241\)/);
  assert.match(await hoverAt("'SLOAD'"), /SLOAD = 0x54 \(84\)/);
});

test('no hover on plain user code', async () => {
  assert.equal(await hoverAt('top ='), '');
  assert.equal(await hoverAt('tally:'), '');
  assert.equal(await hoverAt('name)'), '');
});

async function signature(marked: string, name: string): Promise<SignatureHelp | null> {
  const { uri, position } = await openAt(client, name, marked);
  return client.connection.sendRequest<SignatureHelp | null>('textDocument/signatureHelp', { textDocument: { uri }, position });
}

test('signature help in helpers and API methods, with the active parameter', async () => {
  const base = (body: string) => `{ fault: function () {}, result: function (ctx, db) { ${body} } }`;
  const hex = await signature(base('return toHex(|'), 'sig1.tracer.js');
  assert.equal(hex?.signatures[0].label, 'toHex(buf: Uint8Array | Array): string');
  assert.equal(hex?.activeParameter, 0);
  const state = await signature(base('var v = db.getState(ctx.to, |);'), 'sig2.tracer.js');
  assert.equal(state?.signatures[0].label, 'db.getState(addr: Uint8Array | Array, slot: Uint8Array | Array): Uint8Array');
  assert.equal(state?.activeParameter, 1);
  const label = state!.signatures[0].label;
  const [from, to] = state!.signatures[0].parameters![1].label as [number, number];
  assert.equal(label.slice(from, to), 'slot: Uint8Array | Array');
  const create2 = await signature(base('var a = toContract2(ctx.from, |'), 'sig3.tracer.js');
  assert.equal(create2?.activeParameter, 1);
  assert.match(JSON.stringify(create2?.signatures[0].documentation), /parsed as hex/);
  const slice = await signature(
    '{ fault: function () {}, result: function () {}, step: function (log) { var m = log.memory.slice(0, |) } }',
    'sig4.tracer.js',
  );
  assert.equal(slice?.signatures[0].label, 'log.memory.slice(start: number, end: number): Uint8Array');
  assert.equal(slice?.activeParameter, 1);
  const big = await signature(base('var n = bigInt(|'), 'sig5.tracer.js');
  assert.match(big!.signatures[0].label, /^bigInt\(x: number \| string \| bigInt, radix\?: number\): bigInt$/);
  assert.equal(await signature(base('var n = Math.max(|'), 'sig6.tracer.js'), null);
});

async function request<T>(method: string, name: string, text: string, extra: Record<string, unknown> = {}): Promise<T> {
  const uri = await client.open(name, text);
  return client.connection.sendRequest<T>(method, { textDocument: { uri }, ...extra });
}

test('document symbols list hooks, helper methods and state', async () => {
  const symbols = await request<DocumentSymbol[]>('textDocument/documentSymbol', 'symbols.tracer.js', TRACER);
  assert.deepEqual(
    symbols.map((s) => [s.name, s.detail]),
    [
      ['calls', 'state'],
      ['tally', 'helper method'],
      ['step', 'hook step(log: log, db: db)'],
      ['fault', 'hook fault(log: log, db: db)'],
      ['result', 'hook result(ctx: ctx, db: db)'],
    ],
  );
  assert.deepEqual(symbols[2].range, { start: { line: 3, character: 2 }, end: { line: 8, character: 3 } });
  assert.deepEqual(symbols[2].selectionRange, { start: { line: 3, character: 2 }, end: { line: 3, character: 6 } });
});

test('the outline survives an unfinished edit (from the top-level scan)', async () => {
  const broken = TRACER.replace('var top = l.stack.peek(0);', 'var top = l.stack.');
  const symbols = await request<DocumentSymbol[]>('textDocument/documentSymbol', 'symbols-broken.tracer.js', broken);
  assert.deepEqual(
    symbols.map((s) => s.name),
    ['calls', 'tally', 'step', 'fault', 'result'],
  );
  assert.deepEqual(symbols[2].selectionRange, { start: { line: 3, character: 2 }, end: { line: 3, character: 6 } });
  assert.equal(symbols[2].range.end.line, 8);
});

test('folding ranges cover the object, the hooks and multi-line block comments', async () => {
  const text = `/*\n * a tracer\n */\n${TRACER}`;
  const ranges = await request<FoldingRange[]>('textDocument/foldingRange', 'folding.tracer.js', text);
  const lines = ranges.map((r) => `${r.startLine}-${r.endLine}${r.kind ? ` ${r.kind}` : ''}`);
  assert.ok(lines.includes('0-2 comment'), lines.join(', '));
  assert.ok(lines.includes('3-15'), lines.join(', ')); // the tracer object, its closing line visible
  assert.ok(lines.includes('6-10'), lines.join(', ')); // step's body
  assert.ok(lines.includes('13-14'), lines.join(', ')); // result's body
});

test('selection ranges grow from the word to the whole tracer', async () => {
  const position: Position = { line: 4, character: 20 }; // in "stack" of l.stack.peek(0)
  const [range] = await request<SelectionRange[]>('textDocument/selectionRange', 'select.tracer.js', TRACER, { positions: [position] });
  const chain: string[] = [];
  for (let link: SelectionRange | undefined = range; link; link = link.parent) {
    const { start, end } = link.range;
    chain.push(`${start.line}:${start.character}-${end.line}:${end.character}`);
  }
  assert.equal(chain[0], '4:16-4:21');
  assert.equal(chain[1], '4:14-4:21'); // l.stack
  assert.equal(chain[chain.length - 1], '0:0-13:1');
});
