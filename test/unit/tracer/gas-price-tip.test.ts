// `gas-price-tip`: ctx.gasPrice (the tip since geth v1.15.0) in fee arithmetic is an information note on
// the ctx.gasPrice read, quoting the model's hover text; other uses of ctx.gasPrice are not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findMember } from '../../../core/api/model';
import type { TracerDiagnostic } from '../../../core/tracer/diagnostic';
import { lint } from './support';

/** The gas-price-tip notes of a result hook body, each as the text of its range. */
function notes(body: string): { texts: string[]; found: TracerDiagnostic[] } {
  const text = `{\n  fault: function (log, db) {},\n  result: function (ctx, db) {\n    ${body}\n  }\n}\n`;
  const found = lint(text, 2017).filter((d) => d.code === 'gas-price-tip');
  const line = text.split('\n')[3];
  return { texts: found.map((d) => line.slice(d.range.start.character, d.range.end.character)), found };
}

test('ctx.gasPrice multiplied by the gas used or the gas limit', () => {
  for (const body of [
    'return ctx.gasPrice.multiply(ctx.gasUsed);',
    'return ctx.gasPrice.times(ctx.gas);',
    'return ctx.gasUsed * ctx.gasPrice;',
    "return bigInt(ctx.gasUsed).multiply(ctx['gasPrice']);",
    'var used = ctx.gasUsed; return ctx.gasPrice.multiply(used);',
  ]) {
    const { texts, found } = notes(body);
    assert.equal(texts.length, 1, body);
    assert.match(texts[0], /^ctx(\.gasPrice|\['gasPrice'\])$/, body);
    assert.equal(found[0].severity, 'information');
  }
});

test('the note sits on the variable that carries ctx.gasPrice, and quotes the hover text of ctx.gasPrice', () => {
  const { texts, found } = notes('var price = ctx.gasPrice; return price.multiply(ctx.gasUsed);');
  assert.deepEqual(texts, ['price']);
  const member = findMember('ctx', 'gasPrice')!;
  const hover = [member.description, ...(member.pitfalls ?? [])].join(' ');
  assert.ok(hover.includes('geth v1.15.0'), 'the model says since when');
  assert.equal(
    found[0].message,
    `price (ctx.gasPrice) in fee arithmetic. From the hover of ctx.gasPrice: "${hover}" Times gas it is the priority fee (what the coinbase earns); the sender paid (base fee + tip) × gas used, the base fee being burnt.`,
  );
});

test('ctx.gasPrice, or a product of it, added to or subtracted from a db.getBalance result', () => {
  const cases: Array<[string, string[]]> = [
    ['return db.getBalance(ctx.from).add(ctx.gasPrice);', ['ctx.gasPrice']],
    ['return db.getBalance(ctx.from).subtract(ctx.gasPrice.multiply(this.used));', ['ctx.gasPrice']],
    ['var before = db.getBalance(ctx.from); return before.plus(2 * ctx.gasPrice);', ['ctx.gasPrice']],
    ['return db.getBalance(ctx.to) - ctx.gasPrice;', ['ctx.gasPrice']],
    // Both patterns at once give one note.
    ['return db.getBalance(ctx.from).minus(ctx.gasPrice.multiply(ctx.gasUsed));', ['ctx.gasPrice']],
  ];
  for (const [body, expected] of cases) {
    const { texts, found } = notes(body);
    assert.deepEqual(texts, expected, body);
    assert.match(found[0].message, /in fee arithmetic\. From the hover of ctx\.gasPrice: ".*"/, body);
  }
  assert.match(notes('return db.getBalance(ctx.from).add(ctx.gasPrice);').found[0].message, /leaves out the base fee the sender also paid/);
});

test('other uses of ctx.gasPrice get no note', () => {
  for (const body of [
    'return ctx.gasPrice.toString();',
    'return { price: ctx.gasPrice, used: ctx.gasUsed };',
    'return ctx.gasPrice.multiply(2);',
    'return ctx.gasPrice.add(ctx.gasUsed);',
    'return ctx.value.add(ctx.gasPrice);',
    'return db.getBalance(ctx.from).add(ctx.value);',
    'return ctx.gasPrice.toString() + ctx.gasUsed;',
    'var p = ctx.gasPrice; p = bigInt(1); return p.multiply(ctx.gasUsed);',
    'return this.gasPrice * ctx.gasUsed;',
  ]) {
    assert.deepEqual(notes(body).texts, [], body);
  }
});
