// The wait before a debug run attaches VS Code's debugger: only once the port answers, only to the debug
// run's own trace worker (found by its script in the inspector's target list), and never when the trace has
// already failed. Real processes on 127.0.0.1: a Node.js process with an open inspector, and a hostile
// HTTP server that holds the port and lists a target of its own.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, test } from 'node:test';
import { freePort, inspectorOpened } from '../../../client/trace/inspector-port';

const dir = realpathSync(mkdtempSync(join(tmpdir(), 'evm-tracer-inspector-port-')));
const worker = join(dir, 'trace-worker.js');
writeFileSync(worker, 'setTimeout(() => {}, 60_000);\n');
const workerUrl = pathToFileURL(worker).href;
const children: ChildProcess[] = [];
after(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const pending = new Promise<never>(() => {});

test("the worker's own debugger address, once its inspector opens on the port", async () => {
  const port = await freePort();
  // Opened a moment later, as the trace worker does.
  setTimeout(() => children.push(spawn(process.execPath, [`--inspect=127.0.0.1:${port}`, worker], { stdio: 'ignore' })), 300);
  const opened = await inspectorOpened(port, workerUrl, pending, 30_000);
  assert.equal(opened.kind, 'open');
  assert.match(opened.kind === 'open' ? opened.address : '', new RegExp(`^ws://127\\.0\\.0\\.1:${port}/[0-9a-f-]{36}$`));
});

test('another program on the port, even one listing a debugger target, is refused', async () => {
  const impostor = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify([
        { url: 'file:///elsewhere/app.js', webSocketDebuggerUrl: `ws://127.0.0.1:${(impostor.address() as AddressInfo).port}/x` },
      ]),
    );
  });
  await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
  const { port } = impostor.address() as AddressInfo;
  try {
    const message = `something other than this debug run's trace worker answers on 127.0.0.1:${port}; run the debug trace again`;
    await assert.rejects(inspectorOpened(port, workerUrl, pending, 30_000), { message });
    // Naming the worker's script is not enough: the address must be on the port asked about.
    impostor.removeAllListeners('request');
    impostor.on('request', (_request, response) =>
      response.end(JSON.stringify([{ url: workerUrl, webSocketDebuggerUrl: 'ws://198.51.100.7:9229/x' }])),
    );
    await assert.rejects(inspectorOpened(port, workerUrl, pending, 30_000), { message });
  } finally {
    impostor.closeAllConnections();
    await new Promise((resolve) => impostor.close(resolve));
  }
});

test('a trace that fails before its worker listens ends the wait; a port that never opens times out', async () => {
  const port = await freePort();
  const failed = Promise.reject(new Error('the node refused the trace'));
  assert.deepEqual(await inspectorOpened(port, workerUrl, failed, 30_000), { kind: 'ended' });
  assert.deepEqual(await inspectorOpened(port, workerUrl, pending, 300), { kind: 'timeout' });
});
