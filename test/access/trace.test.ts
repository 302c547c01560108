// debug_trace* requests: the flattened tracer on the wire, latest resolved to a number, results from a
// real node (anvil), and node error positions mapped back to the user's tracer file.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRpcClient, type RpcClient } from '../../core/rpc/client';
import type { Endpoint } from '../../core/rpc/endpoint';
import { toCallObject } from '../../core/trace/call';
import { parseDuration } from '../../core/trace/duration';
import { TracerNodeError } from '../../core/trace/node-positions';
import { runTrace, TracerSourceError } from '../../core/trace/requests';
import { anvilAvailable, startAnvil } from '../support/nodes/anvil';
import type { RunningNode } from '../support/nodes/process';
import { startProviderServer, type ProviderServer } from '../support/provider-server';

const opcount = `// counts opcodes by name
{
  counts: {},
  step: function (log, db) {
    var name = log.op.toString();
    this.counts[name] = (this.counts[name] || 0) + 1;
  },
  fault: function (log, db) {},
  result: function (ctx, db) { return this.counts; }
}
`;
const dev = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
/** PUSH1 1 PUSH1 0 MSTORE as init code. */
const creation = { from: dev, data: '0x6001600052' };

let server: ProviderServer;
let provider: RpcClient;
before(async () => {
  server = await startProviderServer({ tls: false });
  const endpoint: Endpoint = { name: 'p', url: `${server.httpBase}/ext/bc/C/rpc`, auth: { kind: 'none' } };
  provider = createRpcClient(endpoint);
});
after(() => server.stop());

test('trace call: latest is sent as a number; tracer flattened with no "; tracerConfig and timeout in order', async () => {
  server.on('eth_blockNumber', { kind: 'result', value: '0x2a' });
  server.on('debug_traceCall', { kind: 'result', value: { PUSH1: 2 } });
  server.requests.length = 0;
  const tracer = '{\n  // say "hi"\n  fault: function (log) {},\n  result: function (ctx) { return "hi"; }\n}\n';
  const result = await runTrace(provider, { kind: 'call', call: toCallObject(creation), block: 'latest' }, tracer, {
    tracerConfig: { depth: 2 },
    timeout: '5s',
  });
  assert.deepEqual(result, { PUSH1: 2 });
  const [blockNumber, trace] = server.requests.map((r) => JSON.parse(r.body) as { method: string; params: unknown[] });
  assert.equal(blockNumber.method, 'eth_blockNumber');
  assert.equal(trace.method, 'debug_traceCall');
  assert.deepEqual(trace.params.slice(0, 2), [creation, '0x2a']);
  const options = trace.params[2] as Record<string, unknown>;
  assert.deepEqual(Object.keys(options), ['tracer', 'tracerConfig', 'timeout']);
  assert.equal(options.tracer, "{fault: function (log) {},result: function (ctx) {return 'hi';}}");
  assert.deepEqual(options.tracerConfig, { depth: 2 });
  assert.equal(options.timeout, '5s');
});

test("geth's error positions are mapped to the user's file", async () => {
  const tracer =
    '{\n  fault: function (log) {},\n  step: function (log) {\n    var x;\n    x.boom();\n  },\n  result: function (ctx) { return 1; }\n}\n';
  // geth compiles "(" + flat + ")": in "({fault: function (log) {},step: function (log) {var x;x.boom();}, ..." the
  // call x.boom() starts at column 56.
  server.on('debug_traceTransaction', {
    kind: 'rpc-error',
    code: -32000,
    message: "TypeError: Cannot read property 'boom' of undefined at step (<eval>:1:56(8))",
  });
  const error = await runTrace(provider, { kind: 'tx', hash: `0x${'ab'.repeat(32)}` }, tracer, { fileName: 'boom.tracer.js' }).then(
    () => assert.fail('expected an error'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof TracerNodeError);
  assert.deepEqual(error.positions, [{ line: 4, character: 4 }]);
  assert.match(error.message, /at step \(<eval>:1:56\(8\) \(boom\.tracer\.js:5:5\)\)/);
  assert.match(error.explanation, /boom\.tracer\.js:5:5/);
});

test('a tracer that cannot be flattened fails before anything is sent, with file positions', async () => {
  server.requests.length = 0;
  const error = await runTrace(
    provider,
    { kind: 'block', hash: `0x${'cd'.repeat(32)}` },
    '{\n  result: function () { return 1 +; },\n  fault: function () {}\n}',
    { fileName: 'bad.tracer.js' },
  ).then(
    () => assert.fail('expected an error'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof TracerSourceError);
  assert.match(error.message, /bad\.tracer\.js:2:\d+: /);
  assert.equal(server.requests.length, 0);
});

test('the tracer is flattened at the level given for the node; beyond it nothing is sent', async () => {
  server.on('debug_traceTransaction', { kind: 'result', value: 'ok' });
  server.requests.length = 0;
  const modern = '{\n  result: function (ctx) { const to = ctx.to; return `to ${to}`; },\n  fault: (log) => {}\n}\n';
  const target = { kind: 'tx' as const, hash: `0x${'ef'.repeat(32)}` };
  const refused = await runTrace(provider, target, modern, { fileName: 'modern.tracer.js' }).then(
    () => assert.fail('expected an error'),
    (e: unknown) => e,
  );
  assert.ok(refused instanceof TracerSourceError);
  assert.deepEqual(refused.level, { ecmaVersion: 5, source: 'the default' });
  assert.match(
    refused.message,
    /^the tracer cannot be flattened at ES5\.1 \(the default\):\nmodern\.tracer\.js:2:28: ES2015 syntax \('const' declarations\)/,
  );
  assert.equal(server.requests.length, 0);
  assert.equal(await runTrace(provider, target, modern, { level: { ecmaVersion: 2017, source: 'node "geth"' } }), 'ok');
  const sent = JSON.parse(server.requests.at(-1)!.body) as { params: [string, { tracer: string }] };
  assert.equal(sent.params[1].tracer, '{result: function (ctx) {const to = ctx.to;return `to ${to}`;},fault: log => {}}');
});

test('call objects and durations are checked with clear errors', () => {
  assert.deepEqual(
    toCallObject({ to: '0x0000000000000000000000000000000000000001', gas: 21000, value: '1000000000000000000', input: '0x' }),
    {
      to: '0x0000000000000000000000000000000000000001',
      gas: '0x5208',
      value: '0xde0b6b3a7640000',
      data: '0x',
    },
  );
  assert.throws(() => toCallObject({ to: '0x12' }), /call\.to: expected a 0x-prefixed 20-byte address/);
  assert.throws(() => toCallObject({ gas: '12x' }), /call\.gas: "12x" is not a non-negative integer/);
  assert.throws(() => toCallObject({ data: '0x123' }), /call\.data: expected 0x-prefixed hex bytes/);
  assert.throws(() => toCallObject({ gasPrice: 1, maxFeePerGas: 2 }), /either gasPrice or maxFeePerGas/);
  assert.throws(() => toCallObject({ nonce: 1 }), /call\.nonce: unknown field/);
  assert.equal(parseDuration('1m30s'), 90_000);
  assert.equal(parseDuration('500ms'), 500);
  assert.throws(() => parseDuration('5 seconds'), /not a duration like 5s/);
});

test(
  'anvil: trace call, tx and block run the tracer and return its result',
  { skip: !anvilAvailable() && 'anvil binary missing' },
  async () => {
    const node: RunningNode = await startAnvil();
    const client = createRpcClient({ name: 'anvil', url: node.url, auth: { kind: 'none' } });
    try {
      const call = await runTrace(client, { kind: 'call', call: toCallObject(creation), block: 'latest' }, opcount);
      assert.deepEqual(call, { PUSH1: 2, MSTORE: 1, STOP: 1 });
      const hash = await client.request<string>('eth_sendTransaction', [{ ...creation, gas: '0x30d40' }]);
      let receipt: { blockHash: string } | null = null;
      for (let i = 0; i < 100 && !receipt; i++) {
        receipt = await client.request('eth_getTransactionReceipt', [hash]);
        if (!receipt) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.ok(receipt, 'the transaction was mined');
      assert.deepEqual(await runTrace(client, { kind: 'tx', hash }, opcount), { PUSH1: 2, MSTORE: 1, STOP: 1 });
      const block = (await runTrace(client, { kind: 'block', hash: receipt.blockHash }, opcount)) as Array<{ result: unknown }>;
      assert.deepEqual(
        block.map((entry) => entry.result),
        [{ PUSH1: 2, MSTORE: 1, STOP: 1 }],
      );
    } finally {
      await client.close();
      await node.stop();
    }
  },
);
