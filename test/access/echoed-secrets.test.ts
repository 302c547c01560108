// A node that echoes the request's path, query and Authorization header into its error texts, with the secret
// placed at every position around each length at which foreign text is shortened for display: over HTTP and
// WebSocket, with an access key and with Basic auth, through the client and through the CLI. No start of a
// secret may show (a text cut before it is masked would show one), the error must still say what went wrong,
// and the node still answers afterwards.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRpcClient, type RpcClient } from '../../core/rpc/client';
import type { Endpoint } from '../../core/rpc/endpoint';
import { NodeError } from '../../core/rpc/errors';
import { checkSupport } from '../../core/support-check';
import { getXChainBalance } from '../../core/xchain-balance';
import { runCli } from '../support/run-cli';
import { startEchoNode, type Echo, type EchoNode, type HostileAnswer } from '../support/echo-node';
import { bodiesAround, elements, type Element } from '../support/echo-bodies';
import { accessKey, assertNoSecretStart, password } from './secrets';

let node: EchoNode;
before(async () => {
  node = await startEchoNode();
});
after(() => node.close());

/** Every combination of endpoint and echoed secret: the key in the path or query, Basic credentials. */
function endpoints(scheme: 'http' | 'ws'): Array<{ endpoint: Endpoint; element: Element }> {
  const base = scheme === 'http' ? node.httpBase : node.wsBase;
  const url = `${base}/ext/bc/C/rpc?apikey=${elements.query.secret}`;
  const keyed: Endpoint = { name: 'keyed', url, auth: { kind: 'key', key: accessKey } };
  const basic: Endpoint = { name: 'basic', url, auth: { kind: 'basic', username: 'alice', password } };
  return [
    { endpoint: keyed, element: elements.path },
    { endpoint: keyed, element: elements.query },
    { endpoint: basic, element: elements.query },
    { endpoint: basic, element: elements.authorization },
    { endpoint: basic, element: elements.credentials },
  ];
}

interface Shape {
  name: string;
  answer(body: string): HostileAnswer;
  /** What the message must still say. */
  says: RegExp;
  kind: NodeError['kind'];
  /** Also with a run of whitespace that puts the secret past 4 KB in the raw body but not in the shown text. */
  padded?: boolean;
}

const httpShapes: Shape[] = [
  {
    name: 'an HTTP 500 body',
    answer: (body) => ({ kind: 'http', status: 500, body }),
    says: /^HTTP 500 from http:\/\/127\.0\.0\.1:\d+\/.*: e/,
    kind: 'server',
    padded: true,
  },
  {
    name: 'a 200 body that is not JSON',
    answer: (body) => ({ kind: 'http', status: 200, body }),
    says: /is not JSON \(text\/html\); it begins: e/,
    kind: 'not-json',
    padded: true,
  },
  {
    name: 'a JSON-RPC error message',
    answer: (message) => ({ kind: 'rpc-error', error: { code: -32000, message } }),
    says: /^debug_traceCall failed: e+.*\[code -32000\]$/,
    kind: 'rpc',
  },
  {
    name: "a JSON-RPC error's data",
    answer: (data) => ({ kind: 'rpc-error', error: { code: -32000, message: 'failed', data } }),
    says: /^debug_traceCall failed: failed \[code -32000\] \(data: e/,
    kind: 'rpc',
  },
  {
    name: "a JSON-RPC error's data object",
    answer: (detail) => ({ kind: 'rpc-error', error: { code: -32000, message: 'failed', data: { detail } } }),
    says: /\[code -32000\] \(data: \{"detail":"e/,
    kind: 'rpc',
  },
  {
    name: 'a malformed JSON-RPC error',
    answer: (message) => ({ kind: 'rpc-error', error: { message } }),
    says: /^malformed JSON-RPC error from http:\/\/127\.0\.0\.1:\d+\/.*: \{"message":"e/,
    kind: 'protocol',
  },
];

const wsShapes: Shape[] = [
  {
    name: 'a text message that is not JSON',
    answer: (body) => ({ kind: 'http', status: 200, body }),
    says: /is not JSON; it begins: e/,
    kind: 'not-json',
  },
  {
    name: "a JSON-RPC error's data",
    answer: (data) => ({ kind: 'rpc-error', error: { code: -32000, message: 'failed', data } }),
    says: /^debug_traceCall failed: failed \[code -32000\] \(data: e/,
    kind: 'rpc',
  },
];

async function failure(call: Promise<unknown>): Promise<NodeError> {
  const error = await call.then(
    () => assert.fail('expected a failure'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof NodeError, `not a NodeError: ${String(error)}`);
  return error;
}

/** Fails every hostile call with `shape` for each body around each cut-off; checks each error. */
async function sweep(client: RpcClient, element: Element, shape: Shape, padded = false): Promise<void> {
  for (const { body, at } of bodiesAround(element, padded)) {
    node.hostile = { when: (call) => call.method === 'debug_traceCall', answer: (echo) => shape.answer(body(echo)) };
    const error = await failure(client.request('debug_traceCall', [{}, 'latest', {}]));
    const where = `${shape.name}${padded ? ' (padded)' : ''} echoing the ${element.name} at ${at}`;
    assertNoSecretStart(`${error.message}\n${error.explanation}`, where);
    assert.equal(error.kind, shape.kind, where);
    assert.match(error.message, shape.says, where);
  }
  node.hostile = undefined;
}

for (const scheme of ['http', 'ws'] as const) {
  describe(`over ${scheme}`, () => {
    for (const shape of scheme === 'http' ? httpShapes : wsShapes) {
      test(`${shape.name} echoing the path, query or credentials shows no start of a secret`, async () => {
        for (const { endpoint, element } of endpoints(scheme)) {
          const client = createRpcClient(endpoint);
          try {
            await sweep(client, element, shape);
            if (shape.padded) await sweep(client, element, shape, true);
            assert.equal(await client.request('eth_chainId', []), '0xa86a');
          } finally {
            await client.close();
          }
        }
      });
    }
  });
}

test('a refused WebSocket upgrade whose body echoes the path, query or credentials shows no start of a secret', async () => {
  for (const { endpoint, element } of endpoints('ws')) {
    const client = createRpcClient(endpoint);
    try {
      for (const padded of [false, true]) {
        for (const { body, at } of bodiesAround(element, padded)) {
          node.refuseUpgrade = (echo: Echo) => ({ status: 500, body: body(echo) });
          const error = await failure(client.request('eth_chainId', []));
          const where = `a refused upgrade${padded ? ' (padded)' : ''} echoing the ${element.name} at ${at}`;
          assertNoSecretStart(`${error.message}\n${error.explanation}`, where);
          assert.equal(error.kind, 'server', where);
          assert.match(error.message, /^HTTP 500 from ws:\/\/127\.0\.0\.1:\d+\/.*: e/, where);
        }
      }
      node.refuseUpgrade = undefined;
      assert.equal(await client.request('eth_chainId', []), '0xa86a');
    } finally {
      node.refuseUpgrade = undefined;
      await client.close();
    }
  }
});

test("results shown in words (the support check's unexpected result, an X-Chain balance that is not one) show no start of a secret", async () => {
  for (const { endpoint, element } of endpoints('http')) {
    const client = createRpcClient(endpoint);
    const xClient = createRpcClient(endpoint, { url: `${node.httpBase}/ext/bc/X?apikey=${elements.query.secret}` });
    try {
      for (const { body, at } of bodiesAround(element)) {
        node.hostile = {
          when: (call) => call.method === 'debug_traceCall' || call.method === 'avm.getBalance',
          answer: (echo) => ({ kind: 'result', value: { echoed: body(echo) } }),
        };
        const report = await checkSupport(client, endpoint);
        assertNoSecretStart(JSON.stringify(report), `the support check's result echoing the ${element.name} at ${at}`);
        assert.equal(report.status, 'ignored');
        assert.match(report.detail, /^debug_traceCall returned something else \(\{"echoed":"e/);
        const error = await failure(getXChainBalance(xClient, 'X-avax1tnuesf6cqwnjw7fxjyk7lhch0vhf0v95wj5jvy', 'AVAX'));
        assertNoSecretStart(error.message, `the X-Chain balance echoing the ${element.name} at ${at}`);
        assert.match(error.message, /^avm\.getBalance answered without a decimal balance: \{"echoed":"e/);
      }
    } finally {
      node.hostile = undefined;
      await client.close();
      await xClient.close();
    }
  }
});

test('the CLI prints no start of a secret from echoed error texts (a few positions; the client sweeps above cover every one)', async () => {
  const url = `${node.httpBase}/ext/bc/C/rpc?apikey=${elements.query.secret}`;
  const keyed = ['--node', url, '--key-env', 'ECHO_KEY'];
  const basic = ['--node', url, '--user', 'alice', '--password-env', 'ECHO_PASSWORD'];
  const env = { ECHO_KEY: accessKey, ECHO_PASSWORD: password };
  const trace = ['trace', 'call', '--call', '{"to":"0x0000000000000000000000000000000000000001"}', '--tracer', 'callTracer'];
  const cases: Array<{
    args: string[];
    element: Element;
    at: number;
    padded?: boolean;
    answer(body: string): HostileAnswer;
    says: RegExp;
    out: 'stdout' | 'stderr';
  }> = [
    {
      args: [...trace, ...keyed],
      element: elements.path,
      at: 188,
      padded: true,
      answer: (body) => ({ kind: 'http', status: 500, body }),
      says: /^evm-tracer: server: HTTP 500 from .*: e e+/,
      out: 'stderr',
    },
    {
      args: [...trace, ...basic],
      element: elements.authorization,
      at: 140,
      padded: true,
      answer: (body) => ({ kind: 'http', status: 200, body }),
      says: /^evm-tracer: not-json: .*is not JSON \(text\/html\); it begins: e e+/,
      out: 'stderr',
    },
    {
      args: [...trace, ...basic],
      element: elements.credentials,
      at: 180,
      answer: (message) => ({ kind: 'rpc-error', error: { message } }),
      says: /^evm-tracer: protocol: malformed JSON-RPC error from .*: \{"message":"e+/,
      out: 'stderr',
    },
    {
      args: [...trace, ...keyed],
      element: elements.query,
      at: 290,
      answer: (data) => ({ kind: 'rpc-error', error: { code: -32000, message: 'failed', data } }),
      says: /^evm-tracer: rpc: debug_traceCall failed: failed \[code -32000\] \(data: e+/,
      out: 'stderr',
    },
    {
      args: ['check', ...keyed],
      element: elements.path,
      at: 190,
      padded: true,
      answer: (body) => ({ kind: 'http', status: 503, body }),
      says: /: unreachable\n {2}HTTP 503 from .*: e e+/,
      out: 'stdout',
    },
    {
      args: ['check', ...basic],
      element: elements.authorization,
      at: 95,
      answer: (body) => ({ kind: 'result', value: { echoed: body } }),
      says: /: ignored\n {2}debug_traceCall returned something else \(\{"echoed":"e+/,
      out: 'stdout',
    },
  ];
  for (const { args, element, at, padded, answer, says, out } of cases) {
    const [{ body }] = bodiesAround(element, padded, [at]);
    node.hostile = { when: (call) => call.method === 'debug_traceCall', answer: (echo) => answer(body(echo)) };
    const run = await runCli(args, { env });
    assertNoSecretStart(run.stdout + run.stderr, `evm-tracer ${args[0]} with the ${element.name} echoed at ${at}`);
    assert.equal(run.status, 1, run.stderr);
    assert.match(run[out], says);
  }
  node.hostile = undefined;
});
