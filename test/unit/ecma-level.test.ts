// Which ECMAScript level a tracer is checked and flattened at: the command's --ecma, else the target node's
// own level, else the configured default, else ES5.1; in the editor and on the command line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../../cli/command-line';
import { commandEcmaLevel } from '../../cli/ecma-option';
import { chooseEcmaLevel, editorNodeLevel, LOCAL_NODE_NAME } from '../../core/ecma-level';
import { analyzeTracer } from '../../core/tracer/analyze';

test('chooseEcmaLevel: explicit, then the node, then the configured default, then ES5.1', () => {
  const explicit = { ecmaVersion: 5 as const, source: '--ecma' };
  const node = { ecmaVersion: 2017 as const, source: 'node' };
  const configured = { ecmaVersion: 5 as const, source: 'lint.ecmaVersion' };
  assert.deepEqual(chooseEcmaLevel({ explicit, node, configured }), { ecmaVersion: 5, source: '--ecma' });
  assert.deepEqual(chooseEcmaLevel({ node, configured }), { ecmaVersion: 2017, source: 'node' });
  assert.deepEqual(chooseEcmaLevel({ node: { source: 'node' }, configured }), { ecmaVersion: 5, source: 'lint.ecmaVersion' });
  assert.deepEqual(chooseEcmaLevel({ node: { source: 'node' }, configured: { source: 'lint.ecmaVersion' } }), {
    ecmaVersion: 5,
    source: 'the default',
  });
});

test("editorNodeLevel: the node's ecmaVersion wins for that node; the local node and unknown names use evmTracer.ecmaVersion", () => {
  const settings = {
    ecmaVersion: 5,
    nodes: [
      { name: 'geth', url: 'http://127.0.0.1:8545', ecmaVersion: 2017 },
      { name: 'provider', url: 'https://host', ecmaVersion: 5 },
      { name: 'plain', url: 'https://other' },
      { name: LOCAL_NODE_NAME, url: 'http://x', ecmaVersion: 2017 },
      { name: 'no-url', ecmaVersion: 2017 },
    ],
  };
  const level = (name: string | undefined, changes: Record<string, unknown> = {}) => editorNodeLevel({ ...settings, ...changes }, name);
  assert.deepEqual(level('geth'), { level: { ecmaVersion: 2017, source: 'node "geth"' }, problems: [] });
  assert.deepEqual(level('provider', { ecmaVersion: 2017 }).level, { ecmaVersion: 5, source: 'node "provider"' });
  assert.deepEqual(level('plain', { ecmaVersion: 2017 }).level, { ecmaVersion: 2017, source: 'evmTracer.ecmaVersion' });
  // The extension ignores a settings node named like the built-in one, and one without a URL.
  assert.deepEqual(level(LOCAL_NODE_NAME).level, { ecmaVersion: 5, source: 'evmTracer.ecmaVersion' });
  assert.deepEqual(level('no-url').level, { ecmaVersion: 5, source: 'evmTracer.ecmaVersion' });
  assert.deepEqual(level('removed', { ecmaVersion: undefined }).level, { ecmaVersion: 5, source: 'the default' });
  assert.deepEqual(level(undefined, { ecmaVersion: '2017' }).level.ecmaVersion, 2017);
});

test('editorNodeLevel: values other than 5 and 2017 are ignored and named', () => {
  const { level, problems } = editorNodeLevel({ ecmaVersion: 6, nodes: [{ name: 'odd', url: 'http://h', ecmaVersion: 'es6' }] }, 'odd');
  assert.deepEqual(level, { ecmaVersion: 5, source: 'the default' });
  assert.deepEqual(problems, [
    'evmTracer: ecmaVersion must be 5 or 2017 (got 6)',
    'evmTracer.nodes "odd": ecmaVersion must be 5 or 2017 (got "es6")',
  ]);
});

const dir = mkdtempSync(join(tmpdir(), 'evm-tracer-level-'));
function configFile(name: string, data: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(data));
  return path;
}

test('commandEcmaLevel: --ecma, else the --endpoint node, else lint.ecmaVersion, else 5', () => {
  const file = configFile('levels.json', {
    lint: { ecmaVersion: 2017 },
    nodes: {
      geth: { url: 'http://127.0.0.1:8545', ecmaVersion: 2017 },
      provider: { url: 'https://host', ecmaVersion: '5' },
      plain: { url: 'https://other' },
    },
  });
  const level = (values: Record<string, string>) => commandEcmaLevel({ 'config-file': file, ...values });
  assert.deepEqual(level({ ecma: '5', endpoint: 'geth' }), { ecmaVersion: 5, source: '--ecma' });
  assert.deepEqual(level({ endpoint: 'provider' }), { ecmaVersion: 5, source: "node 'provider' in evm-tracer.config.json" });
  assert.deepEqual(level({ endpoint: 'geth' }), { ecmaVersion: 2017, source: "node 'geth' in evm-tracer.config.json" });
  assert.deepEqual(level({ endpoint: 'plain' }), { ecmaVersion: 2017, source: 'lint.ecmaVersion in evm-tracer.config.json' });
  assert.deepEqual(level({}), { ecmaVersion: 2017, source: 'lint.ecmaVersion in evm-tracer.config.json' });
  const bare = configFile('bare.json', { nodes: { plain: { url: 'https://other' } } });
  assert.deepEqual(commandEcmaLevel({ 'config-file': bare, endpoint: 'plain' }), { ecmaVersion: 5, source: 'the default' });
});

test('commandEcmaLevel: no config file in the working directory is the default; mistakes are named', () => {
  const cwd = process.cwd();
  process.chdir(mkdtempSync(join(dir, 'empty-')));
  try {
    assert.deepEqual(commandEcmaLevel({}), { ecmaVersion: 5, source: 'the default' });
    assert.throws(() => commandEcmaLevel({ endpoint: 'geth' }), /cannot read config file .*evm-tracer\.config\.json: ENOENT/);
  } finally {
    process.chdir(cwd);
  }
  assert.throws(
    () => commandEcmaLevel({ ecma: '6' }),
    (error: Error) => error instanceof UsageError && /--ecma: ecmaVersion must be 5 or 2017 \(got "6"\)/.test(error.message),
  );
  assert.throws(() => commandEcmaLevel({ 'config-file': join(dir, 'none.json') }), /cannot read config file .*none\.json: ENOENT/);
  const badLint = configFile('bad-lint.json', { lint: { ecmaVersion: 2015 } });
  assert.throws(() => commandEcmaLevel({ 'config-file': badLint }), /bad-lint\.json: lint: ecmaVersion must be 5 or 2017 \(got 2015\)/);
  const badNode = configFile('bad-node.json', { nodes: { geth: { url: 'http://h', ecmaVersion: 'latest' } } });
  assert.throws(
    () => commandEcmaLevel({ 'config-file': badNode, endpoint: 'geth' }),
    /bad-node\.json: nodes\.geth: ecmaVersion must be 5 or 2017 \(got "latest"\)/,
  );
});

test('syntax geth takes, found at ES5.1, says how to target it; syntax geth does not take and the geth level do not', () => {
  const syntax = (body: string, ecmaVersion: 5 | 2017) =>
    analyzeTracer(`{ result: function (ctx) { ${body} }, fault: function () {} }`, { ecmaVersion })
      .filter((d) => d.code === 'syntax')
      .map((d) => d.message);
  const hint =
    /Or, for a plain geth node \(its engine takes this\), target ES2017: --ecma 2017, or ecmaVersion 2017 for the node \(evmTracer\.nodes, "nodes" in evm-tracer\.config\.json\) or in evmTracer\.ecmaVersion \/ lint\.ecmaVersion\./;
  for (const body of [
    'let a = 1;',
    'const f = (x) => `${x}`;',
    'var p = 2 ** 3;',
    'var g = async function () {};',
    'return ctx?.a;',
    'var o = { ...ctx };',
  ]) {
    const messages = syntax(body, 5);
    assert.ok(messages.length > 0, body);
    for (const message of messages) {
      assert.match(message, /beyond ES5\.1.*: .+\. Or, for/, body);
      assert.match(message, hint, body);
    }
  }
  for (const body of ['return 1n;', 'var a = 1_000;']) {
    const [message] = syntax(body, 5);
    assert.doesNotMatch(message, /plain geth node/, `${body}: targeting geth would not help`);
  }
  assert.doesNotMatch(syntax('return 1n;', 2017)[0], /plain geth node/);
  // Later syntax followed by a genuine error: the first error is most likely the later syntax.
  const [probably] = syntax('let x = 1; return (;', 5);
  assert.match(probably, /probably syntax newer than ES5\.1/);
  assert.match(probably, hint);
});
