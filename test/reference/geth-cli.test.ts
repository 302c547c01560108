// geth itself (v1.17.5 --dev, built by test/setup/reference-nodes.mjs) behind nginx as a provider: the
// CLI traces a transaction there over HTTPS and WSS, with the access key in the path and with Basic auth,
// and the local node forked from it through nginx must give the identical results.
//
// geth's dev genesis activates Bogota, the fork after Osaka, whose gas repricing the runtime does not
// implement (every frame's gas differs under it): geth runs here from its own dev genesis without
// bogotaTime, that is at Osaka, and the local node forks with --hardfork osaka.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devAccounts } from '../../runtime/chain/dev-accounts';
import { accessKey, assertNoSecret, password } from '../access/secrets';
import { callContracts } from '../support/call-contracts';
import { processTree, stopAll, type RunningNode } from '../support/nodes/process';
import { startGethDev } from '../support/reference/geth';
import { builtinTraces, framesOf, framesTracer, type CallFrame } from '../support/reference/frames-tracer';
import { startNginxProvider, type NginxProvider } from '../support/reference/nginx';
import { sendSigned } from '../support/reference/signed-tx';
import { referenceSkip, requireReferenceTools } from '../support/reference/tools';
import { trustingCli } from '../support/run-cli';
import { spawnNodeWithOutput } from '../runtime/node-helpers';

describe('geth --dev behind nginx: the CLI, and the local node forked from it', { skip: referenceSkip() }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'evm-tracer-geth-cli-'));
  const frames = join(dir, 'frames.tracer.js');
  const signer = devAccounts(1)[0];
  const contracts = callContracts(signer.address);
  let geth: RunningNode;
  let nginx: NginxProvider;
  let run: ReturnType<typeof trustingCli>;
  let hash: string;
  /** geth's own answers, asked directly (not through nginx or the CLI). */
  let gethCallTrace: CallFrame;
  let gethPrestate: Record<string, unknown>;
  const pids: number[] = [];
  const env = { NODE_KEY: accessKey, NODE_PASSWORD: password };
  const keyed = () => ['--node', `${nginx.keyBase}/rpc`, '--key-env', 'NODE_KEY'];
  const basicWss = () => [
    '--node',
    `${nginx.basicBase.replace(/^https/, 'wss')}/rpc`,
    '--user',
    'alice',
    '--password-env',
    'NODE_PASSWORD',
  ];

  before(async () => {
    requireReferenceTools();
    writeFileSync(frames, framesTracer);
    geth = await startGethDev({ withoutForks: ['bogotaTime'], fund: [signer.address] });
    nginx = await startNginxProvider({ upstream: geth.url, layout: 'geth', key: accessKey, basic: { username: 'alice', password } });
    pids.push(...processTree(geth.pid), ...processTree(nginx.pid));
    run = trustingCli(nginx.caFile);
    for (const data of contracts.deployments) assert.equal((await sendSigned(geth.url, signer, { data })).status, '0x1');
    const entry = await sendSigned(geth.url, signer, { to: contracts.entryAddress, gas: 1_000_000n });
    hash = entry.transactionHash;
    ({ callTrace: gethCallTrace, prestate: gethPrestate } = await builtinTraces(geth.url, hash));
  });

  after(async () => {
    rmSync(dir, { recursive: true, force: true });
    await stopAll(pids, 'geth and nginx', nginx, geth);
  });

  test('check: supported over HTTPS with the key in the path and over WSS with Basic auth', async () => {
    for (const [args, shown] of [
      [keyed(), `${nginx.keyBase}/****/rpc`],
      [basicWss(), `${nginx.basicBase.replace(/^https/, 'wss')}/rpc`],
    ] as const) {
      const checked = await run(['check', ...args, '--json'], env);
      assert.equal(checked.status, 0, checked.stderr);
      const report = JSON.parse(checked.stdout) as { node: string; status: string; chainId: number };
      assert.deepEqual([report.node, report.status, report.chainId], [shown, 'supported', 1337]);
    }
  });

  test("trace tx with callTracer (HTTPS, key) prints geth's own call tree, every frame kind in it", async () => {
    const traced = await run(['trace', 'tx', hash, '--tracer', 'callTracer', '--config', '{"withLog":true}', ...keyed()], env);
    assert.equal(traced.status, 0, traced.stderr);
    assert.deepEqual(JSON.parse(traced.stdout), gethCallTrace);
    assert.deepEqual(
      gethCallTrace.calls!.map((frame) => frame.type),
      ['CALL', 'CALL', 'DELEGATECALL', 'CREATE2', 'CALL', 'STATICCALL', 'CALL'],
    );
  });

  test("a custom JS tracer (WSS, Basic auth) sees the frames and gas geth's callTracer reports", async () => {
    const traced = await run(['trace', 'tx', hash, '--tracer', frames, ...basicWss()], env);
    assert.equal(traced.status, 0, traced.stderr);
    assert.deepEqual(JSON.parse(traced.stdout), framesOf(gethCallTrace));
  });

  test('the local node forked from geth through nginx gives the identical callTracer, custom tracer and prestateTracer results', async () => {
    const local = await spawnNodeWithOutput(['--fork-url-env', 'UPSTREAM', '--hardfork', 'osaka'], {
      UPSTREAM: `${nginx.keyBase}/${accessKey}/rpc`,
      NODE_EXTRA_CA_CERTS: nginx.caFile,
    });
    const localPids = processTree(local.pid);
    try {
      const trace = async (tracer: string, config?: string) => {
        const traced = await run(['trace', 'tx', hash, '--tracer', tracer, ...(config ? ['--config', config] : []), '--node', local.url]);
        assert.equal(traced.status, 0, traced.stderr);
        return JSON.parse(traced.stdout) as unknown;
      };
      assert.deepEqual(await trace('callTracer', '{"withLog":true}'), gethCallTrace);
      assert.deepEqual(await trace(frames), framesOf(gethCallTrace));
      assert.deepEqual(await trace('prestateTracer'), gethPrestate);
    } finally {
      await stopAll(localPids, 'the forked node', local);
    }
    assertNoSecret(local.output(), "the forked node's output");
  });

  test('a wrong key is not-found (404) and a wrong password unauthorized (401), secrets masked', async () => {
    const wrongKey = await run(['trace', 'tx', hash, '--tracer', 'callTracer', ...keyed()], { NODE_KEY: `${accessKey}-old` });
    assert.equal(wrongKey.status, 1);
    assert.match(wrongKey.stderr, /^evm-tracer: not-found: HTTP 404 from https:\/\/127\.0\.0\.1:\d+\/\*\*\*\*\/rpc/);
    const wrongPassword = await run(['check', ...basicWss()], { NODE_PASSWORD: `${password}-old` });
    assert.equal(wrongPassword.status, 1);
    assert.match(wrongPassword.stdout, /: unauthorized\n/);
  });
});
