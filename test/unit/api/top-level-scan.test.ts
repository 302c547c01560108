// The character scan that finds the tracer's top-level members without parsing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isolate, memberAt, scanTopLevel } from '../../../core/api/top-level-scan';

test('members with their keys and whether they are functions, skipping strings, comments and regexes', () => {
  const text = `// header, with a comma { and a brace
{
  a: 'x,}', b: "y,{",
  /* c: 1, */ re: /,}/g, div: 4 / 2,
  list: [1, 2, { nested: 3 }],
  step: function (log) { if (x) { return ','; } },
  'quoted': 1,
  method(log) { return \`t,}\`; },
  arrow: (a) => a,
}`;
  const members = scanTopLevel(text)!;
  assert.deepEqual(
    members.map((m) => [m.name, m.callable]),
    [
      ['a', false],
      ['b', false],
      ['re', false],
      ['div', false],
      ['list', false],
      ['step', true],
      ['quoted', false],
      ['method', true],
      ['arrow', true],
      [undefined, false],
    ],
  );
  const step = members.find((m) => m.name === 'step')!;
  assert.equal(text.slice(step.start, step.end).trim(), "step: function (log) { if (x) { return ','; } }");
});

test('isolating a member keeps its offsets and parses as an object of that member alone', () => {
  const text = '{ a: 1, step: function (log) { log.op; }, b: 2 }';
  const members = scanTopLevel(text)!;
  const offset = text.indexOf('log.op') + 4;
  const member = memberAt(members, offset)!;
  assert.equal(member.name, 'step');
  const isolated = isolate(text, member);
  assert.equal(isolated.length, text.indexOf(', b') + 1); // up to the comma, plus the closing brace
  assert.equal(isolated.slice(offset - 4, offset + 2), 'log.op');
  assert.equal(isolated.trim(), '{ step: function (log) { log.op; }}');
});

test('unfinished text still gives the members so far; non-objects give undefined', () => {
  const members = scanTopLevel('{ a: 1, step: function (log) { if (log.')!;
  assert.deepEqual(
    members.map((m) => m.name),
    ['a', 'step'],
  );
  assert.equal(scanTopLevel('(function () { return {}; })()'), undefined);
});

test('plain literal values give the state type', () => {
  const members = scanTopLevel("{ n: 0x10, s: 'a,b', t: true, list: [], sum: 1 + 2, f: -1.5e3 }")!;
  assert.deepEqual(
    members.map((m) => [m.name, m.literal]),
    [
      ['n', 'number'],
      ['s', 'string'],
      ['t', 'boolean'],
      ['list', undefined],
      ['sum', undefined],
      ['f', 'number'],
    ],
  );
});

test('brackets left open or closed too often: the members after are found by their lines', () => {
  const open = `{
  step: function (log) {
    if (log.getDepth() > 1 {
      var x = [1, 2
  },
  'fault': function (log) {},
  result(ctx) { return ctx.gasUsed; }
}
`;
  const members = scanTopLevel(open)!;
  assert.deepEqual(
    members.map((m) => [m.name, m.callable]),
    [
      ['step', true],
      ['fault', true],
      ['result', true],
    ],
  );
  assert.equal(open.slice(members[0].start, members[0].end), open.slice(1, open.indexOf("  'fault'")));
  const stray = '{\n  count: 0,\n  step: function (log) {\n    }\n  }},\n  fault: function (log) {}\n}\n';
  assert.deepEqual(
    scanTopLevel(stray)!.map((m) => m.name),
    ['count', 'step', 'fault'],
  );
});

test('balanced brackets decide alone: a key-like line inside a nested object stays in its member', () => {
  const text = '{\n  step: function (log) {\n    var o = {\n  a: 1\n    };\n  },\n  fault: function () {}\n}\n';
  assert.deepEqual(
    scanTopLevel(text)!.map((m) => m.name),
    ['step', 'fault'],
  );
});
