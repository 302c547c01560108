// The real Avalanche stack from inside VS Code: avalanchego (a one-node local network) behind nginx as the
// provider, HTTPS and WSS, the access key in the path and HTTP Basic, with a CA the extension host trusts
// through NODE_EXTRA_CA_CERTS (made before code-server starts: test/e2e/lib/provider-ca.mjs). Add Node,
// Check Node Support, Trace Transaction (a tracer file and callTracer) on a C-Chain transaction made there
// with the local network's funded key, and X-Chain Balance of AVAX and of an asset created there. Expected
// values are the node's own answers, asked directly; no key or password shows in the log or the panel.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { suite, suiteSetup, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import type { SupportReport } from '../../../core/support-check';
import type { XChainBalance } from '../../../core/xchain-balance';
import type { ViewState } from '../../../client/webview/messages';
import { accessKey, assertNoSecret, password } from '../../access/secrets';
import { callContracts } from '../../support/call-contracts';
import { processTree, stopAll } from '../../support/nodes/process';
import { startAvalanchego, type RunningAvalanchego } from '../../support/reference/avalanchego';
import { createXChainAsset, ewoq } from '../../support/reference/ewoq';
import { builtinTraces, framesOf, framesTracer, type CallFrame } from '../../support/reference/frames-tracer';
import { startNginxProvider, type NginxProvider } from '../../support/reference/nginx';
import { sendSigned } from '../../support/reference/signed-tx';
import { referenceSkip, requireReferenceTools } from '../../support/reference/tools';
import { call } from '../../runtime/node-helpers';
import { providerCa } from '../lib/provider-ca.mjs';
import { waitFor } from '../lib/workspace';
import { describe, extensionHostLogFiles, fixtureUri, renderedResult, testHook } from './ext-helpers';

const KEY_NODE = 'avalanchego over HTTPS with a key (test)';
const BASIC_NODE = 'avalanchego over WSS with Basic auth (test)';
const TRACER_FILE = 'avalanche-frames.tracer.js';
const LOCAL_NETWORK = 43112;
const asset = { name: 'Tracer Test Token', symbol: 'TTK', denomination: 2, supply: 123456n };

suite('avalanchego behind nginx: HTTPS and WSS, key and Basic', () => {
  let node: RunningAvalanchego | undefined;
  let nginx: NginxProvider | undefined;
  const pids: number[] = [];
  let hash: string;
  let assetID: string;
  /** coreth's own callTracer answer for the transaction, asked directly (not through nginx or the extension). */
  let corethCallTrace: CallFrame;
  const wss = (base: string) => base.replace(/^https:/, 'wss:');

  suiteSetup(async function () {
    this.timeout(300_000);
    const skip = referenceSkip();
    if (skip) {
      console.warn(`SKIPPED: ${skip}`);
      this.skip();
    }
    requireReferenceTools();
    const tls = providerCa();
    node = await startAvalanchego();
    pids.push(...processTree(node.pid));
    nginx = await startNginxProvider({
      upstream: node.url,
      layout: 'avalanche',
      key: accessKey,
      basic: { username: 'alice', password },
      tls,
    });
    pids.push(...processTree(nginx.pid));
    const contracts = callContracts(ewoq.address);
    for (const data of contracts.deployments) assert.equal((await sendSigned(node.cChainRpc, ewoq, { data })).status, '0x1');
    hash = (await sendSigned(node.cChainRpc, ewoq, { to: contracts.entryAddress, gas: 1_000_000n })).transactionHash;
    ({ callTrace: corethCallTrace } = await builtinTraces(node.cChainRpc, hash));
    assetID = await createXChainAsset(node.url, asset);
    await vscode.workspace.fs.writeFile(fixtureUri(TRACER_FILE), Buffer.from(framesTracer));
  });

  suiteTeardown(async () => {
    for (const name of [KEY_NODE, BASIC_NODE]) {
      if (
        vscode.workspace
          .getConfiguration('evmTracer')
          .get<Array<{ name: string }>>('nodes')
          ?.some((item) => item.name === name)
      ) {
        await vscode.commands.executeCommand('evmTracer.removeNode', name);
      }
    }
    await vscode.workspace.fs.delete(fixtureUri(TRACER_FILE)).then(undefined, () => undefined);
    await stopAll(pids, 'avalanchego and nginx', nginx, node);
  });

  test('Add Node: the C-Chain over HTTPS with the key and over WSS (a bare host) with Basic; settings keep no secret', async () => {
    await vscode.commands.executeCommand('evmTracer.addNode', {
      name: KEY_NODE,
      url: `${nginx!.keyBase}/ext/bc/C/rpc`,
      auth: 'key',
      secret: accessKey,
      network: LOCAL_NETWORK,
    });
    await vscode.commands.executeCommand('evmTracer.addNode', {
      name: BASIC_NODE,
      url: wss(nginx!.basicBase),
      auth: 'basic',
      username: 'alice',
      secret: password,
      network: LOCAL_NETWORK,
    });
    const nodes = vscode.workspace.getConfiguration('evmTracer').get<Array<{ name: string; url: string; auth: string }>>('nodes') ?? [];
    const stored = (name: string) => nodes.find((item) => item.name === name);
    assert.deepEqual([stored(KEY_NODE)?.url, stored(KEY_NODE)?.auth], [`${nginx!.keyBase}/ext/bc/C/rpc`, 'key']);
    assert.deepEqual([stored(BASIC_NODE)?.url, stored(BASIC_NODE)?.auth], [`${wss(nginx!.basicBase)}/ext/bc/C/ws`, 'basic']);
    assertNoSecret(JSON.stringify(nodes), 'the nodes setting');
    // Adding asks each node for its chain id, through nginx with the stored secret.
    for (const name of [KEY_NODE, BASIC_NODE]) {
      assert.match((await testHook<string>('nodeStatus', name)) ?? '', /· chain 43112 \(confirmed\)$/, name);
    }
  });

  test('Check Node Support: both run custom JS tracers on chain 43112', async () => {
    for (const name of [KEY_NODE, BASIC_NODE]) {
      const report = await vscode.commands.executeCommand<SupportReport>('evmTracer.checkSupport', name);
      assert.deepEqual(
        [report.status, report.chainId, report.chainIdMatches],
        ['supported', LOCAL_NETWORK, true],
        `${name}: ${JSON.stringify(report)}`,
      );
      assertNoSecret(JSON.stringify(report), `the support report of ${name}`);
    }
  });

  test('Trace Transaction with a tracer file and with callTracer gives what coreth answers, over both', async () => {
    const masked: Array<[string, string]> = [
      [KEY_NODE, `${nginx!.keyBase}/****/ext/bc/C/rpc`],
      [BASIC_NODE, `${wss(nginx!.basicBase)}/ext/bc/C/ws`],
    ];
    for (const [name, maskedUrl] of masked) {
      const runs: Array<[string, () => Thenable<ViewState>, unknown]> = [
        [
          TRACER_FILE,
          () =>
            vscode.commands.executeCommand<ViewState>('evmTracer.traceTransaction', {
              uri: fixtureUri(TRACER_FILE).toString(),
              hash,
              node: name,
              tracerConfig: null,
            }),
          framesOf(corethCallTrace),
        ],
        [
          'callTracer',
          () =>
            vscode.commands.executeCommand<ViewState>('evmTracer.traceWithBuiltin', {
              name: 'callTracer',
              tracerConfig: '{"withLog":true}',
              kind: 'tx',
              hash,
              node: name,
            }),
          corethCallTrace,
        ],
      ];
      for (const [tracer, run, expected] of runs) {
        const state = await run();
        assert.equal(state.outcome.status, 'done', `${tracer} on ${name}: ${describe(state)}`);
        assert.equal(state.request.maskedUrl, maskedUrl);
        const view = await renderedResult();
        assert.deepEqual(JSON.parse(view.resultJson ?? 'null'), expected, `${tracer} on ${name}`);
        assertNoSecret(JSON.stringify(state), `the panel state of ${tracer} on ${name}`);
        assertNoSecret(JSON.stringify(view), `the rendered panel of ${tracer} on ${name}`);
      }
    }
    // The call tree has every kind of frame: the comparison is not of an empty trace.
    assert.deepEqual(
      corethCallTrace.calls!.map((frame) => frame.type),
      ['CALL', 'CALL', 'DELEGATECALL', 'CREATE2', 'CALL', 'STATICCALL'],
    );
  });

  test('X-Chain Balance of AVAX and of an asset created there is what avm.getBalance says, through /KEY/ext/bc/X and with Basic', async () => {
    const direct = async (id: string) =>
      (await call<{ balance: string }>(node!.xChain, 'avm.getBalance', { address: ewoq.xChainAddress, assetID: id })).balance;
    const avax = await direct('AVAX');
    assert.match(avax, /^[1-9]\d*$/);
    const cases: Array<[string, string, Partial<XChainBalance>]> = [
      [KEY_NODE, 'AVAX', { symbol: 'AVAX', denomination: 9, balance: avax }],
      [BASIC_NODE, 'AVAX', { symbol: 'AVAX', denomination: 9, balance: avax }],
      [
        KEY_NODE,
        assetID,
        { assetID, symbol: asset.symbol, denomination: asset.denomination, balance: await direct(assetID), amount: '1234.56' },
      ],
    ];
    for (const [name, id, expected] of cases) {
      const balance = await vscode.commands.executeCommand<XChainBalance>('evmTracer.xChainBalance', {
        node: name,
        address: ewoq.xChainAddress,
        assetID: id,
      });
      const shown = Object.fromEntries(Object.keys(expected).map((field) => [field, balance[field as keyof XChainBalance]]));
      assert.deepEqual(shown, expected, `${id} on ${name}`);
      assertNoSecret(JSON.stringify(balance), `the balance on ${name}`);
    }
    assert.equal(cases[2][2].balance, String(asset.supply));
  });

  test('a wrong password over WSS is refused (unauthorized), a wrong key over HTTPS finds nothing (404)', async () => {
    const wrong: Array<[string, string, SupportReport['status'], RegExp]> = [
      [BASIC_NODE, `${password}-old`, 'unauthorized', /HTTP 401/],
      [KEY_NODE, `${accessKey}-old`, 'unreachable', /HTTP 404 from https:\/\/127\.0\.0\.1:\d+\/\*\*\*\*\/ext\/bc\/C\/rpc/],
    ];
    for (const [name, secret, status, detail] of wrong) {
      const right = name === KEY_NODE ? accessKey : password;
      await vscode.commands.executeCommand('evmTracer.editNode', name, { secret });
      try {
        const report = await vscode.commands.executeCommand<SupportReport>('evmTracer.checkSupport', name);
        assert.equal(report.status, status, `${name}: ${report.detail}`);
        assert.match(report.detail, detail);
        assertNoSecret(JSON.stringify(report), `the support report of ${name} with a wrong secret`);
      } finally {
        await vscode.commands.executeCommand('evmTracer.editNode', name, { secret: right });
      }
    }
  });

  test('the EVM Tracer log shows the masked URLs and no key or password', async () => {
    const logged = [
      `debug_traceTransaction on ${KEY_NODE} (${nginx!.keyBase}/****/ext/bc/C/rpc)`,
      `debug_traceTransaction on ${BASIC_NODE} (${wss(nginx!.basicBase)}/ext/bc/C/ws)`,
      `avm.getBalance on ${KEY_NODE} (${nginx!.keyBase}/****/ext/bc/X)`,
      `avm.getBalance on ${BASIC_NODE} (${nginx!.basicBase}/ext/bc/X)`,
    ];
    let missing = logged;
    const files = await waitFor(
      'the traces and balances to be logged',
      async () => {
        const all = await extensionHostLogFiles();
        const text = all.map((file) => readFileSync(file, 'utf8')).join('\n');
        missing = logged.filter((line) => !text.includes(line));
        return missing.length === 0 && all;
      },
      { describeLast: () => `not logged: ${missing.join('; ')}` },
    );
    for (const file of files) assertNoSecret(readFileSync(file, 'utf8'), file);
  });
});
