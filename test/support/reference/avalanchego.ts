// avalanchego (the pinned version, built by test/setup/reference-nodes.mjs) as a single-node local network:
// one validator without sybil protection producing the blocks, HTTP and staking on 127.0.0.1 ports it picks
// itself (announced in its process-context file), the C-Chain with the debug-tracer API and no pruning (so
// past transactions can be traced), in a temp data folder removed by stop.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { avalanchegoBinary } from '../../setup/reference-nodes.mjs';
import { inTempDir, spawnWatched, waitUntilReady } from '../nodes/process';

export interface RunningAvalanchego {
  /** The API base, http://127.0.0.1:PORT. */
  url: string;
  cChainRpc: string;
  cChainWs: string;
  xChain: string;
  pid: number;
  stop(): Promise<void>;
}

/** coreth's defaults plus debug-tracer, which serves debug_trace*. */
const cChainConfig = {
  'eth-apis': ['eth', 'eth-filter', 'net', 'web3', 'internal-eth', 'internal-blockchain', 'internal-transaction', 'debug-tracer'],
  'pruning-enabled': false,
};

/**
 * avalanchego refuses to start when its --fd-limit (default 32768) is above the hard limit; it needs far
 * fewer here.
 */
function fdLimit(): number {
  const hard = execFileSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).trim();
  return hard === 'unlimited' ? 32768 : Math.min(32768, Number(hard));
}

async function bootstrapped(url: string, chain: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/ext/info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'info.isBootstrapped', params: { chain } }),
      signal: AbortSignal.timeout(2000),
    });
    return ((await response.json()) as { result?: { isBootstrapped?: boolean } }).result?.isBootstrapped === true;
  } catch {
    return false;
  }
}

/** The API URL from the process-context file, once avalanchego has written it whole. */
function announcedUrl(contextFile: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(contextFile, 'utf8')) as { uri?: string }).uri;
  } catch {
    return undefined;
  }
}

export function startAvalanchego(): Promise<RunningAvalanchego> {
  return inTempDir('evm-tracer-avalanchego-', async (dir) => {
    const contextFile = join(dir, 'process.json');
    mkdirSync(join(dir, 'chains/C'), { recursive: true });
    writeFileSync(join(dir, 'chains/C/config.json'), JSON.stringify(cChainConfig));
    const node = spawnWatched(avalanchegoBinary, [
      '--network-id=local',
      '--sybil-protection-enabled=false',
      '--http-host=127.0.0.1',
      '--http-port=0',
      '--staking-host=127.0.0.1',
      '--staking-port=0',
      `--data-dir=${join(dir, 'data')}`,
      `--chain-config-dir=${join(dir, 'chains')}`,
      `--process-context-file=${contextFile}`,
      `--fd-limit=${fdLimit()}`,
      '--log-level=warn',
      '--log-display-level=warn',
    ]);
    const announced = () => announcedUrl(contextFile);
    await waitUntilReady(
      'avalanchego',
      node,
      async () => {
        const url = announced();
        return url !== undefined && (await bootstrapped(url, 'C')) && bootstrapped(url, 'X');
      },
      120_000,
    );
    const url = announced()!;
    return {
      url,
      cChainRpc: `${url}/ext/bc/C/rpc`,
      cChainWs: `${url.replace(/^http/, 'ws')}/ext/bc/C/ws`,
      xChain: `${url}/ext/bc/X`,
      pid: node.pid,
      stop: node.stop,
    };
  });
}
