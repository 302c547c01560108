// The fork node (`evm-tracer node --fork-url-env`) against an upstream that echoes the request's path, query and
// Authorization header into its error texts, the secret at every position around each length at which the node
// shortens an upstream's text: its client and its console see no start of the key or the password, the error
// still says what went wrong, and the node still answers afterwards.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRpcClient, type RpcClient } from '../../core/rpc/client';
import { credentialedUrl } from '../../core/rpc/endpoint';
import { NodeError } from '../../core/rpc/errors';
import { accessKey, assertNoSecretStart, password, queryKey } from '../access/secrets';
import { bodiesAround, elements } from '../support/echo-bodies';
import { startEchoNode, type EchoNode, type HostileAnswer } from '../support/echo-node';
import { spawnNodeWithOutput } from './node-helpers';

const victim = '0x' + 'bad0'.repeat(10);
let upstream: EchoNode;
let node: Awaited<ReturnType<typeof spawnNodeWithOutput>>;
let client: RpcClient;

before(async () => {
  upstream = await startEchoNode();
  const url = credentialedUrl(`${upstream.httpBase}/${accessKey}/ext/bc/C/rpc?apikey=${queryKey}`, {
    kind: 'basic',
    username: 'alice',
    password,
  });
  node = await spawnNodeWithOutput(['--fork-url-env', 'EVM_TRACER_TEST_FORK_URL', '--accounts', '0', '--hardfork', 'prague'], {
    EVM_TRACER_TEST_FORK_URL: url,
  });
  client = createRpcClient({ name: 'fork', url: node.url, auth: { kind: 'none' } });
});
after(async () => {
  await client?.close();
  await node?.stop();
  await upstream?.close();
});

const shapes: Array<{ name: string; answer(body: string): HostileAnswer; says: RegExp }> = [
  { name: 'an HTTP 500 body', answer: (body) => ({ kind: 'http', status: 500, body }), says: /HTTP 500: e+/ },
  { name: 'a 200 body that is not JSON', answer: (body) => ({ kind: 'http', status: 200, body }), says: /the answer is not JSON: e+/ },
  {
    name: 'a JSON-RPC error message',
    answer: (message) => ({ kind: 'rpc-error', error: { code: -32000, message } }),
    says: /e+.* \[code -32000\]$/,
  },
  {
    name: "a JSON-RPC error's data",
    answer: (data) => ({ kind: 'rpc-error', error: { code: -32000, message: 'failed', data } }),
    says: /failed \[code -32000\] \(data: e+/,
  },
  {
    name: "a JSON-RPC error's data object",
    answer: (detail) => ({ kind: 'rpc-error', error: { code: -32000, message: 'failed', data: { detail } } }),
    says: /failed \[code -32000\] \(data: \{"detail":"e+/,
  },
];

for (const shape of shapes) {
  test(`${shape.name} echoing the path, query or credentials reaches the fork's client without any start of a secret`, async () => {
    for (const element of Object.values(elements)) {
      for (const { body, at } of bodiesAround(element)) {
        upstream.hostile = { when: (call) => call.params.includes(victim), answer: (echo) => shape.answer(body(echo)) };
        // A block before the fork point: the node asks the upstream.
        const error = await client.request('eth_getBalance', [victim, '0x5']).then(
          () => assert.fail('expected a failure'),
          (e: unknown) => e,
        );
        assert.ok(error instanceof NodeError, String(error));
        const where = `${shape.name} echoing the ${element.name} at ${at}`;
        assertNoSecretStart(error.message, where);
        assert.equal(error.rpc?.code, -32000, where);
        // The node's own message, as its client got it.
        assert.match(
          error.rpc!.message,
          new RegExp(`^fork upstream http://\\*{4}@127\\.0\\.0\\.1:\\d+/\\*{4}: eth_getBalance failed: ${shape.says.source}`),
          where,
        );
      }
    }
    upstream.hostile = undefined;
    assert.equal(await client.request('eth_chainId', []), '0xa86a');
    assertNoSecretStart(node.output(), "the fork node's console");
  });
}
