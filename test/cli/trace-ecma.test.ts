// `evm-tracer trace` and `replay` flatten the tracer at the target node's ECMAScript level: an ES2017
// tracer (const, let, arrow functions, template literals) is refused at the default ES5.1 before any node
// starts, and runs on the local node with --ecma 2017, with lint.ecmaVersion in evm-tracer.config.json, or
// on a named node whose own ecmaVersion is 2017.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { LocalNode } from '../../core/local-node-launcher';
import { flattenTracer } from '../../core/tracer/flatten';
import { startNode } from '../runtime/node-helpers';
import { runCli } from '../support/run-cli';

const dir = mkdtempSync(join(tmpdir(), 'evm-tracer-ecma-'));
const tracer = join(dir, 'modern.tracer.js');
const call = JSON.stringify({ from: '0x0000000000000000000000000000000000000000', data: '0x6001600052', gas: '0x30d40' });
const expected = 'PUSH1=2,MSTORE=1,STOP=1';
let node: LocalNode;

const run = (args: string[], cwd = dir) => runCli(args, { cwd });

/** A project folder holding `config` as its evm-tracer.config.json. */
function project(name: string, config: unknown): string {
  const folder = join(dir, name);
  mkdirSync(folder);
  writeFileSync(join(folder, 'evm-tracer.config.json'), JSON.stringify(config));
  return folder;
}

function assertRefusedAtEs5(
  result: { status: number | null; stdout: string; stderr: string },
  source: string,
  command = 'evm-tracer',
): void {
  assert.equal(result.status, 1, result.stderr);
  assert.equal(result.stdout, '');
  const lines = result.stderr.trimEnd().split('\n');
  assert.equal(lines[0], `${command}: the tracer cannot be flattened at ES5.1 (${source}):`);
  // One line per later feature, each at its place in the file, with its ES5 form and the way to target ES2017.
  assert.deepEqual(
    lines.slice(1).map((line) =>
      line
        .match(/modern\.tracer\.js:(\d+:\d+): ES2015 syntax \(([^)]+)\)/)
        ?.slice(1, 3)
        .join(' '),
    ),
    ["4:5 'const' declarations", "5:5 'let' declarations", "10:5 'const' declarations", '10:48 arrow functions', '10:55 template literals'],
  );
  for (const line of lines.slice(1)) assert.match(line, /target ES2017: --ecma 2017, or ecmaVersion 2017 for the node/);
}

before(async () => {
  writeFileSync(
    tracer,
    [
      '{',
      '  counts: {},',
      '  step: function (log) {',
      '    const name = log.op.toString();',
      '    let seen = this.counts[name] || 0;',
      '    this.counts[name] = seen + 1;',
      '  },',
      '  fault: function (log) {},',
      '  result: function () {',
      '    const names = Object.keys(this.counts).map((n) => `${n}=${this.counts[n]}`);',
      "    return names.join(',');",
      '  }',
      '}',
      '',
    ].join('\n'),
  );
  node = await startNode();
});
after(async () => {
  await node.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('at the default ES5.1 an ES2017 tracer is refused with each feature, its ES5 form and how to target ES2017', async () => {
  assertRefusedAtEs5(await run(['trace', 'call', '--call', call, '--tracer', tracer]), 'the default');
  assertRefusedAtEs5(await run(['trace', 'tx', `0x${'ab'.repeat(32)}`, '--tracer', tracer, '--ecma', '5']), '--ecma');
});

test('--ecma 2017 sends it to the local node, which runs it', async () => {
  const traced = await run(['trace', 'call', '--call', call, '--tracer', tracer, '--ecma', '2017']);
  assert.equal(traced.status, 0, traced.stderr);
  assert.equal(JSON.parse(traced.stdout), expected);
  const wrong = await run(['trace', 'call', '--call', call, '--tracer', tracer, '--ecma', '2020']);
  assert.equal(wrong.status, 2);
  assert.match(wrong.stderr, /^evm-tracer trace: --ecma: ecmaVersion must be 5 or 2017 \(got "2020"\)\n\nusage:/);
});

test("lint.ecmaVersion in the project's evm-tracer.config.json sets the level", async () => {
  const folder = project('lint-2017', { lint: { ecmaVersion: 2017 } });
  const traced = await run(['trace', 'call', '--call', call, '--tracer', tracer], folder);
  assert.equal(traced.status, 0, traced.stderr);
  assert.equal(JSON.parse(traced.stdout), expected);
  // --ecma wins over the file.
  assertRefusedAtEs5(await run(['trace', 'call', '--call', call, '--tracer', tracer, '--ecma', '5'], folder), '--ecma');
});

test("a named node's ecmaVersion wins for that node over lint.ecmaVersion", async () => {
  const folder = project('nodes', {
    lint: { ecmaVersion: 5 },
    nodes: { geth: { url: node.url, ecmaVersion: 2017 }, provider: { url: node.url, ecmaVersion: 5 }, plain: { url: node.url } },
  });
  const traced = await run(['trace', 'call', '--call', call, '--tracer', tracer, '--endpoint', 'geth'], folder);
  assert.equal(traced.status, 0, traced.stderr);
  assert.equal(JSON.parse(traced.stdout), expected);
  assertRefusedAtEs5(
    await run(['trace', 'call', '--call', call, '--tracer', tracer, '--endpoint', 'plain'], folder),
    'lint.ecmaVersion in evm-tracer.config.json',
  );
  const other = project('nodes-lint-2017', { lint: { ecmaVersion: 2017 }, nodes: { provider: { url: node.url, ecmaVersion: 5 } } });
  assertRefusedAtEs5(
    await run(['trace', 'call', '--call', call, '--tracer', tracer, '--endpoint', 'provider'], other),
    "node 'provider' in evm-tracer.config.json",
  );
  const bad = project('nodes-bad', { nodes: { geth: { url: node.url, ecmaVersion: 6 } } });
  const refused = await run(['trace', 'call', '--call', call, '--tracer', tracer, '--endpoint', 'geth'], bad);
  assert.equal(refused.status, 1);
  assert.match(refused.stderr, /evm-tracer\.config\.json: nodes\.geth: ecmaVersion must be 5 or 2017 \(got 6\)/);
});

test("flatten takes the level the same way: --ecma, the --endpoint node's ecmaVersion, lint.ecmaVersion", async () => {
  const folder = project('flatten-nodes', {
    lint: { ecmaVersion: 5 },
    nodes: { geth: { url: node.url, ecmaVersion: 2017 }, provider: { url: node.url } },
  });
  const flat = await run(['flatten', tracer, '--endpoint', 'geth'], folder);
  assert.equal(flat.status, 0, flat.stderr);
  const expectedFlat = flattenTracer(readFileSync(tracer, 'utf8'), { ecmaVersion: 2017 });
  assert.ok(expectedFlat.ok);
  assert.equal(flat.stdout, `${expectedFlat.code}\n`);
  for (const args of [['--endpoint', 'provider'], ['--endpoint', 'geth', '--ecma', '5'], []]) {
    const refused = await run(['flatten', tracer, ...args], folder);
    assert.equal(refused.status, 1, args.join(' '));
    assert.equal(refused.stdout, '');
    assert.match(refused.stderr, /^\S*modern\.tracer\.js:4:5 error syntax ES2015 syntax \('const' declarations\)/, args.join(' '));
  }
  const unknown = await run(['flatten', tracer, '--endpoint', 'nowhere'], folder);
  assert.equal(unknown.status, 1);
  assert.match(unknown.stderr, /nowhere/);
});

const conformance = resolve(process.env.EVM_TRACER_CONFORMANCE ?? join(__dirname, '..', '..', '..', 'shared', 'conformance'));
const fixture = join(conformance, 'call_tracer_legacy', 'simple.json');

test('replay checks the tracer at the level: refused at 5, accepted at 2017 (--ecma or lint.ecmaVersion)', async () => {
  const empty = join(dir, 'empty-fixture.json');
  writeFileSync(empty, '{}');
  assertRefusedAtEs5(await run(['replay', empty, '--tracer', tracer]), 'the default', 'evm-tracer replay');
  // At 2017 the tracer passes the check; the fixture is what fails then.
  const checked = await run(['replay', empty, '--tracer', tracer, '--ecma', '2017']);
  assert.equal(checked.status, 1);
  assert.doesNotMatch(checked.stderr, /cannot be flattened/);
  assert.match(checked.stderr, /^evm-tracer replay: .*empty-fixture\.json: genesis: expected an object/);
  const folder = project('replay-lint', { lint: { ecmaVersion: 2017 } });
  const fromFile = await run(['replay', empty, '--tracer', tracer, '--config-file', join(folder, 'evm-tracer.config.json')]);
  assert.match(fromFile.stderr, /^evm-tracer replay: .*empty-fixture\.json: genesis: expected an object/);
  const fromCwd = await run(['replay', empty, '--tracer', tracer], folder);
  assert.match(fromCwd.stderr, /^evm-tracer replay: .*empty-fixture\.json: genesis: expected an object/);
});

test(
  'replay runs an ES2017 tracer on a geth fixture at --ecma 2017, as its ES5 twin at 5',
  { skip: !existsSync(fixture) && `conformance fixtures not found at ${conformance}` },
  async () => {
    const es5 = join(dir, 'es5.tracer.js');
    writeFileSync(
      es5,
      readFileSync(tracer, 'utf8')
        .replace(/\b(const|let) /g, 'var ')
        .replace('map((n) => `${n}=${this.counts[n]}`)', "map(function (n) { return n + '=' + this.counts[n]; }, this)"),
    );
    const modern = await run(['replay', fixture, '--tracer', tracer, '--ecma', '2017']);
    assert.equal(modern.status, 0, modern.stderr);
    assert.match(JSON.parse(modern.stdout) as string, /^PUSH1=\d+,.*CALL=1,/);
    const classic = await run(['replay', fixture, '--tracer', es5]);
    assert.equal(classic.status, 0, classic.stderr);
    assert.equal(modern.stdout, classic.stdout);
  },
);
