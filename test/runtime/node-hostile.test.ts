// The node under hostile requests, over real HTTP and WebSocket: deeply nested JSON, answers over
// --max-response-bytes, clients that stop reading, runaway tracers from one client, clients that go away
// mid-trace, and time-outs beyond --max-trace-timeout. After each, the node still answers eth_chainId.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { availableParallelism } from 'node:os';
import { after, before, describe, test } from 'node:test';
import { WebSocket } from 'ws';
import { call, rawRequest, spawnNodeWithOutput, waitFor, wsExchange, type RpcReply } from './node-helpers';
import { procStat } from '../support/nodes/process';

type Node = Awaited<ReturnType<typeof spawnNodeWithOutput>>;

const target = '0x' + '5a'.repeat(20);
/** Code at `target`: one STOP, so `step` runs once. */
const overrides = { [target]: { code: '0x00' } };
const runaway = '{step: function() { while (true) {} }, fault: function() {}, result: function() { return 1; }}';
const quick = '{n: 0, step: function() { this.n++; }, fault: function() {}, result: function() { return this.n; }}';
const returning = (chars: number) => `{step: function() {}, fault: function() {}, result: function() { return "x".repeat(${chars}); }}`;
// A generous time-out: serialising tens of MB on a loaded machine can take longer than geth's default 5 s.
const traceCall = (tracer: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'debug_traceCall',
    params: [{ to: target }, 'latest', { tracer, stateOverrides: overrides, timeout: '30s', ...extra }],
  });
const slots = Math.max(2, availableParallelism());

async function stillServing(node: Node) {
  assert.equal(await call(node.url, 'eth_chainId'), '0xa868');
}

/** A POST whose answer must come within `ms` (a generous bound), parsed. */
async function postWithin(url: string, body: string, ms = 30_000): Promise<RpcReply> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    signal: AbortSignal.timeout(ms),
  });
  return (await response.json()) as RpcReply;
}

/** The node's trace workers that are spinning (state R): one per runaway tracer running. */
function spinningWorkers(nodePid: number): number {
  let count = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (stat?.ppid !== nodePid || stat.state !== 'R') continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('trace-worker')) count++;
    } catch {
      // the process ended while we looked
    }
  }
  return count;
}

/** A raw connection that sends `text` as an HTTP POST and never reads: with no 'data' listener, the socket
 * takes in up to its high-water mark (readableLength > 0 once the answer starts), then leaves the rest unread. */
function unreadHttp(port: number, text: string): Socket {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.write(
    `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  );
  return socket;
}

/** The same over a WebSocket: the upgrade, then `text` as one masked text frame (shorter than 64 KiB). */
function unreadWebSocket(port: number, text: string): Socket {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  const key = randomBytes(16).toString('base64');
  socket.write(
    `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  const payload = Buffer.from(text);
  const mask = randomBytes(4);
  const header = Buffer.from([0x81, 0x80 | 126, payload.length >> 8, payload.length & 0xff]);
  socket.write(Buffer.concat([header, mask, payload.map((byte, i) => byte ^ mask[i % 4])]));
  return socket;
}

/** A WebSocket client; `localAddress` makes it another client (the node tells clients apart by address). */
function openSocket(url: string, localAddress?: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { localAddress });
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

describe('hostile requests', () => {
  let node: Node;
  const limit = 40_000_000;
  before(async () => (node = await spawnNodeWithOutput(['--max-response-bytes', String(limit), '--max-trace-timeout', '120s'])));
  after(() => node?.stop());

  test('deeply nested JSON gets -32700 (HTTP and WebSocket) instead of a stack overflow; nesting within bounds is an invalid request', async () => {
    const tooDeep = ['['.repeat(8000) + ']'.repeat(8000), '{"a":'.repeat(8000) + '1' + '}'.repeat(8000)];
    for (const body of tooDeep) {
      const reply = await rawRequest(node.url, { headers: { 'content-type': 'application/json' }, body });
      assert.equal(reply.status, 200);
      const answer = JSON.parse(reply.text) as RpcReply;
      assert.deepEqual([answer.id, answer.error?.code], [null, -32700]);
      assert.match(answer.error!.message, /^parse error: exceeded max depth 1000 at offset \d+$/);
      assert.deepEqual(await wsExchange(node.wsUrl, body), answer);
    }
    const deepBatch = await wsExchange(node.wsUrl, '['.repeat(900) + ']'.repeat(900));
    assert.deepEqual(deepBatch, [{ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'invalid request' } }]);
    await stillServing(node);
  });

  test('an answer over --max-response-bytes is a -32003 error naming its size and the limit (HTTP, WebSocket, batches)', async () => {
    const big = await postWithin(node.url, traceCall(returning(limit)));
    assert.equal(big.error?.code, -32003);
    assert.equal(
      big.error?.message,
      `response too large: ${limit + 2 + 34} bytes, more than the node's limit of ${limit} bytes (--max-response-bytes)`,
    );
    const overWs = (await wsExchange(node.wsUrl, traceCall(returning(limit)))) as RpcReply;
    assert.equal(overWs.error?.code, -32003);
    const third = Math.floor(limit / 3) + 1000;
    const batch = JSON.parse(`[${[1, 2, 3].map(() => traceCall(returning(third))).join(',')}]`) as object[];
    const answers = (await postWithin(node.url, JSON.stringify(batch))) as unknown as RpcReply[];
    assert.equal(answers.filter((answer) => typeof answer.result === 'string' && answer.result.length === third).length, 2);
    const [dropped] = answers.filter((answer) => answer.error);
    assert.match(
      dropped.error!.message,
      /^response too large: \d+ bytes, and the batch's earlier answers leave \d+ of the node's limit of 40000000 bytes/,
    );
    await stillServing(node);
  });

  for (const transport of ['HTTP', 'WebSocket'] as const) {
    test(`${transport} clients that stop reading hold their answers once: while those exceed the limit new traces wait, and go on when the clients leave`, async () => {
      const port = Number(new URL(node.url).port);
      const request = traceCall(returning(Math.floor(limit * 0.9)));
      const unread = Array.from({ length: 3 }, () => (transport === 'HTTP' ? unreadHttp(port, request) : unreadWebSocket(port, request)));
      // Two unread answers of 0.9 × the limit exceed it even after the sockets' kernel buffers took their share.
      await waitFor('two answers to start arriving', () => unread.filter((socket) => socket.readableLength > 1000).length >= 2);
      await assert.rejects(
        postWithin(node.url, traceCall(quick), 2000),
        { name: 'TimeoutError' },
        'a new trace waits while unread answers exceed the limit',
      );
      for (const socket of unread) socket.destroy();
      assert.equal((await postWithin(node.url, traceCall(quick))).result, 1);
      await stillServing(node);
    });
  }

  test("two runaway tracers from one client do not stop another client's trace; closing that client kills them", async () => {
    const hog = await openSocket(node.wsUrl, '127.0.0.2');
    let hogAnswered = false;
    hog.on('message', () => (hogAnswered = true));
    hog.send(traceCall(runaway, { timeout: '1h' }));
    hog.send(traceCall(runaway, { timeout: '1h' }));
    // One client runs at most slots - 1 traces at once.
    await waitFor('the runaway tracers to spin', () => spinningWorkers(node.pid) >= Math.min(2, slots - 1));
    assert.equal((await postWithin(node.url, traceCall(quick))).result, 1);
    assert.equal(hogAnswered, false, 'the runaways were still running when the other client was answered');
    hog.terminate();
    await waitFor('the runaway workers to be killed', () => spinningWorkers(node.pid) === 0, 10_000);
    await stillServing(node);
  });

  test('HTTP clients that go away mid-trace have their traces killed: every slot is free again at once', async () => {
    // One client per slot (a client holds at most all slots but one), each from its own loopback address.
    const gone = Array.from({ length: slots }, (_, i) => {
      const request = httpRequest(node.url, {
        method: 'POST',
        localAddress: `127.0.0.${10 + i}`,
        headers: { 'content-type': 'application/json' },
      });
      request.on('error', () => undefined);
      request.end(traceCall(runaway, { timeout: '1h' }));
      return request;
    });
    await waitFor('a runaway tracer in every slot', () => spinningWorkers(node.pid) >= slots);
    for (const request of gone) request.destroy();
    await waitFor('the runaway workers to be killed', () => spinningWorkers(node.pid) === 0, 10_000);
    assert.equal((await postWithin(node.url, traceCall(quick))).result, 1);
    await stillServing(node);
  });
});

describe('--max-trace-timeout', () => {
  let node: Node;
  before(async () => (node = await spawnNodeWithOutput(['--max-trace-timeout', '2s'])));
  after(() => node?.stop());

  test('a longer timeout is clamped to the cap: a runaway asking for 90s or 1000h is stopped at 2 s with geth text', async () => {
    for (const timeout of ['90s', '1000h']) {
      const reply = await postWithin(node.url, traceCall(runaway, { timeout }));
      assert.equal(reply.error?.code, -32000, timeout);
      assert.match(reply.error!.message, /^execution timeout .*in server-side tracer function 'step'$/, timeout);
    }
    await stillServing(node);
  });

  test('timeout "1000h" does not fire at once (timer overflow): a quick trace succeeds', async () => {
    assert.equal((await postWithin(node.url, traceCall(quick, { timeout: '1000h' }))).result, 1);
    const viaWs = (await wsExchange(node.wsUrl, traceCall(quick, { timeout: '1000h' }))) as RpcReply;
    assert.equal(viaWs.result, 1);
    await stillServing(node);
  });
});

test('bad --max-trace-timeout / --max-response-bytes values exit 2 naming the flag', () => {
  const cases: Array<[string[], RegExp]> = [
    [['--max-trace-timeout', '1000h'], /--max-trace-timeout must be between 1ms and 2147483647ms/],
    [['--max-trace-timeout', '0s'], /--max-trace-timeout must be between/],
    [['--max-trace-timeout', 'soon'], /--max-trace-timeout: time-out 'soon' is not a duration/],
    [['--max-response-bytes', '10MB'], /--max-response-bytes must be an integer/],
  ];
  for (const [args, message] of cases) {
    const run = spawnSync(process.execPath, ['dist/cli.js', 'node', '--port', '0', ...args], { encoding: 'utf8', timeout: 30_000 });
    assert.equal(run.status, 2, args.join(' '));
    assert.match(run.stderr, message);
  }
});
