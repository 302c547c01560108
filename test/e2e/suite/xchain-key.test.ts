// A key-protected provider (HTTP, avalanchego paths behind /<KEY>/): X-Chain Balance reaches
// /<KEY>/ext/bc/X with the key from SecretStorage, and the key shows up in no setting and no log.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { suite, suiteSetup, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import { startProviderServer, type ProviderServer } from '../../support/provider-server';
import { waitFor } from '../lib/workspace';
import { extensionHostLogFiles } from './ext-helpers';

const NODE_NAME = 'keyed provider (test)';
const ADDRESS = 'X-avax1tnuesf6cqwnjw7fxjyk7lhch0vhf0v95wj5jvy';
const AVAX_ID = 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z';

suite('X-Chain Balance on a key-protected node', () => {
  const key = `key${randomBytes(12).toString('hex')}`;
  let server: ProviderServer | undefined;

  suiteSetup(async () => {
    server = await startProviderServer({ tls: false, key });
    server.on('avm.getAssetDescription', {
      kind: 'result',
      value: { assetID: AVAX_ID, name: 'Avalanche', symbol: 'AVAX', denomination: '9' },
    });
    server.on('avm.getBalance', { kind: 'result', value: { balance: '1500000000', utxoIDs: [] } });
    // Pasted with the key in the URL: Add Node moves the key to SecretStorage.
    await vscode.commands.executeCommand('evmTracer.addNode', {
      name: NODE_NAME,
      url: `${server.httpBase}/${key}/ext/bc/C/rpc`,
      xChainUrl: `${server.httpBase}/ext/bc/X`,
      network: 43114,
    });
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('evmTracer.removeNode', NODE_NAME);
    await server?.stop();
  });

  test('the key went to SecretStorage and the setting keeps the bare URL', () => {
    const nodes = vscode.workspace.getConfiguration('evmTracer').get<Array<{ name: string; url: string; auth?: string }>>('nodes') ?? [];
    const node = nodes.find((item) => item.name === NODE_NAME);
    assert.equal(node?.auth, 'key');
    assert.equal(node?.url, `${server!.httpBase}/ext/bc/C/rpc`);
    assert.ok(!JSON.stringify(nodes).includes(key), 'the key is in settings');
  });

  test('X-Chain Balance returns the balance in AVAX through /<key>/ext/bc/X', async () => {
    server!.requests.length = 0;
    const balance = await vscode.commands.executeCommand<{ amount?: string; symbol?: string }>('evmTracer.xChainBalance', {
      node: NODE_NAME,
      address: ADDRESS,
      assetID: 'AVAX',
    });
    assert.equal(balance.amount, '1.5');
    assert.equal(balance.symbol, 'AVAX');
    assert.deepEqual(
      server!.requests.map((request) => [request.path, (JSON.parse(request.body) as { method: string }).method]),
      [
        [`/${key}/ext/bc/X`, 'avm.getAssetDescription'],
        [`/${key}/ext/bc/X`, 'avm.getBalance'],
      ],
    );
  });

  test('no log file holds the key', async () => {
    await waitFor('the balance to be logged', async () =>
      (await extensionHostLogFiles()).some((file) => readFileSync(file, 'utf8').includes(`avm.getBalance on ${NODE_NAME}`)),
    );
    for (const file of await extensionHostLogFiles()) assert.ok(!readFileSync(file, 'utf8').includes(key), `${file} holds the key`);
  });
});
