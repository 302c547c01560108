// Checks the API model against the lists in the geth tracer spec, parsed at test time, so a spec edit
// that the model misses shows up here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { apiObject, findHelper, findHook, findMember, helpers, hooks, opcodeByName, opcodes } from '../../../core/api/model';
import type { ObjectTypeName } from '../../../core/api/model';

const specPath = '../shared/spec/geth-js-tracers.md';
const spec = existsSync(specPath) ? readFileSync(specPath, 'utf8') : undefined;

function section(heading: string): string {
  const text = spec!;
  const start = text.indexOf(`\n${heading}`);
  assert.ok(start >= 0, `spec has no section ${heading}`);
  const next = text.slice(start + 1).search(/\n##+ /);
  return next < 0 ? text.slice(start) : text.slice(start, start + 1 + next);
}

function tableRows(text: string): string[][] {
  return text
    .split('\n')
    .filter((l) => l.startsWith('|') && !/^\|[-| ]+\|$/.test(l))
    .slice(1) // header
    .map((l) =>
      l
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
}

/** `a`, `b()` → names without call parentheses. */
function codeNames(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1].replace(/\(.*$/, ''));
}

function expectedType(text: string): string | undefined {
  for (const t of ['Uint8Array', 'bigInt', 'boolean', 'string']) if (text.includes(t)) return t;
  return /\bnumbers?\b/.test(text) ? 'number' : undefined;
}

const guard = (t: { skip(reason: string): void }): boolean => {
  if (spec) return true;
  t.skip(`SKIPPED: spec not found at ${specPath}`);
  return false;
};

test('log members of spec §3.1 are in the model with their return types', (t) => {
  if (!guard(t)) return;
  const rows = tableRows(section('### 3.1'));
  assert.ok(rows.length >= 10);
  for (const [member, returns] of rows) {
    for (const path of codeNames(member)) {
      const parts = path.replace(/^log\./, '').split('.');
      const owner = (parts.length === 2 ? parts[0] : 'log') as ObjectTypeName;
      const found = findMember(owner, parts[parts.length - 1]);
      assert.ok(found, `model lacks ${path}`);
      const type = expectedType(returns.split(/[:.]/)[0]);
      if (type && parts[parts.length - 1] !== 'toNumber' && owner !== 'log') assert.equal(found.returns, type, path);
    }
  }
  assert.equal(findMember('log', 'getError')?.orUndefined, true);
});

test('db methods of spec §3.2 reject strings in the model', (t) => {
  if (!guard(t)) return;
  const rows = tableRows(section('### 3.2'));
  assert.equal(rows.length, 5);
  for (const [method, returns] of rows) {
    const found = findMember('db', codeNames(method)[0]);
    assert.ok(found, `model lacks db.${method}`);
    assert.equal(found.returns, expectedType(returns), method);
    assert.ok(
      found.params?.every((p) => p.bytesOnly),
      `${method} params must be bytes-only`,
    );
  }
});

test('ctx fields of spec §3.3 with types and presence', (t) => {
  if (!guard(t)) return;
  const rows = tableRows(section('### 3.3'));
  assert.equal(rows.length, 15);
  for (const [name, type, present] of rows) {
    const found = findMember('ctx', codeNames(name)[0]);
    assert.ok(found, `model lacks ctx.${name}`);
    assert.equal(found.returns, expectedType(type), name);
    assert.equal(found.presence === 'always', present === 'always', `${name} presence`);
  }
  assert.equal(apiObject('ctx').members.length, rows.length, 'no ctx fields beyond the spec');
  assert.equal(findMember('ctx', 'time'), undefined);
});

test('callFrame and frameResult getters of spec §3.4/§3.5', (t) => {
  if (!guard(t)) return;
  for (const [heading, owner] of [
    ['### 3.4', 'callFrame'],
    ['### 3.5', 'frameResult'],
  ] as const) {
    const bullets = section(heading)
      .split('\n')
      .filter((l) => l.startsWith('- `'));
    const names = bullets.flatMap((b) => codeNames(b.split(':')[0]));
    assert.deepEqual(
      names.sort(),
      apiObject(owner)
        .members.map((m) => m.name)
        .sort(),
      owner,
    );
    for (const b of bullets) {
      const type = expectedType(b.split(':').slice(1).join(':'));
      for (const n of codeNames(b.split(':')[0])) if (type) assert.equal(findMember(owner, n)?.returns, type, n);
    }
  }
});

test('helpers of spec §3.6 with bytes-only arguments', (t) => {
  if (!guard(t)) return;
  const rows = tableRows(section('### 3.6'));
  assert.deepEqual(rows.map((r) => codeNames(r[0])[0]).sort(), helpers.map((h) => h.name).sort());
  for (const [helper, accepts] of rows) {
    const found = findHelper(codeNames(helper)[0])!;
    assert.equal(found.params?.[0].bytesOnly === true, /buffer only/.test(accepts), `${helper} first parameter`);
  }
});

test('bigInt methods of spec §3.7', (t) => {
  if (!guard(t)) return;
  const line = section('### 3.7')
    .split('\n')
    .find((l) => l.startsWith('- Methods:'))!;
  const names = codeNames(line.split('Also')[0]);
  assert.ok(names.length >= 20);
  for (const n of names) assert.ok(findMember('bigInt', n), `model lacks bigInt ${n}`);
  assert.ok(findHelper('bigInt'));
});

test('hook parameters of spec §1.3', (t) => {
  if (!guard(t)) return;
  const params = section('### 1.3').split('Parameters:')[1].split('Globals:')[0];
  const sigs = [...params.matchAll(/`(\w+)\(([^)]*)\)`/g)];
  assert.deepEqual(sigs.map((s) => s[1]).sort(), hooks.map((h) => h.name).sort());
  for (const [, name, list] of sigs) assert.equal(findHook(name)!.params.length, list.split(',').length, name);
  assert.equal(findHook('result')!.required, 'yes');
  assert.equal(findHook('fault')!.required, 'yes');
  assert.equal(findHook('enter')!.required, 'pair');
});

test('opcode names of spec §9', (t) => {
  if (!guard(t)) return;
  const names = codeNames(section('## 9'))
    .flatMap((n) => n.split('/'))
    .filter((n) => /^[A-Z0-9]+$/.test(n));
  assert.ok(names.length >= 10);
  for (const n of names) assert.ok(opcodeByName(n), `model lacks opcode ${n}`);
  assert.equal(opcodeByName('DIFFICULTY')!.code, 0x44);
  assert.equal(opcodeByName('KECCAK256')!.code, 0x20);
  assert.equal(opcodeByName('PREVRANDAO'), undefined);
  assert.equal(new Set(opcodes.map((o) => o.code)).size, opcodes.length, 'one name per byte');
});
