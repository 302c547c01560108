// The `evm-tracer` trace/check/xchain commands as a user runs them: dist/cli.js spawned against real
// servers (anvil, the provider-like HTTPS server, the local node). Asserts stdout, stderr, exit status,
// and that no key or password ever appears in what the command prints.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { anvilAvailable, startAnvil } from '../support/nodes/anvil';
import type { RunningNode } from '../support/nodes/process';
import { startProviderServer, type ProviderServer } from '../support/provider-server';
import { trustingCli } from '../support/run-cli';
import { accessKey, assertNoSecret, password } from './secrets';

const cli = resolve('dist/cli.js');
const dir = mkdtempSync(join(tmpdir(), 'evm-tracer-cli-'));
const opcount = join(dir, 'opcount.tracer.js');
const caFile = join(dir, 'ca.pem');
let keyed: ProviderServer;
let basic: ProviderServer;
/** Keys elsewhere in the path than avalanchego's layout, as other providers place them. */
let pathKeyed: ProviderServer;
const plainKey = 'plainword';

/** The CLI trusting the test servers' certificates; no key or password may appear in what it prints. */
const run = trustingCli(caFile);

before(async () => {
  writeFileSync(
    opcount,
    '{\n  counts: {},\n  step: function (log) { var n = log.op.toString(); this.counts[n] = (this.counts[n] || 0) + 1; },\n  fault: function (log) {},\n  result: function () { return this.counts; }\n}\n',
  );
  keyed = await startProviderServer({ key: accessKey });
  basic = await startProviderServer({ basic: { username: 'alice', password } });
  pathKeyed = await startProviderServer({ paths: [`/v1/${accessKey}/rpc`, `/v1/${plainKey}/rpc`] });
  // One file trusting every self-signed certificate, as a user would with NODE_EXTRA_CA_CERTS.
  writeFileSync(caFile, `${keyed.cert.trim()}\n${basic.cert.trim()}\n${pathKeyed.cert.trim()}\n`);
  pathKeyed.on('debug_traceTransaction', { kind: 'echo-page', status: 502 });
  for (const server of [keyed, basic, pathKeyed]) {
    server.on('eth_chainId', { kind: 'result', value: '0xa86a' });
    server.on('eth_blockNumber', { kind: 'result', value: '0x10' });
    server.on('debug_traceCall', { kind: 'result', value: { marker: 'evm-tracer-support-check', steps: 3 } });
  }
});
after(async () => {
  await keyed.stop();
  await basic.stop();
  await pathKeyed.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('trace call on anvil prints the result JSON and exits 0', { skip: !anvilAvailable() && 'anvil binary missing' }, async () => {
  const node: RunningNode = await startAnvil();
  try {
    const call = JSON.stringify({ from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', data: '0x6001600052' });
    const traced = await run(['trace', 'call', '--node', node.url, '--call', call, '--tracer', opcount]);
    assert.equal(traced.status, 0, traced.stderr);
    assert.deepEqual(JSON.parse(traced.stdout), { PUSH1: 2, MSTORE: 1, STOP: 1 });
    const checked = await run(['check', '--node', node.url, '--network', 'mainnet']);
    assert.equal(checked.status, 0, checked.stderr);
    assert.match(checked.stdout, /: supported\n  custom JS tracers run \(checked with debug_traceCall\); ES2015 syntax is accepted too/);
  } finally {
    await node.stop();
  }
});

test('--key-env puts the key in the path; a wrong key fails classified and masked on stderr', async () => {
  const ok = await run(['check', '--node', keyed.httpBase, '--key-env', 'TEST_NODE_KEY', '--json'], { TEST_NODE_KEY: accessKey });
  assert.equal(ok.status, 0, ok.stderr);
  const report = JSON.parse(ok.stdout) as { node: string; status: string };
  assert.equal(report.status, 'supported');
  assert.equal(report.node, `${keyed.httpBase}/****/ext/bc/C/rpc`);
  assert.equal(keyed.requests.at(-1)!.path, `/${accessKey}/ext/bc/C/rpc`);

  const wrong = await run([
    'trace',
    'tx',
    `0x${'ab'.repeat(32)}`,
    '--tracer',
    opcount,
    '--node',
    `${keyed.httpBase}/${accessKey}-old/ext/bc/C/rpc`,
  ]);
  assert.equal(wrong.status, 1);
  assert.equal(wrong.stdout, '');
  assert.match(wrong.stderr, /^evm-tracer: not-found: HTTP 404 from https:\/\/127\.0\.0\.1:\d+\/\*\*\*\*\/ext\/bc\/C\/rpc/);
});

test('a key elsewhere in the path (given with --key, pasted, or as {key} of a named endpoint) is dialled there and masked, also in an HTML error page that echoes the URL', async () => {
  const url = `${pathKeyed.httpBase}/v1/${accessKey}/rpc`;
  const declared = await run(['check', '--node', url, '--key-env', 'K', '--json'], { K: accessKey });
  assert.equal(declared.status, 0, declared.stderr);
  assert.equal((JSON.parse(declared.stdout) as { node: string }).node, `${pathKeyed.httpBase}/v1/****/rpc`);
  assert.equal(pathKeyed.requests.at(-1)!.path, `/v1/${accessKey}/rpc`);

  const hash = `0x${'ab'.repeat(32)}`;
  for (const extra of [['--key-env', 'K'], []]) {
    const failed = await run(['trace', 'tx', hash, '--tracer', opcount, '--node', url, ...extra], { K: accessKey });
    assert.equal(failed.status, 1);
    assert.equal(pathKeyed.requests.at(-1)!.path, `/v1/${accessKey}/rpc`);
    assert.match(failed.stderr, /^evm-tracer: server: HTTP 502 from https:\/\/127\.0\.0\.1:\d+\/v1\/\*\*\*\*\/rpc/);
    assert.match(failed.stderr, /The upstream of https:\/\/127\.0\.0\.1:\d+\/v1\/\*\*\*\*\/rpc did not answer/);
  }

  // A declared key is masked whatever it looks like.
  const plain = await run([
    'trace',
    'tx',
    hash,
    '--tracer',
    opcount,
    '--node',
    `${pathKeyed.httpBase}/v1/${plainKey}/rpc`,
    '--key',
    plainKey,
  ]);
  assert.equal(plain.status, 1);
  assert.equal(pathKeyed.requests.at(-1)!.path, `/v1/${plainKey}/rpc`);
  assert.doesNotMatch(plain.stderr, new RegExp(plainKey));
  assert.match(plain.stderr, /\/v1\/\*\*\*\*\/rpc did not answer/);

  const project = mkdtempSync(join(dir, 'project-'));
  writeFileSync(
    join(project, 'evm-tracer.config.json'),
    JSON.stringify({
      nodes: { other: { url: `${pathKeyed.httpBase}/v1/{key}/rpc`, auth: 'key', keyEnv: 'OTHER_KEY' } },
    }),
  );
  const named = await run(['check', '--endpoint', 'other'], { OTHER_KEY: accessKey }, project);
  assert.equal(named.status, 0, named.stderr);
  assert.match(named.stdout, /^other \(https:\/\/127\.0\.0\.1:\d+\/v1\/\*\*\*\*\/rpc, chain id 43114\): supported/);
  assert.equal(pathKeyed.requests.at(-1)!.path, `/v1/${accessKey}/rpc`);
  const namedFailed = await run(['trace', 'tx', hash, '--tracer', opcount, '--endpoint', 'other'], { OTHER_KEY: accessKey }, project);
  assert.equal(namedFailed.status, 1);
  assert.match(namedFailed.stderr, /\/v1\/\*\*\*\*\/rpc did not answer/);
});

test('--user with --password-env sends Basic auth; a wrong password is unauthorized', async () => {
  const ok = await run(
    [
      'trace',
      'call',
      '--node',
      basic.httpBase,
      '--user',
      'alice',
      '--password-env',
      'TEST_NODE_PASSWORD',
      '--call',
      '{"to":"0x0000000000000000000000000000000000000001"}',
      '--tracer',
      opcount,
    ],
    { TEST_NODE_PASSWORD: password },
  );
  assert.equal(ok.status, 0, ok.stderr);
  const sent = JSON.parse(basic.requests.at(-1)!.body) as { method: string; params: unknown[] };
  assert.equal(sent.method, 'debug_traceCall');
  assert.equal(sent.params[1], '0x10');
  const bad = await run(['check', '--node', basic.httpBase, '--user', 'alice', '--password-env', 'TEST_NODE_PASSWORD'], {
    TEST_NODE_PASSWORD: 'wrong',
  });
  assert.equal(bad.status, 1);
  assert.match(bad.stdout, /: unauthorized\n  HTTP 401/);
  const noTerminal = await run(['check', '--node', basic.httpBase, '--user', 'alice']);
  assert.equal(noTerminal.status, 1);
  assert.match(noTerminal.stderr, /no terminal to ask on: use --password-env VAR/);
});

test('--endpoint reads evm-tracer.config.json, secrets from the environment', async () => {
  const project = mkdtempSync(join(dir, 'project-'));
  writeFileSync(
    join(project, 'evm-tracer.config.json'),
    JSON.stringify({
      lint: { rules: {} },
      nodes: { provider: { url: keyed.httpBase, auth: 'key', keyEnv: 'PROVIDER_KEY', network: 'fuji' } },
    }),
  );
  const checked = await run(['check', '--endpoint', 'provider'], { PROVIDER_KEY: accessKey }, project);
  assert.equal(checked.status, 1, 'a chain id other than the expected network fails the check');
  assert.match(checked.stdout, /^provider \(https:\/\/127\.0\.0\.1:\d+\/\*\*\*\*\/ext\/bc\/C\/rpc, chain id 43114\): supported/);
  assert.match(checked.stderr, /warning: the node reports chain id 43114, but the endpoint expects 43113/);
  const missing = await run(['check', '--endpoint', 'nope'], {}, project);
  assert.equal(missing.status, 1);
  assert.match(missing.stderr, /has no node named 'nope' \(known: provider\)/);
  const unset = await run(['check', '--endpoint', 'provider'], { PROVIDER_KEY: '' }, project);
  assert.match(unset.stderr, /environment variable PROVIDER_KEY is not set/);
});

test('--max-response bounds the answer; over it the trace fails as too-large', async () => {
  keyed.on('debug_traceBlockByHash', { kind: 'big', bytes: 2 * 1024 * 1024 });
  const args = ['trace', 'block', `0x${'cd'.repeat(32)}`, '--tracer', opcount, '--node', keyed.httpBase, '--key-env', 'K'];
  const small = await run([...args, '--max-response', '1MB'], { K: accessKey });
  assert.equal(small.status, 1);
  assert.match(small.stderr, /^evm-tracer: too-large: the answer from .*\/\*\*\*\*\/ext\/bc\/C\/rpc exceeds the 1 MB response limit/);
  const enough = await run([...args, '--max-response', '4MB'], { K: accessKey });
  assert.equal(enough.status, 0, enough.stderr);
  assert.equal((JSON.parse(enough.stdout) as string).length, 2 * 1024 * 1024);
});

test('usage mistakes exit 2 with the usage; bad input names what is wrong', async () => {
  const noTracer = await run(['trace', 'tx', `0x${'ab'.repeat(32)}`, '--node', keyed.httpBase]);
  assert.equal(noTracer.status, 2);
  assert.match(noTracer.stderr, /--tracer FILE\|NAME is required\n\nusage:/);
  const badKind = await run(['trace', 'frame', '--tracer', opcount]);
  assert.equal(badKind.status, 2);
  assert.match(badKind.stderr, /unknown trace kind 'frame'/);
  const badCall = await run(['trace', 'call', '--call', '{"to":"0x12"}', '--tracer', opcount, '--node', keyed.httpBase]);
  assert.equal(badCall.status, 1);
  assert.match(badCall.stderr, /--call\.to: expected a 0x-prefixed 20-byte address/);
  const both = await run(['check', '--key', accessKey]);
  assert.equal(both.status, 1);
  assert.match(both.stderr, /--key, --key-env and --user need --node URL/);
});

test('without --node, trace runs on the local node started for the command', async () => {
  const call = JSON.stringify({ from: '0x0000000000000000000000000000000000000000', data: '0x6001600052', gas: '0x30d40' });
  const traced = await run(['trace', 'call', '--call', call, '--tracer', opcount]);
  assert.equal(traced.status, 0, traced.stderr);
  assert.deepEqual(JSON.parse(traced.stdout), { PUSH1: 2, MSTORE: 1, STOP: 1 });
});

const hasScript = spawnSync('script', ['--version']).status === 0;

test(
  '--user without --password-env prompts on the terminal without echo',
  { skip: !hasScript && 'util-linux script (for a pseudo-terminal) is missing' },
  async () => {
    // `script` gives the CLI a pseudo-terminal; the password is typed once the prompt shows.
    const child = spawn('script', ['-qfec', `${process.execPath} ${cli} check --node ${basic.httpBase} --user alice`, '/dev/null'], {
      env: { ...process.env, NODE_EXTRA_CA_CERTS: caFile },
    });
    let output = '';
    let typed = false;
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (!typed && output.includes('password for alice: ')) {
        typed = true;
        child.stdin.write(`${password}\r`);
      }
    });
    const status = await new Promise((resolve) => child.on('close', resolve));
    assertNoSecret(output, 'the terminal');
    assert.equal(status, 0, output);
    assert.match(output, /password for alice: \r\n.*: supported/);
    assert.equal(basic.requests.at(-1)!.headers.authorization, `Basic ${Buffer.from(`alice:${password}`).toString('base64')}`);
  },
);
