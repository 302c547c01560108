// The function index: which functions surround a node and which function's own body holds it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { functionIndex } from '../../../core/api/functions';
import type { AnyNode } from '../../../core/api/syntax';
import { nodesOfType, parseTracer } from '../../../core/tracer/parse';

function parsed(text: string) {
  const tracer = parseTracer(text, { ecmaVersion: 2017 });
  assert.ok(tracer.expression, 'test tracer must parse');
  return tracer;
}

/** The node of `type` that starts where `needle` does. */
function nodeAt(tracer: ReturnType<typeof parsed>, type: string, needle: string): AnyNode {
  const start = tracer.text.indexOf(needle);
  const node = nodesOfType<AnyNode>(tracer, type).find((n) => n.start === start);
  assert.ok(node, `no ${type} at ${needle}`);
  return node;
}

/** The source of each function around the node, outermost first, cut to its first 12 characters. */
function around(tracer: ReturnType<typeof parsed>, node: AnyNode): string[] {
  return functionIndex(tracer)
    .around(node)
    .map((fn) => tracer.text.slice(fn.start, fn.start + 12));
}

test('functions around a node: nested functions outermost first, none outside them', () => {
  const tracer = parsed('{ a: 1 + x.y, step: function (log) { var f = function () { log.op; }; log.pc; }, fault: function () {} }');
  assert.deepEqual(around(tracer, nodeAt(tracer, 'MemberExpression', 'x.y')), []);
  assert.deepEqual(around(tracer, nodeAt(tracer, 'MemberExpression', 'log.op')), ['function (lo', 'function () ']);
  assert.deepEqual(around(tracer, nodeAt(tracer, 'MemberExpression', 'log.pc')), ['function (lo']);
});

test('a function called where it is written does not surround its call', () => {
  const tracer = parsed('{ a: function () { return 1; }(), result: function () {}, fault: function () {} }');
  assert.deepEqual(around(tracer, nodeAt(tracer, 'CallExpression', 'function () { return 1; }()')), []);
  assert.deepEqual(around(tracer, nodeAt(tracer, 'ReturnStatement', 'return 1')), ['function () ']);
});

test('the owning function: its body outside nested functions, not its parameters or expression body', () => {
  const tracer = parsed('{ step: function (log) { var a = 1; function g() { var b = 2; } }, h: (x = y = 1) => z = 2 }');
  const step = nodeAt(tracer, 'FunctionExpression', 'function (log)');
  const g = nodeAt(tracer, 'FunctionDeclaration', 'function g');
  const index = functionIndex(tracer);
  assert.equal(index.ownerOf(nodeAt(tracer, 'VariableDeclarator', 'a = 1')), step);
  assert.equal(index.ownerOf(g), step, 'a declared function belongs to the function around it');
  assert.equal(index.ownerOf(nodeAt(tracer, 'VariableDeclarator', 'b = 2')), g);
  assert.equal(index.ownerOf(nodeAt(tracer, 'AssignmentExpression', 'y = 1')), undefined, 'a default value is not in the body');
  assert.equal(index.ownerOf(nodeAt(tracer, 'AssignmentExpression', 'z = 2')), undefined, 'the expression body itself');
});
