// The language server checks tracers at the selected node's ECMAScript level (evmTracer.selectedNode →
// evmTracer.nodes[].ecmaVersion, else evmTracer.ecmaVersion): switching nodes is a settings change that
// re-checks open tracers; at ES2017 the provider rules (comment, double-quote) are off unless named.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Diagnostic, DocumentDiagnosticReport } from 'vscode-languageserver-protocol';
import { FlattenRequest, type FlattenResult } from '../../core/protocol';
import { startServer } from '../support/lsp-client';

const MODERN = `// counts opcodes
{
  counts: {},
  step: function (log) {
    const name = log.op.toString();
    this.counts[name] = (this.counts[name] || 0) + 1;
  },
  fault: function (log) {},
  result: function () { return Object.keys(this.counts).map((n) => \`\${n}="\${this.counts[n]}"\`); }
}
`;

const LOCAL = 'Local (in-process EVM)';
const nodes = [
  { name: 'geth', url: 'http://127.0.0.1:8545', ecmaVersion: 2017 },
  { name: 'provider', url: 'https://provider.example', ecmaVersion: 5 },
];
const codesOf = (diagnostics: Diagnostic[]) => diagnostics.map((d) => d.code);
/** MODERN at ES5.1: the comment, const, arrow function and template, and the two '"' in the template. */
const AT_ES5 = ['comment', 'syntax', 'syntax', 'syntax', 'double-quote', 'double-quote'];

test('switching the selected node re-pushes diagnostics at its level; flatten follows it', async (t) => {
  const settings: Record<string, unknown> = { evmTracer: { ecmaVersion: 5, nodes, selectedNode: LOCAL } };
  const client = await startServer({ workspace: { configuration: true } }, settings);
  t.after(() => client.close());
  const uri = 'file:///tmp/modern.tracer.js';
  const select = async (evmTracer: Record<string, unknown>) => {
    settings.evmTracer = { ...(settings.evmTracer as object), ...evmTracer };
    const next = client.nextDiagnostics(uri);
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: {} });
    return (await next).diagnostics;
  };
  const flatten = async () => (await client.connection.sendRequest(FlattenRequest.method, { uri })) as FlattenResult;

  const first = client.nextDiagnostics(uri);
  await client.open('modern.tracer.js', MODERN);
  const atEs5 = (await first).diagnostics;
  assert.deepEqual(codesOf(atEs5), AT_ES5);
  for (const syntax of atEs5.filter((d) => d.code === 'syntax'))
    assert.match(String(syntax.message), /beyond ES5\.1 .*target ES2017: --ecma 2017/);
  assert.ok('error' in (await flatten()));

  // geth takes ES2017: no syntax errors, and the provider rules are off there.
  assert.deepEqual(await select({ selectedNode: 'geth' }), []);
  const flat = await flatten();
  assert.ok('code' in flat && flat.code.includes('=>') && !flat.code.includes('"'), JSON.stringify(flat));

  // A rules setting that names a provider rule turns it on at ES2017.
  assert.deepEqual(codesOf(await select({ rules: { comment: 'information' } })), ['comment']);

  // The provider node says 5, which wins over evmTracer.ecmaVersion 2017 for it.
  assert.deepEqual(codesOf(await select({ selectedNode: 'provider', ecmaVersion: 2017, rules: {} })), AT_ES5);
  // The local node (and a node name that no longer exists) uses evmTracer.ecmaVersion.
  assert.deepEqual(await select({ selectedNode: LOCAL }), []);
  assert.deepEqual(await select({ selectedNode: 'removed' }), []);
  assert.deepEqual(codesOf(await select({ ecmaVersion: 5 })), AT_ES5);
});

test('pull diagnostics: a node switch changes the result', async (t) => {
  const settings: Record<string, unknown> = { evmTracer: { nodes, selectedNode: 'provider' } };
  const client = await startServer({ workspace: { configuration: true }, textDocument: { diagnostic: {} } }, settings);
  t.after(() => client.close());
  const uri = await client.open('pulled.tracer.js', MODERN);
  const pull = async (previousResultId?: string) =>
    (await client.connection.sendRequest('textDocument/diagnostic', {
      textDocument: { uri },
      previousResultId,
    })) as DocumentDiagnosticReport;
  const before = await pull();
  assert.ok(before.kind === 'full');
  assert.deepEqual(codesOf(before.items), AT_ES5);
  settings.evmTracer = { nodes, selectedNode: 'geth' };
  await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: {} });
  const after = await pull(before.resultId);
  assert.ok(after.kind === 'full', 'the settings change makes the old result stale');
  assert.deepEqual(after.items, []);
});

test('invalid levels in settings are ignored and logged', async (t) => {
  const client = await startServer(
    { workspace: { configuration: true } },
    { evmTracer: { ecmaVersion: 2017, nodes: [{ name: 'odd', url: 'http://h', ecmaVersion: 6 }], selectedNode: 'odd' } },
  );
  t.after(() => client.close());
  const logged = new Promise<string>((resolve) =>
    client.connection.onNotification('window/logMessage', (params: { message: string }) => {
      if (params.message.includes('ecmaVersion')) resolve(params.message);
    }),
  );
  const pushed = client.nextDiagnostics('file:///tmp/odd.tracer.js');
  await client.open('odd.tracer.js', MODERN);
  // Node "odd" has no valid level of its own: evmTracer.ecmaVersion (2017) applies.
  assert.deepEqual((await pushed).diagnostics, []);
  assert.match(await logged, /evmTracer\.nodes "odd": ecmaVersion must be 5 or 2017 \(got 6\)/);
});
