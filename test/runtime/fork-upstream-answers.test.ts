// Fork mode against an upstream whose answers are malformed, padded or out of order (a hostile JSON-RPC node on
// 127.0.0.1 whose URL carries the key in its path): a chain id, head, fork block or chain config that geth would
// not take is refused at start-up with an error naming the upstream (masked) and what was wrong; a padded chain
// config is refused past its size bound and otherwise kept as only what the runtime reads; a malformed block
// traced from the upstream fails the trace with the field named, masked and short.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { accessKey, assertNoSecret } from '../access/secrets';
import { echoBlock as forkBlock, startEchoNode, type Call, type Echo, type EchoNode } from '../support/echo-node';
import { call, rpc, runNode, startNode } from './node-helpers';

const keyPath = `/${accessKey}/ext/bc/C/rpc`;

/** Ethereum rules through Cancun, of the echo node's chain id (43114; its genesis is no known chain's). */
const rules = {
  chainId: 43114,
  ...Object.fromEntries(
    ['homestead', 'eip150', 'eip155', 'eip158', 'byzantium', 'constantinople', 'petersburg', 'istanbul', 'berlin', 'london'].map((fork) => [
      `${fork}Block`,
      0,
    ]),
  ),
  shanghaiTime: 0,
  cancunTime: 0,
};

const padded = (keys: number): Record<string, unknown> => {
  const config: Record<string, unknown> = { ...rules };
  for (let i = 0; i < keys; i++) config[`padding${i}`] = i;
  return config;
};

describe('an upstream with malformed, padded or out-of-order answers', () => {
  let upstream: EchoNode;
  let masked: string;
  before(async () => {
    upstream = await startEchoNode();
    masked = `${upstream.httpBase}/****`;
  });
  after(() => upstream?.close());

  /** Start-up with `method` answered by `value` fails with exactly `evm-tracer: fork upstream MASKED: REASON`. */
  async function assertRefused(
    when: (call: Call) => boolean,
    value: (echo: Echo) => unknown,
    reason: string,
    args = ['--hardfork', 'prague'],
  ): Promise<void> {
    upstream.hostile = { when, answer: (echo) => ({ kind: 'result', value: value(echo) }) };
    const run = await runNode(['--fork', upstream.httpBase + keyPath, '--no-cache', '--accounts', '0', ...args]);
    assertNoSecret(run.stdout + run.stderr, 'the start-up output');
    assert.equal(run.stderr, `evm-tracer: fork upstream ${masked}: ${reason}\n`);
    assert.equal(run.status, 1);
  }

  test('an eth_chainId that is not a hex quantity, or beyond what the runtime runs, is refused', async () => {
    const chainId = (call: Call) => call.method === 'eth_chainId';
    const expected = 'eth_chainId: expected a hex quantity of at most 256 bits (0x, no leading zeros), got';
    for (const [answer, shown] of [
      [true, 'true'],
      [[], '[]'],
      ['', '""'],
      ['0x01', '"0x01"'],
      ['0x' + '1'.repeat(80), `"0x${'1'.repeat(80)}"`],
    ] as const)
      await assertRefused(chainId, () => answer, `${expected} ${shown}`);
    await assertRefused(chainId, (echo) => echo.path, `${expected} "****"`);
    await assertRefused(
      chainId,
      () => '0x' + (2n ** 60n).toString(16),
      `eth_chainId: chain id ${2n ** 60n} is larger than ${Number.MAX_SAFE_INTEGER}, the largest this runtime runs`,
    );
  });

  test('a head or fork block that is malformed or not the one asked for is refused', async () => {
    await assertRefused(
      (call) => call.method === 'eth_blockNumber',
      () => 16,
      'eth_blockNumber: expected a hex quantity of at most 64 bits (0x, no leading zeros), got 16',
    );
    const block = (call: Call) => call.method === 'eth_getBlockByNumber' && call.params[0] === '0x10';
    await assertRefused(block, () => ({ ...forkBlock, number: '0x11' }), 'fork block #16: the upstream answered block #17 instead');
    await assertRefused(block, () => ({ ...forkBlock, hash: '0x11' }), 'fork block #16: hash: expected 32 bytes of 0x-hex, got "0x11"');
    await assertRefused(
      block,
      () => ({ ...forkBlock, timestamp: '0x10000000000000000' }),
      'fork block #16: timestamp: expected a hex quantity of at most 64 bits (0x, no leading zeros), got "0x10000000000000000"',
    );
    await assertRefused(
      block,
      (echo) => ({ ...forkBlock, miner: echo.path }),
      'fork block #16: miner: expected 20 bytes of 0x-hex, got "****"',
    );
    await assertRefused(block, () => 'a block', 'fork block #16: the upstream answered "a block", not a block');
  });

  test('a chain config whose forks are out of order (as geth refuses it) or with a number past 256 bits is refused', async () => {
    await assertRefused(
      (call) => call.method === 'debug_chainConfig',
      () => ({ ...rules, berlinBlock: 5 }),
      "the upstream's debug_chainConfig answer: unsupported fork ordering: berlinBlock enabled at block 5, but londonBlock enabled at block 0",
      [],
    );
    await assertRefused(
      (call) => call.method === 'debug_chainConfig',
      () => ({ ...rules, istanbulBlock: undefined }),
      "the upstream's debug_chainConfig answer: unsupported fork ordering: istanbulBlock not enabled, but berlinBlock enabled at block 0",
      [],
    );
    await assertRefused(
      (call) => call.method === 'debug_chainConfig',
      () => ({ ...rules, cancunTime: '9'.repeat(100_000) }),
      "the upstream's debug_chainConfig answer.cancunTime: a number of more than 256 bits",
      [],
    );
  });

  test('a chain config padded to 24 MB (a million keys) is refused past its size bound', async () => {
    const answer = padded(1_000_000);
    await assertRefused(
      (call) => call.method === 'debug_chainConfig',
      () => answer,
      'debug_chainConfig failed: the answer is larger than 1048576 bytes',
      [],
    );
  });

  test('a padded chain config within the bound keeps only what the runtime reads; traces run', async () => {
    const answer = padded(20_000);
    upstream.hostile = { when: (call) => call.method === 'debug_chainConfig', answer: () => ({ kind: 'result', value: answer }) };
    const node = await startNode(['--fork', upstream.httpBase + keyPath, '--no-cache', '--accounts', '0']);
    try {
      assert.deepEqual(await call(node.url, 'debug_chainConfig'), rules);
      const tracer = '{fault: function () {}, result: function (ctx, db) { return db.getBalance(toAddress("0x01")).toString(); }}';
      assert.equal(await call(node.url, 'debug_traceCall', [{ to: '0x' + '00'.repeat(19) + '02' }, 'latest', { tracer }]), '0');
    } finally {
      await node.stop();
    }
  });
});

describe('a block traced from the upstream, malformed', () => {
  let upstream: EchoNode;
  let node: Awaited<ReturnType<typeof startNode>>;
  before(async () => {
    upstream = await startEchoNode();
    node = await startNode(['--fork', upstream.httpBase + keyPath, '--no-cache', '--accounts', '0', '--hardfork', 'prague']);
  });
  after(async () => {
    await node?.stop();
    await upstream?.close();
  });

  test('a field echoing the key in 10 MB fails the trace naming the field, masked and short', async () => {
    upstream.hostile = {
      when: (call) => call.method === 'eth_getBlockByNumber' && call.params[0] === '0x5',
      answer: (echo) => ({
        kind: 'result',
        value: { ...forkBlock, number: '0x5', timestamp: echo.path + 'x'.repeat(10_000_000) },
      }),
    };
    const reply = await rpc(node.url, 'debug_traceBlockByNumber', ['0x5', { tracer: 'callTracer' }]);
    assertNoSecret(JSON.stringify(reply), 'debug_traceBlockByNumber');
    assert.equal(reply.error?.code, -32000, JSON.stringify(reply).slice(0, 300));
    assert.match(
      reply.error.message,
      /^fork upstream http:\/\/127\.0\.0\.1:\d+\/\*\*\*\*: block #5: timestamp: expected a hex quantity of at most 64 bits \(0x, no leading zeros\), got "\*\*\*\*x+…$/,
    );
    assert.ok(reply.error.message.length <= 700, `a message of ${reply.error.message.length} characters`);
  });

  test('by hash too: a block number echoing the key fails the trace, masked', async () => {
    const hash = '0x' + '33'.repeat(32);
    upstream.hostile = {
      when: (call) => call.method === 'eth_getBlockByHash' && call.params[0] === hash,
      answer: (echo) => ({ kind: 'result', value: { ...forkBlock, hash, number: echo.path } }),
    };
    const reply = await rpc(node.url, 'debug_traceBlockByHash', [hash, { tracer: 'callTracer' }]);
    assertNoSecret(JSON.stringify(reply), 'debug_traceBlockByHash');
    assert.deepEqual(reply.error, {
      code: -32000,
      message: `fork upstream ${upstream.httpBase}/****: block ${hash}: number: expected a hex quantity of at most 64 bits (0x, no leading zeros), got "****"`,
    });
  });

  test('a block other than the one asked for is refused', async () => {
    upstream.hostile = {
      when: (call) => call.method === 'eth_getBlockByNumber' && call.params[0] === '0x6',
      answer: () => ({ kind: 'result', value: { ...forkBlock, number: '0x7' } }),
    };
    const reply = await rpc(node.url, 'debug_traceBlockByNumber', ['0x6', { tracer: 'callTracer' }]);
    assert.match(
      reply.error?.message ?? '',
      /^fork upstream http:\/\/127\.0\.0\.1:\d+\/\*\*\*\*: block #6: the upstream answered block #7 instead$/,
    );
  });
});
