// What the `trace range` tests run against: geth v1.17.5 --dev (without Bogota, which the runtime does not
// implement) with a funded dev account and the call contracts deployed, then a call tree, an out-of-gas call
// and a revert mined, reached through a latency proxy; and `trace range` run through the proxy with the access
// key in the URL path, failing the test if any secret shows in what it prints or in any file of its folder.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { devAccounts } from '../../runtime/chain/dev-accounts';
import { accessKey, assertNoSecret } from '../access/secrets';
import { callContracts, selector } from './call-contracts';
import { startLatencyProxy, type LatencyProxy } from './latency-proxy';
import { processTree, stopAll, type RunningNode } from './nodes/process';
import { startGethDev } from './reference/geth';
import { sendSigned } from './reference/signed-tx';
import { runCli, type CliRun } from './run-cli';

export interface RangeChain {
  geth: RunningNode;
  proxy: LatencyProxy;
  signer: ReturnType<typeof devAccounts>[0];
  contracts: ReturnType<typeof callContracts>;
  send(tx: Parameters<typeof sendSigned>[2]): ReturnType<typeof sendSigned>;
  stop(): Promise<void>;
}

export async function startRangeChain(): Promise<RangeChain> {
  const signer = devAccounts(1)[0];
  const geth = await startGethDev({ withoutForks: ['bogotaTime'], fund: [signer.address] });
  const pids = processTree(geth.pid);
  const proxy = await startLatencyProxy(geth.url, 0);
  const contracts = callContracts(signer.address);
  const send = (tx: Parameters<typeof sendSigned>[2]) => sendSigned(geth.url, signer, tx);
  for (const data of contracts.deployments) await send({ data });
  await send({ to: contracts.entryAddress, gas: 1_000_000n });
  await send({ to: contracts.entryAddress, gas: 30_000n }); // out of gas
  await send({ to: contracts.reverterAddress, data: selector, gas: 100_000n }); // reverts with Error("nope")
  return {
    geth,
    proxy,
    signer,
    contracts,
    send,
    stop: async () => {
      await proxy.close();
      await stopAll(pids, 'geth', geth);
    },
  };
}

/** The environment that holds the access key the runs send (--key-env NODE_KEY). */
export const keyEnv = { NODE_KEY: accessKey };

/** `trace range ARGS --out OUT` through `proxy` with the key in the path; nothing it prints or writes holds a secret. */
export async function traceRange(proxy: LatencyProxy, out: string, args: string[]): Promise<CliRun> {
  const run = await runCli(['trace', 'range', ...args, '--out', out, '--node', `${proxy.url}/rpc`, '--key-env', 'NODE_KEY'], {
    env: keyEnv,
    killAfterMs: 120_000,
  });
  assertNoSecret(run.stdout + run.stderr, 'trace range output');
  if (existsSync(out)) for (const name of readdirSync(out)) assertNoSecret(readFileSync(join(out, name), 'latin1'), `${name} in ${out}`);
  return run;
}
