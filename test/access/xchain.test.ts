// X-Chain balance against the provider-like server answering in avalanchego's documented shapes.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRpcClient } from '../../core/rpc/client';
import { xChainUrl, type Endpoint } from '../../core/rpc/endpoint';
import { formatUnits, getXChainBalance } from '../../core/xchain-balance';
import { startProviderServer, type ProviderServer } from '../support/provider-server';
import { accessKey, assertNoSecret } from './secrets';

const address = 'X-avax1tnuesf6cqwnjw7fxjyk7lhch0vhf0v95wj5jvy';
const avaxId = 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z';
let server: ProviderServer;

before(async () => {
  server = await startProviderServer({ key: accessKey });
  server.on('avm.getAssetDescription', {
    kind: 'result',
    value: { assetID: avaxId, name: 'Avalanche', symbol: 'AVAX', denomination: '9' },
  });
  server.on('avm.getBalance', {
    kind: 'result',
    value: { balance: '1500000000', utxoIDs: [{ txID: 'WPQdyLNqHfiEKp4zcCpayRHYDVYuh1hqs9c1RqgZXS4VPgdvo', outputIndex: 1 }] },
  });
});
after(() => server.stop());

test('AVAX balance: named params to /ext/bc/X behind the key, alias resolved, shown in AVAX', async () => {
  const host = server.httpBase.replace('https://', '');
  const endpoint: Endpoint = { name: 'x', url: `${server.httpBase}/ext/bc/C/rpc`, auth: { kind: 'key', key: accessKey } };
  // A bare host means https on the given port with avalanchego's X-Chain path.
  const url = xChainUrl(host);
  assert.equal(url, `${server.httpBase}/ext/bc/X`);
  const client = createRpcClient(endpoint, { url, ca: server.cert });
  server.requests.length = 0;
  const balance = await getXChainBalance(client, address);
  assert.equal(balance.amount, '1.5');
  assert.equal(balance.symbol, 'AVAX');
  assert.equal(balance.assetID, avaxId);
  assert.equal(balance.denomination, 9);
  assert.equal(balance.balance, '1500000000');
  assert.equal(balance.utxoIDs.length, 1);
  const [describe, get] = server.requests.map((r) => ({ path: r.path, rpc: JSON.parse(r.body) as { method: string; params: unknown } }));
  assert.equal(get.path, `/${accessKey}/ext/bc/X`);
  assert.deepEqual(describe.rpc, { jsonrpc: '2.0', id: 1, method: 'avm.getAssetDescription', params: { assetID: 'AVAX' } });
  assert.deepEqual(get.rpc, { jsonrpc: '2.0', id: 2, method: 'avm.getBalance', params: { address, assetID: avaxId } });
  assertNoSecret(JSON.stringify(balance), 'the balance');
});

test('addresses are checked and units formatted exactly', async () => {
  const client = createRpcClient({ name: 'x', url: `${server.httpBase}/ext/bc/X`, auth: { kind: 'none' } }, { ca: server.cert });
  await assert.rejects(getXChainBalance(client, '0x1234'), /'0x1234' is not an X-Chain address/);
  assert.equal(formatUnits('0', 9), '0');
  assert.equal(formatUnits('1', 9), '0.000000001');
  assert.equal(formatUnits('123000000000', 9), '123');
  assert.equal(formatUnits('42', 0), '42');
});
