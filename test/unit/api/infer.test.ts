// What the inference knows about names in a parsed tracer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inferenceFor } from '../../../core/api/infer';
import { pathAt } from '../../../core/api/syntax';
import { parseTracer } from '../../../core/tracer/parse';

/** The inferred type of the expression that ends right before `|`. */
function typeBefore(marked: string): string {
  const offset = marked.indexOf('|');
  const tracer = parseTracer(marked.replace('|', ''), { ecmaVersion: 2017 });
  assert.ok(tracer.expression, 'test tracer must parse');
  const path = pathAt(tracer.expression, offset - 1);
  // The largest expression ending at the marker.
  const index = path.findIndex((n) => n.end === offset && /Expression$|Identifier/.test(n.type) && !/Function|Statement/.test(n.type));
  const type = inferenceFor(tracer).typeOf(path[index], path.slice(0, index));
  if (!type) return 'unknown';
  return type.kind === 'function'
    ? `fn ${type.member.name}`
    : type.kind === 'tracer'
      ? 'tracer'
      : type.name +
        (type.kind === 'value' && type.opcode ? ` (op ${type.opcode})` : '') +
        (type.kind === 'value' && type.hostString ? ' (host)' : '');
}

test('hook parameters by position, whatever their names', () => {
  assert.equal(typeBefore('{ step: function (a, b) { a|; } }'), 'log');
  assert.equal(typeBefore('{ step: function (a, b) { b|; } }'), 'db');
  assert.equal(typeBefore('{ fault: function (x) { x|; } }'), 'log');
  assert.equal(typeBefore('{ result: function (c, d) { c|; } }'), 'ctx');
  assert.equal(typeBefore('{ enter: function (f) { f|; } }'), 'callFrame');
  assert.equal(typeBefore('{ exit: function (r) { r|; } }'), 'frameResult');
  assert.equal(typeBefore('{ setup: function (cfg) { cfg|; } }'), 'string');
  assert.equal(typeBefore('{ helper: function (log) { log|; } }'), 'unknown');
});

test('members, calls, helpers and local variables', () => {
  assert.equal(typeBefore('{ step: function (l) { l.stack.peek(0)|; } }'), 'bigInt');
  assert.equal(typeBefore('{ step: function (l) { l.op.toString()|; } }'), 'string (op name)');
  assert.equal(typeBefore('{ step: function (l) { var n = l.op.toNumber(); n|; } }'), 'number (op number)');
  assert.equal(typeBefore('{ step: function (l) { var s = l.memory; s.slice(0, 1)|; } }'), 'Uint8Array');
  assert.equal(typeBefore('{ result: function (c) { toHex(c.from)|; } }'), 'string (host)');
  assert.equal(typeBefore('{ result: function (c) { c.error|; } }'), 'string (host)');
  assert.equal(typeBefore('{ step: function () { bigInt(1).add(2)|; } }'), 'bigInt');
  assert.equal(typeBefore('{ step: function () { toWord|; } }'), 'fn toWord');
});

test('this is the tracer in hooks and helper methods, not in nested functions; reassigned locals are not followed', () => {
  assert.equal(typeBefore('{ n: 0, step: function () { this|; } }'), 'tracer');
  assert.equal(typeBefore('{ n: 0, step: function () { this.n|; } }'), 'number');
  assert.equal(typeBefore('{ step: function () { [1].map(function () { return this|; }); } }'), 'unknown');
  assert.equal(typeBefore('{ step: function () { [1].map(() => this|); } }'), 'tracer');
  assert.equal(typeBefore('{ step: () => this| }'), 'unknown');
  assert.equal(typeBefore('{ step: function (l) { var s = l.stack; s = 1; s|; } }'), 'unknown');
});
