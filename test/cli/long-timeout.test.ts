// `--timeout` longer than a Node.js timer takes (2^31-1 ms, ~24.8 days) waits instead of failing at once, and
// the node still gets the duration as given; one longer than Go accepts is refused before anything is sent.
// The node is a small real HTTP server on 127.0.0.1 that answers after a delay.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCli } from '../support/run-cli';

const dir = mkdtempSync(join(tmpdir(), 'evm-tracer-timeout-'));
const tracer = join(dir, 'noop.tracer.js');
writeFileSync(tracer, '{ step: function () {}, fault: function () {}, result: function () { return 1; } }\n');
const requests: Array<{ method: string; params: unknown[] }> = [];
let server: Server;
let url: string;

before(async () => {
  server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    const call = JSON.parse(body) as { id: number; method: string; params: unknown[] };
    requests.push(call);
    const result = call.method === 'eth_blockNumber' ? '0x10' : { traced: true };
    // Longer than the 1 ms a Node.js timer fires after when given a delay it cannot hold.
    setTimeout(() => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result }));
    }, 300);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(async () => {
  await new Promise<void>((done) => server.close(() => done()));
  rmSync(dir, { recursive: true, force: true });
});

const run = (args: string[]) => runCli(args);

const call = JSON.stringify({ to: '0x0000000000000000000000000000000000000001' });

test('trace --timeout 1000h waits for the slow answer and sends "1000h" to the node', async () => {
  requests.length = 0;
  const traced = await run(['trace', 'call', '--node', url, '--call', call, '--tracer', tracer, '--timeout', '1000h']);
  assert.equal(traced.stderr, '');
  assert.equal(traced.status, 0);
  assert.deepEqual(JSON.parse(traced.stdout), { traced: true });
  const trace = requests.find((request) => request.method === 'debug_traceCall')!;
  assert.equal((trace.params[2] as { timeout: string }).timeout, '1000h');
});

test('--timeout beyond what Go accepts is refused naming the limit, and nothing is sent', async () => {
  requests.length = 0;
  const refused = await run(['trace', 'call', '--node', url, '--call', call, '--tracer', tracer, '--timeout', '3000000h']);
  assert.equal(refused.status, 1);
  assert.equal(refused.stderr, "evm-tracer: time-out '3000000h' is too long: a duration is at most 2562047h47m16.854775807s\n");
  assert.deepEqual(requests, []);
});
