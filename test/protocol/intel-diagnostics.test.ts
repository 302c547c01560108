// The API-model checks over LSP (pushed diagnostics from dist/server.js): unknown members (also behind
// literal computed keys) and calls of methods that do not exist, strings where the node needs bytes,
// result() returning a host string, log.op compared with a string, ctx.gasPrice in fee arithmetic; and
// their absence on clean tracers, including the shipped examples.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { CodeAction, Diagnostic, Hover, TextEdit } from 'vscode-languageserver-protocol';
import { startServer, type TestClient } from '../support/lsp-client';

const OURS = new Set([
  'unknown-member',
  'unknown-method',
  'bytes-argument',
  'result-host-string',
  'op-string-compare',
  'bigint-strict-equals',
  'gas-price-tip',
]);

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

const messageOf = (d: Diagnostic | undefined) => (d === undefined ? '' : typeof d.message === 'string' ? d.message : d.message.value);

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
  const at = (code: string, needle: string) =>
    found.find(
      (d) =>
        d.code === code &&
        d.range.start.line === lineOf(BAD, needle) &&
        BAD.split('\n')[d.range.start.line].slice(d.range.start.character).startsWith(needle),
    );
  assert.match(messageOf(at('unknown-method', 'getOpcode')), /log\.op\.toString\(\)/);
  assert.match(messageOf(at('unknown-member', 'gasprice')), /did you mean 'gasPrice'\?/);
  assert.match(
    messageOf(at('bytes-argument', "'0x0000000000000000000000000000000000000001'")),
    /db\.getBalance .*invalid buffer type.*toAddress/,
  );
  assert.match(messageOf(at('bytes-argument', "'0x01'")), /toWord/);
  assert.match(messageOf(at('bytes-argument', "'0x1234'")), /^slice takes/);
  assert.match(messageOf(at('bytes-argument', "'0xabcdef'")), /^toHex takes/);
  assert.ok(at('bytes-argument', 'toHex(log.contract'), 'toHex of a toHex result is a string argument too');
  assert.match(messageOf(at('op-string-compare', 'log.op ==')), /log\.op\.toString\(\)/);
  assert.ok(at('op-string-compare', 'log.op)'), 'the string may be on the left');
  assert.match(messageOf(at('result-host-string', 'toHex(ctx.from)')), /\{\}/);
  assert.ok(at('result-host-string', 'ctx.error;'));
  assert.match(messageOf(at('bigint-strict-equals', 'log.stack.peek(0) === 0')), /always false\. Use log\.stack\.peek\(0\)\.equals\(0\)/);
  assert.equal(found.length, 12, found.map((d) => `${d.code}@${d.range.start.line}`).join(', '));
  // Calling what log lacks is a certain TypeError: an error; the rest are warnings.
  assert.deepEqual(
    found.filter((d) => d.severity === 1).map((d) => d.code),
    ['unknown-method'],
  );
  assert.ok(found.every((d) => d.severity === (d.code === 'unknown-method' ? 1 : 2)));
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
  const text =
    "{ fault: function () {}, result: function (ctx) { if (ctx.block) { return toHex([1, 2, 3]); } return toHex(ctx.from) + ''; } }";
  assert.deepEqual(await diagnose(text), []);
});

/** Information notes the examples are known to get: the prestate tracer (geth's legacy one) computes the
 * sender's fee as gasUsed × ctx.gasPrice, which is the tip since geth v1.15.0. */
const EXAMPLE_NOTES: Record<string, string[]> = { 'prestate.tracer.js': ['gas-price-tip@66'] };

test('the shipped example tracers produce no errors or warnings, and only the known notes', async (t) => {
  const files = existsSync('examples') ? readdirSync('examples').filter((f) => f.endsWith('.tracer.js')) : [];
  if (files.length === 0) return t.skip('SKIPPED: no examples/*.tracer.js yet');
  for (const file of files) {
    const all = await diagnose(readFileSync(`examples/${file}`, 'utf8'), () => true);
    assert.deepEqual(
      all.filter((d) => d.severity !== 3).map((d) => `${d.code}: ${d.message}`),
      [],
      file,
    );
    assert.deepEqual(
      all.filter((d) => d.severity === 3).map((d) => `${d.code}@${d.range.start.line}`),
      EXAMPLE_NOTES[file] ?? [],
      file,
    );
  }
});

test('quick fixes of the API warnings, and which ones fix-all applies', async () => {
  const text =
    "{ fault: function () {}, step: function (log, db) { if (log.op == 'SLOAD') { db.getBalance('0x01'); } }, result: function (ctx) { var v = ctx.gasprice + ctx.Gas; return toHex(ctx.from); } }";
  const { uri, diagnostics } = await diagnoseAt(text);
  const fixes = async (code: string) => {
    const diagnostic = diagnostics.find((d) => d.code === code)!;
    const actions = await client.connection.sendRequest<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: diagnostic.range,
      context: { diagnostics: [diagnostic], only: ['quickfix'] },
    });
    return actions.map((a) => ({
      title: a.title,
      preferred: a.isPreferred === true,
      newText: a.edit!.changes![uri].map((e: TextEdit) => e.newText).join('|'),
    }));
  };
  assert.deepEqual(await fixes('op-string-compare'), [{ title: 'Use log.op.toString()', preferred: true, newText: '.toString()' }]);
  assert.deepEqual(await fixes('bytes-argument'), [{ title: 'Wrap in toAddress(...)', preferred: false, newText: "toAddress('0x01')" }]);
  assert.deepEqual(await fixes('result-host-string'), [{ title: "Append + '' to return a JS string", preferred: true, newText: " + ''" }]);
  const renames = diagnostics.filter((d) => d.code === 'unknown-member');
  assert.equal(renames.length, 2);
  const fixAll = await client.connection.sendRequest<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri },
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    context: { diagnostics: [], only: ['source.fixAll.evm-tracer'] },
  });
  const edits = fixAll[0].edit!.changes![uri].map((e: TextEdit) => e.newText).sort();
  assert.deepEqual(edits, [" + ''", '.toString()', 'gas', 'gasPrice'].sort());
});

test('literal computed keys are checked like dotted names; the rename fix keeps the quotes', async () => {
  const text = `{
  step: function (log, db) {
    var pc = log['getPC']();
    var stack = log["stack"];
    var balance = db["getBalance"](log.contract.getAddress());
    var odd = log['getpc']();
  },
  fault: function (log, db) {},
  result: function (ctx, db) { return { time: ctx['time'], price: ctx['gasprice'] }; }
}
`;
  const { uri, diagnostics } = await diagnoseAt(text);
  assert.deepEqual(
    diagnostics.map((d) => `${d.code}@${d.range.start.line}:${d.range.start.character}`),
    ['unknown-method@5:18', 'unknown-member@8:50', 'unknown-member@8:70'],
  );
  assert.match(messageOf(diagnostics[1]), /'time' is not a member of ctx.*removed in geth v1\.11\.0/);
  const actions = await client.connection.sendRequest<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri },
    range: diagnostics[2].range,
    context: { diagnostics: [diagnostics[2]], only: ['quickfix'] },
  });
  assert.equal(actions[0].title, "Change to 'gasPrice'");
  assert.deepEqual(
    actions[0].edit!.changes![uri].map((e: TextEdit) => e.newText),
    ["'gasPrice'"],
  );
});

test('calling a method an API object lacks is an error with the near-miss fix; reading one stays a warning', async () => {
  const text = `{
  step: function (log, db) {
    var err = log.getCallError();
    if (log.getReturnData) { this.data = log.getReturnData(); }
    var used = log.getGass;
  },
  exit: function (res) { var used = res.getGasUsd(); },
  enter: function (frame) {},
  fault: function (log, db) {},
  result: function (ctx, db) { return ctx.gasUsed(); }
}
`;
  const { uri, diagnostics } = await diagnoseAt(text);
  assert.deepEqual(
    diagnostics.map((d) => `${d.code}:${d.severity}@${d.range.start.line}`),
    ['unknown-method:1@2', 'unknown-member:2@3', 'unknown-member:2@3', 'unknown-member:2@4', 'unknown-method:1@6', 'unknown-method:1@9'],
  );
  assert.equal(
    messageOf(diagnostics[0]),
    "'getCallError' is not a method of log: calling it throws TypeError (it is undefined on the node); did you mean 'getError'?",
  );
  assert.match(messageOf(diagnostics[4]), /^'getGasUsd' is not a method of res \(frameResult\).*did you mean 'getGasUsed'\?$/);
  assert.equal(
    messageOf(diagnostics[5]),
    "'gasUsed' is a property of ctx (of type number), not a method: calling it throws TypeError. Read it as ctx.gasUsed.",
  );
  const fixes = async (diagnostic: Diagnostic) =>
    (
      await client.connection.sendRequest<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri },
        range: diagnostic.range,
        context: { diagnostics: [diagnostic], only: ['quickfix'] },
      })
    ).map((a) => `${a.title} → ${a.edit!.changes![uri].map((e: TextEdit) => JSON.stringify(e.newText)).join(' ')}`);
  assert.deepEqual(await fixes(diagnostics[0]), ['Change to \'getError\' → "getError"']);
  assert.deepEqual(await fixes(diagnostics[3]), ['Change to \'getGas\' → "getGas"']);
  assert.deepEqual(await fixes(diagnostics[4]), ['Change to \'getGasUsed\' → "getGasUsed"']);
  assert.deepEqual(await fixes(diagnostics[5]), ['Use ctx.gasUsed without () → ""']);
});

test('ctx.gasPrice in fee arithmetic: an information note on the read, whose hover shows the text it quotes', async () => {
  const text = `{
  fault: function (log, db) {},
  result: function (ctx, db) {
    var fee = ctx.gasPrice.multiply(ctx.gasUsed);
    var after = db.getBalance(ctx.from).subtract(ctx.gasPrice);
    return { fee: fee.toString(), after: after.toString(), price: ctx.gasPrice.toString() };
  }
}
`;
  const { uri, diagnostics } = await diagnoseAt(text);
  assert.deepEqual(
    diagnostics.map((d) => `${d.code}:${d.severity}@${d.range.start.line}:${d.range.start.character}-${d.range.end.character}`),
    ['gas-price-tip:3@3:14-26', 'gas-price-tip:3@4:49-61'],
  );
  const hover = await client.connection.sendRequest<Hover | null>('textDocument/hover', {
    textDocument: { uri },
    position: { line: 3, character: 20 },
  });
  const markdown = (hover!.contents as { value: string }).value;
  const quoted = messageOf(diagnostics[0]).match(/From the hover of ctx\.gasPrice: "(.*)"/)![1];
  for (const sentence of quoted.split(/(?<=\.) /)) assert.ok(markdown.includes(sentence), `hover has: ${sentence}`);
  assert.match(quoted, /Since geth v1\.15\.0 this is the tip/);
});
