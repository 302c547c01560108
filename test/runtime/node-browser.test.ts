// A real web page (headless Chromium) on another port tries to make the node run a tracer: a `no-cors`
// text/plain fetch, a text/plain form POST whose body is JSON, a WebSocket, and a fetch through a host name
// resolving to 127.0.0.1 (DNS rebinding). Each carries a debug_traceCall whose tracer would write a canary
// file if it escaped its sandbox; the node must refuse every one before running it.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { chromiumPath, launchBrowser } from '../e2e/lib/browser.mjs';
import { call, post, spawnNodeWithOutput } from './node-helpers';

/** A debug_traceCall whose tracer tries to reach Node's fs through the Function constructor. */
function escapingTrace(canary: string): string {
  const tracer = `{fault: function() {}, result: function() { var P = toHex.constructor('return process')(); P.getBuiltinModule ? P.getBuiltinModule('fs').writeFileSync(${JSON.stringify(canary)}, 'x') : 0; return 1; }}`;
  return JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'debug_traceCall',
    params: [{ to: '0x' + '11'.repeat(20) }, 'latest', { tracer }],
  });
}

/** The attacking page: every attempt runs, then `window.outcome` holds what the page saw of each. */
function attackPage(node: string, ws: string, rebound: string, canaries: string): string {
  const body = (name: string) => JSON.stringify(escapingTrace(join(canaries, name)));
  // A text/plain form sends "name=value": the JSON goes in the name, up to a string member that swallows the "=".
  const formRequest = escapingTrace(join(canaries, 'form'));
  const formName = JSON.stringify(formRequest.slice(0, -1) + ',"pad":"');
  return `<!doctype html><meta charset="utf-8"><title>attack</title>
<iframe name="sink"></iframe>
<form id="form" method="POST" enctype="text/plain" target="sink" action="${node}/"><input id="field" type="hidden"></form>
<script>
window.outcome = {};
const attempt = async (name, action) => { try { outcome[name] = await action(); } catch (error) { outcome[name] = 'failed: ' + error; } };
(async () => {
  await attempt('fetch', async () => (await fetch(${JSON.stringify(node + '/')}, { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body: ${body('fetch')} })).type);
  await attempt('rebind', async () => (await fetch(${JSON.stringify(rebound + '/')}, { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body: ${body('rebind')} })).type);
  await attempt('form', () => new Promise((resolve) => {
    document.querySelector('iframe').onload = () => resolve('submitted');
    const field = document.getElementById('field');
    field.name = ${formName};
    field.value = '"}';
    document.getElementById('form').submit();
  }));
  await attempt('ws', () => new Promise((resolve) => {
    const socket = new WebSocket(${JSON.stringify(ws)});
    socket.onopen = () => { socket.send(${body('ws')}); resolve('opened'); };
    socket.onerror = () => resolve('refused');
  }));
  outcome.done = true;
})();
</script>`;
}

test('a web page on another origin cannot get the node to run a tracer (fetch no-cors, form POST, WebSocket, DNS rebinding)', async (t) => {
  if (!existsSync(chromiumPath)) {
    t.skip(`Debian Chromium is not installed at ${chromiumPath} (test/setup/vscode.mjs installs it: apt-get install chromium)`);
    return;
  }
  const canaries = mkdtempSync(join(tmpdir(), 'evm-tracer-canary-'));
  const node = await spawnNodeWithOutput([]);
  let pages: Server | undefined;
  const browser = await launchBrowser(['--host-resolver-rules=MAP rebind.example 127.0.0.1', '--no-proxy-server']);
  try {
    const nodePort = new URL(node.url).port;
    let page = '';
    pages = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(page);
    });
    await new Promise<void>((resolve) => pages!.listen(0, '127.0.0.1', resolve));
    const pageOrigin = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
    page = attackPage(node.url, node.wsUrl, `http://rebind.example:${nodePort}`, canaries);

    const tab = await (await browser.newContext()).newPage();
    await tab.goto(pageOrigin + '/');
    await tab.waitForFunction(() => (window as unknown as { outcome: { done?: boolean } }).outcome.done === true, undefined, {
      timeout: 30_000,
    });
    const outcome = await tab.evaluate(() => (window as unknown as { outcome: Record<string, unknown> }).outcome);
    // The page saw its requests go out (opaque answers it cannot read) and the WebSocket fail.
    assert.deepEqual(outcome, { fetch: 'opaque', rebind: 'opaque', form: 'submitted', ws: 'refused', done: true });

    const lines = node.output().split('\n');
    assert.equal(
      lines.filter((line) => line === `refused request: Origin ${pageOrigin} not allowed (allow it with --cors)`).length,
      2,
      node.output(),
    );
    assert.ok(lines.includes(`refused WebSocket upgrade: Origin ${pageOrigin} not allowed (allow it with --cors)`), node.output());
    assert.ok(lines.includes(`refused request: Host rebind.example:${nodePort} not allowed (allow it with --vhosts)`), node.output());
    assert.deepEqual(readdirSync(canaries), [], 'no tracer ran');

    // The same request from a client that is no browser is run: the refusals above came from the browser rules.
    const direct = await post(node.url, escapingTrace(join(canaries, 'direct')));
    assert.equal(direct.status, 200);
    assert.ok('result' in JSON.parse(direct.text) || 'error' in JSON.parse(direct.text));
    assert.equal(await call(node.url, 'eth_chainId'), '0xa868');
  } finally {
    await browser.close();
    pages?.close();
    await node.stop();
    rmSync(canaries, { recursive: true, force: true });
  }
});
