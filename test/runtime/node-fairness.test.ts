// One client cannot starve the rest. Trace slots are shared per client (remote address and credentials),
// not per connection, so one process opening 40 WebSocket connections, each running a trace that loops until
// its time-out, is one client and leaves a slot to a newcomer; and one address holds a bounded number of
// connections. Clients come from different loopback addresses (127.0.0.2, 127.0.0.3: all of 127/8 is local
// on Linux), as they would from different machines.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { WebSocket } from 'ws';
import { rawRequest, rpc, startNode, waitFor, type RpcReply } from './node-helpers';

const looping = '{ fault: function () {}, result: function () { while (true) {} } }';

/** A WebSocket client connecting from `localAddress`. */
function openSocket(url: string, localAddress: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { localAddress });
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
    socket.once('close', () => reject(new Error('closed before it opened')));
  });
}

function send(socket: WebSocket, method: string, params: unknown[]): Promise<RpcReply> {
  return new Promise((resolve) => {
    socket.once('message', (data) => resolve(JSON.parse(data.toString()) as RpcReply));
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }));
  });
}

test(
  'a client with 40 connections running long traces leaves a slot: another client is answered while they all still run',
  { skip: process.platform !== 'linux' && 'needs the 127/8 loopback range', timeout: 120_000 },
  async () => {
    const node = await startNode(['--max-trace-timeout', '60s']);
    const sockets: WebSocket[] = [];
    try {
      for (let i = 0; i < 40; i++) sockets.push(await openSocket(node.wsUrl, '127.0.0.2'));
      let attackerAnswers = 0;
      const attacks = sockets.map((socket) =>
        send(socket, 'debug_traceCall', [{ data: '0x00' }, 'latest', { tracer: looping, timeout: '50s' }]).then(() => attackerAnswers++),
      );
      // The attacker's traces hold their slots before the victim asks.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const victim = await openSocket(node.wsUrl, '127.0.0.1');
      const answer = await send(victim, 'debug_traceCall', [{ data: '0x600160005200' }, 'latest', { tracer: 'callTracer' }]);
      victim.close();
      assert.equal((answer.result as { type?: string } | undefined)?.type, 'CREATE', JSON.stringify(answer));
      assert.equal(attackerAnswers, 0, "the victim was answered while every one of the attacker's traces still ran");
      // The attacker goes away: its traces are cancelled, and the node serves on.
      for (const socket of sockets) socket.terminate();
      void attacks;
      assert.equal((await rpc(node.url, 'eth_chainId')).result, '0xa868');
    } finally {
      for (const socket of sockets) socket.terminate();
      await node.stop();
    }
  },
);

test(
  'one address holds at most --max-connections-per-client connections (more get 429); others are still served, and a closed one frees its place',
  { skip: process.platform !== 'linux' && 'needs the 127/8 loopback range', timeout: 60_000 },
  async () => {
    let log = '';
    const node = await startNode(['--max-connections-per-client', '8'], { onStderr: (text) => (log += text) });
    const sockets: WebSocket[] = [];
    try {
      for (let i = 0; i < 8; i++) sockets.push(await openSocket(node.wsUrl, '127.0.0.3'));
      await assert.rejects(openSocket(node.wsUrl, '127.0.0.3'), /Unexpected server response: 429/);
      const overHttp = await rawRequest(node.url, {
        headers: { 'content-type': 'application/json' },
        body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}',
        localAddress: '127.0.0.3',
      });
      assert.equal(overHttp.status, 429);
      assert.equal(overHttp.text, 'too many connections from 127.0.0.3: at most 8 at once\n');
      await waitFor(
        "the refusal in the node's log",
        () => /^refused connection: 127\.0\.0\.3 already holds 8 connections \(--max-connections-per-client\)$/m.test(log),
        10_000,
      );
      // Another address is unaffected, over WebSocket and HTTP.
      const other = await openSocket(node.wsUrl, '127.0.0.4');
      assert.equal((await send(other, 'eth_chainId', [])).result, '0xa868');
      other.close();
      assert.equal((await rpc(node.url, 'eth_chainId')).result, '0xa868');
      // A closed connection frees its place.
      sockets.pop()!.close();
      let again: WebSocket | undefined;
      await waitFor(
        'a place for 127.0.0.3',
        async () => {
          again = await openSocket(node.wsUrl, '127.0.0.3').catch(() => undefined);
          return again !== undefined;
        },
        10_000,
      );
      assert.equal((await send(again!, 'eth_chainId', [])).result, '0xa868');
      sockets.push(again!);
    } finally {
      for (const socket of sockets) socket.terminate();
      await node.stop();
    }
  },
);
