// The node process: exactly one "listening" line, a clean exit (status 0) on SIGINT and SIGTERM, and
// usage errors for bad options.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { launchLocalNode } from '../../core/local-node-launcher';
import { maskSecrets } from '../../core/rpc/endpoint';
import { accessKey } from '../access/secrets';
import { post } from './node-helpers';

async function runUntilSignal(signal: NodeJS.Signals): Promise<{ code: number | null; output: string; url: string }> {
  const child = spawn(process.execPath, ['dist/cli.js', 'node', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  while (!output.includes('\n') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  const url = /http:\/\/\S+/.exec(output)?.[0] ?? '';
  assert.equal((await post(url, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }))).status, 200);
  child.kill(signal);
  return { code: await exited, output, url };
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  test(`prints one listening line and exits 0 on ${signal}, closing the port`, async () => {
    const { code, output, url } = await runUntilSignal(signal);
    assert.match(output, /^listening on http:\/\/127\.0\.0\.1:\d+ \(ws:\/\/127\.0\.0\.1:\d+\)\n$/);
    assert.equal(code, 0);
    await assert.rejects(post(url, '{}'));
  });
}

test('bad options are usage errors (status 2) that say what is wrong', () => {
  const cases: Array<[string[], RegExp]> = [
    [['--hardfork', 'nope'], /unknown --hardfork 'nope'/],
    [['--port', 'x'], /--port must be an integer/],
    [['--port', '99999'], /--port must be an integer from 0 to 65535 \(got '99999'\)/],
    [['--basic', 'nocolon'], /--basic must be USER:PASS/],
    [['--fork-block', '5'], /--fork-block needs --fork URL/],
    [['--genesis', '/nonexistent/genesis.json'], /cannot read --genesis/],
  ];
  for (const [args, message] of cases) {
    const run = spawnSync(process.execPath, ['dist/cli.js', 'node', ...args], { encoding: 'utf8', timeout: 60_000 });
    assert.equal(run.status, 2, args.join(' '));
    assert.match(run.stderr, message);
  }
});

test('a fork upstream that cannot be reached fails start-up without printing its key', () => {
  const run = spawnSync(process.execPath, ['dist/cli.js', 'node', '--port', '0', '--fork', 'http://127.0.0.1:1/s3cret-key/ext/bc/C/rpc'], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(run.status, 1);
  assert.match(run.stderr, /fork upstream http:\/\/127\.0\.0\.1:1\/\*\*\*\*: eth_chainId failed/);
  assert.ok(!run.stderr.includes('s3cret-key') && !run.stdout.includes('s3cret-key'));
});

test('launchLocalNode gives up cleanly when its signal is aborted', async () => {
  await assert.rejects(launchLocalNode({ cliPath: 'dist/cli.js', signal: AbortSignal.abort() }), /the local node did not start: cancelled/);
  const controller = new AbortController();
  const starting = launchLocalNode({ cliPath: 'dist/cli.js', signal: controller.signal });
  controller.abort();
  await assert.rejects(starting, /cancelled/);
});

test("a failed start shows the node's last stderr lines whole: none starts with the rest of a secret cut off", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'evm-tracer-stderr-'));
  try {
    // The shown tail (2000 characters) starts 10 characters into the key, on a line the caller's masking could not
    // recognise the key in any more.
    const last = '\nfork upstream failed\n';
    const line = `upstream said: ${'e'.repeat(100)}${accessKey}${'e'.repeat(2000 + 10 - accessKey.length - last.length)}`;
    // A stand-in for the CLI: writes that, then waits; the launch is cancelled once all of it has arrived.
    const fake = join(dir, 'fake-cli.js');
    writeFileSync(fake, `process.stderr.write(${JSON.stringify(`starting\n${line}${last}`)}); setInterval(() => {}, 1000);\n`);
    const controller = new AbortController();
    let received = '';
    const onStderr = (text: string) => (received += text).endsWith(last) && controller.abort();
    const error = await launchLocalNode({ cliPath: fake, signal: controller.signal, onStderr }).then(
      () => assert.fail('expected a failure'),
      (e: Error) => e,
    );
    assert.equal(
      maskSecrets(error.message, { auth: { kind: 'key', key: accessKey } }),
      'the local node did not start: cancelled\nfork upstream failed',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
