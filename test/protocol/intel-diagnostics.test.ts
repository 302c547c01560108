// The API-model warnings over LSP (pushed diagnostics from dist/server.js): unknown members, strings where
// the node needs bytes, result() returning a host string, log.op compared with a string; and their
// absence on clean tracers, including the shipped examples.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-protocol';
import { startServer, type TestClient } from '../support/lsp-client';

const OURS = new Set(['unknown-member', 'bytes-argument', 'result-host-string', 'op-string-compare', 'bigint-strict-equals']);

let client: TestClient;
before(async () => {
  client = await startServer();
});
after(() => client.close());

let counter = 0;
async function diagnoseAt(text: string, keep = (code: string) => OURS.has(code)): Promise<{ uri: string; diagnostics: Diagnostic[] }> {
  const name = `diag-${++counter}.tracer.js`;
  const uri = `file:///tmp/${name}`;
  const pushed = client.nextDiagnostics(uri);
  await client.open(name, text);
  return { uri, diagnostics: (await pushed).diagnostics.filter((d) => keep(String(d.code))) };
}

async function diagnose(text: string, keep?: (code: string) => boolean): Promise<Diagnostic[]> {
  return (await diagnoseAt(text, keep)).diagnostics;
}

const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length - 1;

const BAD = `{
  step: function (log, db) {
    var name = log.getOpcode();
    var bal = db.getBalance('0x0000000000000000000000000000000000000001');
    var word = db.getState(log.contract.getAddress(), '0x01');
    var cut = slice('0x1234', 0, 1);
    if (log.op == 'CALL') { this.calls++; }
    if ('SLOAD' !== log.op) { this.other++; }
    var ok = toHex(toHex(log.contract.getAddress()));
    if (log.stack.peek(0) === 0) { this.zero++; }
  },
  fault: function (log, db) {},
  result: function (ctx, db) {
    var fee = ctx.gasprice;
    var hex = toHex('0xabcdef');
    if (ctx.error) { return ctx.error; }
    return toHex(ctx.from);
  }
}
`;

test('each misuse gets its warning at the right place', async () => {
  const found = await diagnose(BAD);
  const messageOf = (d: Diagnostic | undefined) => (d === undefined ? '' : typeof d.message === 'string' ? d.message : d.message.value);
  const at = (code: string, needle: string) =>
    found.find((d) => d.code === code && d.range.start.line === lineOf(BAD, needle) && BAD.split('\n')[d.range.start.line].slice(d.range.start.character).startsWith(needle));
  assert.match(messageOf(at('unknown-member', 'getOpcode')), /log\.op\.toString\(\)/);
  assert.match(messageOf(at('unknown-member', 'gasprice')), /did you mean 'gasPrice'\?/);
  assert.match(messageOf(at('bytes-argument', "'0x0000000000000000000000000000000000000001'")), /db\.getBalance .*invalid buffer type.*toAddress/);
  assert.match(messageOf(at('bytes-argument', "'0x01'")), /toWord/);
  assert.match(messageOf(at('bytes-argument', "'0x1234'")), /^slice takes/);
  assert.match(messageOf(at('bytes-argument', "'0xabcdef'")), /^toHex takes/);
  assert.ok(at('bytes-argument', 'toHex(log.contract'), 'toHex of a toHex result is a string argument too');
  assert.match(messageOf(at('op-string-compare', 'log.op ==')), /log\.op\.toString\(\)/);
  assert.ok(at('op-string-compare', "log.op)"), 'the string may be on the left');
  assert.match(messageOf(at('result-host-string', 'toHex(ctx.from)')), /\{\}/);
  assert.ok(at('result-host-string', 'ctx.error;'));
  assert.match(messageOf(at('bigint-strict-equals', 'log.stack.peek(0) === 0')), /always false\. Use log\.stack\.peek\(0\)\.equals\(0\)/);
  assert.equal(found.length, 12, found.map((d) => `${d.code}@${d.range.start.line}`).join(', '));
  assert.ok(found.every((d) => d.severity === 2));
});

const CLEAN = `{
  calls: 0,
  depths: [],
  config: {},
  setup: function (cfg) { this.config = JSON.parse(cfg); },
  step: function (log, db) {
    var op = log.op.toString();
    var stack = log.stack;
    if (log.op.isPush() || log.op.toNumber() === 0x5f) { this.calls += 0; }
    if (op === 'CALL' && stack.length() > 1) {
      var to = toAddress(stack.peek(1).toString(16));
      var balance = db.getBalance(to).add(log.contract.getValue()).toString(16);
      var code = db.getCode(to);
      var nonce = db.getNonce(to) + 1;
      var word = db.getState(log.contract.getAddress(), toWord(stack.peek(0).toString(16)));
      var exists = db.exists(to) && isPrecompiled(to);
      this.depths.push({ pc: log.getPC(), gas: log.getGas(), cost: log.getCost(), depth: log.getDepth(), refund: log.getRefund(),
        mem: toHex(log.memory.slice(0, 32)), len: log.memory.length(), input: toHex(slice(log.contract.getInput(), 0, 4)),
        caller: toHex(log.contract.getCaller()), balance: balance, code: code.length, nonce: nonce, word: toHex(word), exists: exists });
    }
    if (log.getError()) { this.calls -= 1; }
    if (op === 'MLOAD' && log.memory.length() >= 32) { this.last = log.memory.getUint(0).toJSNumber(); }
  },
  enter: function (frame) {
    var value = frame.getValue();
    this.depths.push({ type: frame.getType(), from: toHex(frame.getFrom()), to: toHex(frame.getTo()), input: toHex(frame.getInput()), gas: frame.getGas(), value: value === undefined ? '0' : value.toString() });
  },
  exit: function (res) { this.depths.push({ used: res.getGasUsed(), out: toHex(res.getOutput()), error: res.getError() }); },
  fault: function (log, db) { this.calls = log.getError() ? this.calls : 0; },
  result: function (ctx, db) {
    ctx.note = 'added';
    var created = toContract(ctx.from, 0);
    var created2 = toContract2(ctx.from, '0x00', ctx.input);
    return { type: ctx.type, from: toHex(ctx.from), to: toHex(ctx.to), input: toHex(ctx.input), value: ctx.value, gas: ctx.gas,
      price: ctx.gasPrice.toString(), block: ctx.block, coinbase: toHex(ctx.coinbase), used: ctx.gasUsed, output: toHex(ctx.output),
      error: ctx.error, hash: ctx.txHash ? toHex(ctx.txHash) : null, index: ctx.txIndex, blockHash: ctx.blockHash, note: ctx.note,
      zero: bigInt(0).equals(0) && ctx.value == 0 && ctx.gas === 0,
      created: toHex(created) + '', created2: toHex(created2), short: toHex([1, 2]), big: bigInt(ctx.gasUsed).multiply(2).isZero(),
      keys: Object.keys(ctx).length, calls: this.calls, depths: this.depths, hasOwn: ctx.hasOwnProperty('error') };
  }
}
`;

test('a tracer using every member correctly gets none of these warnings', async () => {
  assert.deepEqual(await diagnose(CLEAN), []);
});

test('returning toHex(...) + "" or toHex of a short literal from result is fine', async () => {
  const text = "{ fault: function () {}, result: function (ctx) { if (ctx.block) { return toHex([1, 2, 3]); } return toHex(ctx.from) + ''; } }";
  assert.deepEqual(await diagnose(text), []);
});

test('the shipped example tracers produce no diagnostics at all', async (t) => {
  const files = existsSync('examples') ? readdirSync('examples').filter((f) => f.endsWith('.tracer.js')) : [];
  if (files.length === 0) return t.skip('SKIPPED: no examples/*.tracer.js yet');
  for (const file of files) {
    const all = await diagnose(readFileSync(`examples/${file}`, 'utf8'), () => true);
    assert.deepEqual(all.map((d) => `${d.code}: ${d.message}`), [], file);
  }
});

test('quick fixes of the API warnings, and which ones fix-all applies', async () => {
  const text = "{ fault: function () {}, step: function (log, db) { if (log.op == 'SLOAD') { db.getBalance('0x01'); } }, result: function (ctx) { var v = ctx.gasprice + ctx.Gas; return toHex(ctx.from); } }";
  const { uri, diagnostics } = await diagnoseAt(text);
  const fixes = async (code: string) => {
    const diagnostic = diagnostics.find((d) => d.code === code)!;
    const actions = await client.connection.sendRequest<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: diagnostic.range, context: { diagnostics: [diagnostic], only: ['quickfix'] } });
    return actions.map((a) => ({ title: a.title, preferred: a.isPreferred === true, newText: a.edit!.changes![uri].map((e: TextEdit) => e.newText).join('|') }));
  };
  assert.deepEqual(await fixes('op-string-compare'), [{ title: 'Use log.op.toString()', preferred: true, newText: '.toString()' }]);
  assert.deepEqual(await fixes('bytes-argument'), [{ title: 'Wrap in toAddress(...)', preferred: false, newText: "toAddress('0x01')" }]);
  assert.deepEqual(await fixes('result-host-string'), [{ title: "Append + '' to return a JS string", preferred: true, newText: " + ''" }]);
  const renames = diagnostics.filter((d) => d.code === 'unknown-member');
  assert.equal(renames.length, 2);
  const fixAll = await client.connection.sendRequest<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [], only: ['source.fixAll.evm-tracer'] } });
  const edits = fixAll[0].edit!.changes![uri].map((e: TextEdit) => e.newText).sort();
  assert.deepEqual(edits, [" + ''", '.toString()', 'gas', 'gasPrice'].sort());
});
