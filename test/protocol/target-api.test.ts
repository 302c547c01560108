// The language server checks a tracer against the tracer API of the selected node's target: coreth for a
// node on an Avalanche network, the built-in local node on a C-Chain, or a node whose `target` says so; geth
// otherwise. ctx.coinbase (geth v1.14 added it) is unknown on coreth, named so in the diagnostic, left out
// of completion and said in the hover; the gas-price-tip rule (geth's ctx.gasPrice is the tip) is silent
// there, where ctx.gasPrice is the whole price. Over LSP against dist/server.js, switching nodes as the
// extension does (a settings change).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CompletionItem, Diagnostic, Hover } from 'vscode-languageserver-protocol';
import { cursor } from '../support/intel-cursor';
import { startServer } from '../support/lsp-client';

const TRACER = `{
  step: function (log, db) {},
  fault: function (log, db) {},
  result: function (ctx, db) {
    return { miner: toHex(ctx.coinbase), fee: ctx.gasPrice.multiply(ctx.gasUsed).toString() };
  }
}
`;

const LOCAL = 'Local (in-process EVM)';
const nodes = [
  { name: 'C-Chain', url: 'https://api.avax.network/ext/bc/C/rpc', network: 43114 },
  { name: 'geth', url: 'http://127.0.0.1:8545', network: 'custom', chainId: 1 },
  { name: 'subnet', url: 'http://127.0.0.1:9650/ext/bc/x/rpc', network: 'custom', chainId: 99999, target: 'coreth' },
  { name: 'typo', url: 'http://127.0.0.1:8546', network: 'custom', chainId: 1, target: 'avalanche' },
];
const CORETH =
  /^'coinbase' is not a member of ctx on coreth v0\.16 of avalanchego v1\.14\.0 \(libevm, geth v1\.13 tracers\): on that node it is undefined \(geth v1\.14 added ctx\.coinbase; coreth's tracers are geth v1\.13's\)$/;

const summary = (diagnostics: Diagnostic[]) =>
  diagnostics.map((d) => ({ code: d.code, line: d.range.start.line, character: d.range.start.character, message: d.message }));

test("ctx.coinbase is flagged on a coreth node's tracers, naming the target, and not on geth's", async (t) => {
  const settings: Record<string, unknown> = { evmTracer: { nodes, selectedNode: 'C-Chain' } };
  const client = await startServer({ workspace: { configuration: true } }, settings);
  t.after(() => client.close());
  const uri = 'file:///tmp/miner.tracer.js';
  const select = async (evmTracer: Record<string, unknown>) => {
    settings.evmTracer = { ...(settings.evmTracer as object), ...evmTracer };
    const next = client.nextDiagnostics(uri);
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: {} });
    return (await next).diagnostics;
  };
  const coinbase = TRACER.split('\n')[4].indexOf('coinbase');

  const first = client.nextDiagnostics(uri);
  await client.open('miner.tracer.js', TRACER);
  const onCoreth = summary((await first).diagnostics);
  assert.equal(onCoreth.length, 1, JSON.stringify(onCoreth));
  assert.deepEqual({ ...onCoreth[0], message: undefined }, { code: 'unknown-member', line: 4, character: coinbase, message: undefined });
  assert.match(String(onCoreth[0].message), CORETH);

  // On geth ctx.coinbase is there; its ctx.gasPrice is the tip, so the fee arithmetic is pointed out instead.
  assert.deepEqual(
    (await select({ selectedNode: 'geth' })).map((d) => d.code),
    ['gas-price-tip'],
  );
  // A node's own target wins over its network; an unknown one is ignored (its network's, geth, is used).
  assert.match(String((await select({ selectedNode: 'subnet' }))[0]?.message), CORETH);
  assert.deepEqual(
    (await select({ selectedNode: 'typo' })).map((d) => d.code),
    ['gas-price-tip'],
  );
  // The built-in local node: geth, unless it runs a C-Chain.
  assert.deepEqual(
    (await select({ selectedNode: LOCAL })).map((d) => d.code),
    ['gas-price-tip'],
  );
  assert.match(String((await select({ localNode: { chain: 'fuji' } }))[0]?.message), CORETH);
});

test("completion and hover follow the target: no ctx.coinbase on coreth, and coreth's ctx.gasPrice", async (t) => {
  const settings: Record<string, unknown> = { evmTracer: { nodes, selectedNode: 'C-Chain' } };
  const client = await startServer({ workspace: { configuration: true } }, settings);
  t.after(() => client.close());
  const completing = cursor(TRACER.replace('return {', 'var c = ctx.|;\n    return {'));
  const hovering = (needle: string) => cursor(TRACER.replace(needle, needle.slice(0, 2) + '|' + needle.slice(2)));
  const coinbaseHover = hovering('coinbase');
  const gasPriceHover = hovering('gasPrice');
  const open = async (name: string, text: string) => client.open(`${name}.tracer.js`, text);
  const completionUri = await open('complete', completing.text);
  const coinbaseUri = await open('hover-coinbase', coinbaseHover.text);
  const gasPriceUri = await open('hover-gas-price', gasPriceHover.text);
  const labels = async () =>
    (
      (await client.connection.sendRequest<CompletionItem[] | null>('textDocument/completion', {
        textDocument: { uri: completionUri },
        position: completing.position,
      })) ?? []
    ).map((item) => item.label);
  const hover = async (uri: string, position: { line: number; character: number }) =>
    (
      (await client.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri }, position }))?.contents as
        { value: string } | undefined
    )?.value ?? '';

  const corethLabels = await labels();
  assert.ok(corethLabels.includes('gasPrice') && corethLabels.includes('txHash'), corethLabels.join());
  assert.ok(!corethLabels.includes('coinbase'), corethLabels.join());
  assert.match(
    await hover(coinbaseUri, coinbaseHover.position),
    /\*\*Not on coreth v0\.16 of avalanchego v1\.14\.0 .*:\*\* undefined there \(geth v1\.14 added ctx\.coinbase/,
  );
  assert.match(await hover(gasPriceUri, gasPriceHover.position), /The effective gas price the sender pays per gas/);

  settings.evmTracer = { nodes, selectedNode: 'geth' };
  await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: {} });
  assert.ok((await labels()).includes('coinbase'));
  const gethCoinbase = await hover(coinbaseUri, coinbaseHover.position);
  assert.match(gethCoinbase, /Block coinbase \(20 bytes\)/);
  assert.doesNotMatch(gethCoinbase, /Not on/);
  assert.match(await hover(gasPriceUri, gasPriceHover.position), /The effective tip/);
});
