// The real Avalanche stack: avalanchego (v1.14.0, a one-node local network, built by
// test/setup/reference-nodes.mjs) behind nginx as a provider, HTTPS and WSS, the access key in the path and
// HTTP Basic. The CLI traces a C-Chain transaction made there with the local network's funded key, checks
// the node, and reads X-Chain balances of AVAX and of an asset created there. Expected values are the
// node's own answers, asked directly. Last, coreth's tracers beside ours on a fork of the same chain.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accessKey, assertNoSecret, password } from '../access/secrets';
import { callContracts } from '../support/call-contracts';
import { processTree, stopAll } from '../support/nodes/process';
import { startAvalanchego, type RunningAvalanchego } from '../support/reference/avalanchego';
import { createXChainAsset, ewoq } from '../support/reference/ewoq';
import { builtinTraces, framesOf, framesTracer, type CallFrame } from '../support/reference/frames-tracer';
import { startNginxProvider, type NginxProvider } from '../support/reference/nginx';
import { sendSigned } from '../support/reference/signed-tx';
import { referenceSkip, requireReferenceTools } from '../support/reference/tools';
import { trustingCli } from '../support/run-cli';
import { call, spawnNodeWithOutput } from '../runtime/node-helpers';

const asset = { name: 'Tracer Test Token', symbol: 'TTK', denomination: 2, supply: 123456n };

interface Balance {
  address: string;
  assetID: string;
  symbol?: string;
  denomination?: number;
  balance: string;
  amount?: string;
}

describe(
  'avalanchego local network behind nginx: trace, check and X-Chain balances over HTTPS and WSS, key and Basic',
  { skip: referenceSkip() },
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'evm-tracer-avalanche-cli-'));
    const frames = join(dir, 'frames.tracer.js');
    const gasPrice = join(dir, 'gas-price.tracer.js');
    const contracts = callContracts(ewoq.address);
    let node: RunningAvalanchego;
    let nginx: NginxProvider;
    let run: ReturnType<typeof trustingCli>;
    let hash: string;
    let blockHash: string;
    let assetID: string;
    /** coreth's own answers, asked directly (not through nginx or the CLI). */
    let corethCallTrace: CallFrame;
    let corethPrestate: Record<string, unknown>;
    const pids: number[] = [];
    const env = { NODE_KEY: accessKey, NODE_PASSWORD: password };
    const wss = (base: string) => base.replace(/^https/, 'wss');
    const via = {
      httpsKey: () => ['--node', nginx.keyBase, '--key-env', 'NODE_KEY'],
      wssKey: () => ['--node', wss(nginx.keyBase), '--key-env', 'NODE_KEY'],
      httpsBasic: () => ['--node', nginx.basicBase, '--user', 'alice', '--password-env', 'NODE_PASSWORD'],
      wssBasic: () => ['--node', wss(nginx.basicBase), '--user', 'alice', '--password-env', 'NODE_PASSWORD'],
    };
    const traced = async (args: string[]) => {
      const result = await run(args, env);
      assert.equal(result.status, 0, result.stderr);
      return JSON.parse(result.stdout) as unknown;
    };

    before(async () => {
      requireReferenceTools();
      writeFileSync(frames, framesTracer);
      writeFileSync(gasPrice, '{ fault: function (log, db) {}, result: function (ctx, db) { return ctx.gasPrice; } }\n');
      node = await startAvalanchego();
      nginx = await startNginxProvider({ upstream: node.url, layout: 'avalanche', key: accessKey, basic: { username: 'alice', password } });
      pids.push(...processTree(node.pid), ...processTree(nginx.pid));
      run = trustingCli(nginx.caFile);
      for (const data of contracts.deployments) assert.equal((await sendSigned(node.cChainRpc, ewoq, { data })).status, '0x1');
      // A tip of its own, so that ctx.gasPrice tells the tip (geth) from the price (coreth) and the base fee.
      const entry = await sendSigned(node.cChainRpc, ewoq, { to: contracts.entryAddress, gas: 1_000_000n, tip: 7n });
      [hash, blockHash] = [entry.transactionHash, entry.blockHash];
      ({ callTrace: corethCallTrace, prestate: corethPrestate } = await builtinTraces(node.cChainRpc, hash));
      assetID = await createXChainAsset(node.url, asset);
    });

    after(async () => {
      rmSync(dir, { recursive: true, force: true });
      await stopAll(pids, 'avalanchego and nginx', nginx, node);
    });

    test('check: supported on the local network over HTTPS and WSS, with the key and with Basic auth', async () => {
      const shown = {
        httpsKey: `${nginx.keyBase}/****/ext/bc/C/rpc`,
        wssKey: `${wss(nginx.keyBase)}/****/ext/bc/C/ws`,
        httpsBasic: `${nginx.basicBase}/ext/bc/C/rpc`,
        wssBasic: `${wss(nginx.basicBase)}/ext/bc/C/ws`,
      };
      for (const [way, args] of Object.entries(via)) {
        const report = (await traced(['check', ...args(), '--network', 'local', '--json'])) as {
          node: string;
          status: string;
          chainId: number;
        };
        assert.deepEqual([report.node, report.status, report.chainId], [shown[way as keyof typeof shown], 'supported', 43112], way);
      }
    });

    test("trace tx: callTracer (WSS, key) and prestateTracer (HTTPS, Basic) print coreth's own answers", async () => {
      assert.deepEqual(
        await traced(['trace', 'tx', hash, '--tracer', 'callTracer', '--config', '{"withLog":true}', ...via.wssKey()]),
        corethCallTrace,
      );
      assert.deepEqual(
        corethCallTrace.calls!.map((frame) => frame.type),
        ['CALL', 'CALL', 'DELEGATECALL', 'CREATE2', 'CALL', 'STATICCALL'],
      );
      assert.deepEqual(await traced(['trace', 'tx', hash, '--tracer', 'prestateTracer', ...via.httpsBasic()]), corethPrestate);
    });

    test("trace tx with a custom JS tracer (HTTPS, key) sees the frames and gas of coreth's callTracer", async () => {
      assert.deepEqual(await traced(['trace', 'tx', hash, '--tracer', frames, ...via.httpsKey()]), framesOf(corethCallTrace));
    });

    test('trace block (WSS, Basic) and trace call (HTTPS, key) give what coreth answers to the same requests', async () => {
      const block = await traced(['trace', 'block', blockHash, '--tracer', frames, ...via.wssBasic()]);
      assert.deepEqual(block, [{ txHash: hash, result: framesOf(corethCallTrace) }]);
      const latest = await call<string>(node.cChainRpc, 'eth_blockNumber');
      const request = { from: ewoq.address, to: contracts.entryAddress, gas: '0xf4240' };
      const direct = await call(node.cChainRpc, 'debug_traceCall', [request, latest, { tracer: 'callTracer' }]);
      assert.deepEqual(
        await traced(['trace', 'call', '--call', JSON.stringify(request), '--tracer', 'callTracer', ...via.httpsKey()]),
        direct,
      );
    });

    test('xchain balance: AVAX of the funded address as avm.getBalance says, over HTTPS with the key and WSS with Basic', async () => {
      const direct = await call<{ balance: string }>(node.xChain, 'avm.getBalance', { address: ewoq.xChainAddress, assetID: 'AVAX' });
      assert.match(direct.balance, /^[1-9]\d*$/);
      const json = (await traced(['xchain', 'balance', '--address', ewoq.xChainAddress, ...via.httpsKey(), '--json'])) as Balance;
      assert.deepEqual([json.symbol, json.denomination, json.balance], ['AVAX', 9, direct.balance]);
      const text = await run(['xchain', 'balance', '--address', ewoq.xChainAddress, ...via.wssBasic()], env);
      assert.equal(text.status, 0, text.stderr);
      assert.equal(text.stdout, `${ewoq.xChainAddress}: ${json.amount} AVAX\n`);
    });

    test('xchain balance of an asset created on the local network, in its denomination', async () => {
      const direct = await call<{ balance: string }>(node.xChain, 'avm.getBalance', { address: ewoq.xChainAddress, assetID });
      assert.equal(direct.balance, String(asset.supply));
      const json = (await traced([
        'xchain',
        'balance',
        '--address',
        ewoq.xChainAddress,
        '--asset',
        assetID,
        ...via.httpsBasic(),
        '--json',
      ])) as Balance;
      assert.deepEqual(
        [json.assetID, json.symbol, json.denomination, json.balance, json.amount],
        [assetID, asset.symbol, asset.denomination, direct.balance, '1234.56'],
      );
    });

    test('a wrong key is not-found (404) on the C-Chain over WSS and on the X-Chain; a wrong password is unauthorized', async () => {
      const wrong = { NODE_KEY: `${accessKey}-old`, NODE_PASSWORD: `${password}-old` };
      const wrongKeyWss = await run(['trace', 'tx', hash, '--tracer', 'callTracer', ...via.wssKey()], wrong);
      assert.equal(wrongKeyWss.status, 1);
      assert.match(wrongKeyWss.stderr, /^evm-tracer: not-found: HTTP 404 from wss:\/\/127\.0\.0\.1:\d+\/\*\*\*\*\/ext\/bc\/C\/ws/);
      assert.match(wrongKeyWss.stderr, /check the URL path and the access key/);
      const wrongKeyX = await run(['xchain', 'balance', '--address', ewoq.xChainAddress, ...via.httpsKey()], wrong);
      assert.equal(wrongKeyX.status, 1);
      assert.match(wrongKeyX.stderr, /^evm-tracer: not-found: HTTP 404 from https:\/\/127\.0\.0\.1:\d+\/\*\*\*\*\/ext\/bc\/X/);
      const wrongPassword = await run(['check', ...via.httpsBasic()], wrong);
      assert.equal(wrongPassword.status, 1);
      assert.match(wrongPassword.stdout, /: unauthorized\n  HTTP 401/);
    });

    test("coreth's tracers beside ours on a fork of the chain (through nginx, Basic, Ethereum's rules): our node runs them as coreth does", async () => {
      const upstream = `${nginx.basicBase.replace('https://', `https://alice:${password}@`)}/ext/bc/C/rpc`;
      const local = await spawnNodeWithOutput(['--fork-url-env', 'UPSTREAM', '--hardfork', 'cancun'], {
        UPSTREAM: upstream,
        NODE_EXTRA_CA_CERTS: nginx.caFile,
      });
      const localPids = processTree(local.pid);
      try {
        const ours = (tracer: string, config?: string) =>
          traced(['trace', 'tx', hash, '--tracer', tracer, ...(config ? ['--config', config] : []), '--node', local.url]);
        // Not the C-Chain's rules (--hardfork), but an upstream that is coreth: its tracers are the ones reproduced
        // (libevm's, forked from geth v1.13.14): no frame for the call that fails the balance check, logs
        // without `index`, no code hashes, the touched precompile and the created-and-destroyed contract listed.
        assert.match(local.output(), /^tracers: run as on coreth .*, for an upstream that answers eth_getChainConfig/m);
        assert.deepEqual(await ours('callTracer', '{"withLog":true}'), corethCallTrace);
        assert.deepEqual(await ours(frames), framesOf(corethCallTrace));
        assert.deepEqual(await ours('prestateTracer'), corethPrestate);
        const created = corethCallTrace.calls!.find((frame) => frame.type === 'CREATE2')!.to!;
        assert.deepEqual(
          [corethPrestate[created], corethPrestate['0x0000000000000000000000000000000000000002']],
          [{ balance: '0x0' }, { balance: '0x0' }],
        );

        // ctx.gasPrice (a big integer, printed as a decimal string) is coreth's: the whole price, not the tip.
        const block = await call<{ baseFeePerGas: string }>(node.cChainRpc, 'eth_getBlockByHash', [blockHash, false]);
        const { effectiveGasPrice } = await call<{ effectiveGasPrice: string }>(node.cChainRpc, 'eth_getTransactionReceipt', [hash]);
        assert.equal(BigInt(effectiveGasPrice), BigInt(block.baseFeePerGas) + 7n);
        assert.deepEqual(
          [await traced(['trace', 'tx', hash, '--tracer', gasPrice, ...via.httpsKey()]), await ours(gasPrice)],
          [BigInt(effectiveGasPrice).toString(), BigInt(effectiveGasPrice).toString()],
        );
      } finally {
        await stopAll(localPids, 'the forked node', local);
      }
      assertNoSecret(local.output(), "the forked node's output");
    });
  },
);
