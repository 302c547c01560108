// The storage loop deployed on a real dev node (anvil, geth --dev: both have an unlocked, funded account), for
// benches that put a node's tracers beside ours in the same run: `trace(config)` times one debug_traceCall of
// the loop and keeps its answer's text, `time(tracer, config)` only times it.
import { existsSync } from 'node:fs';
import { waitForReceipt } from '../test/runtime/node-helpers';
import { anvilAvailable, startAnvil } from '../test/support/nodes/anvil';
import type { RunningNode } from '../test/support/nodes/process';
import { gethBinary } from '../test/setup/reference-nodes.mjs';
import { startGethDev } from '../test/support/reference/geth';
import { loop } from './storage-loop';

export interface NodeLoop {
  trace(config: object): Promise<{ seconds: number; text: string }>;
  time(tracer: string, tracerConfig?: object): Promise<number>;
  stop(): Promise<void>;
}

async function deployedLoop(name: string, node: RunningNode): Promise<NodeLoop> {
  const rpc = async <T>(method: string, params: unknown[]): Promise<T> => {
    const response = await fetch(node.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const reply = (await response.json()) as { result?: T; error?: { message: string } };
    if (reply.error) throw new Error(`${name} ${method}: ${reply.error.message}`);
    return reply.result as T;
  };
  const runtime = loop(true).slice(2);
  const size = (runtime.length / 2).toString(16).padStart(4, '0');
  const [from] = await rpc<string[]>('eth_accounts', []);
  // Init code: CODECOPY the runtime (after these 12 bytes) to memory 0 and return it.
  const hash = await rpc<string>('eth_sendTransaction', [{ from, data: `0x61${size}80600c6000396000f3${runtime}` }]);
  const receipt = await waitForReceipt(node.url, hash);
  if (receipt.status !== '0x1') throw new Error(`${name}: the loop's deployment ${hash} did not succeed (${JSON.stringify(receipt)})`);
  const call = { from, to: receipt.contractAddress, gas: '0x1c9c380' };
  const trace = async (config: object) => {
    const start = performance.now();
    const response = await fetch(node.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'debug_traceCall', params: [call, 'latest', config] }),
    });
    const text = await response.text();
    return { seconds: (performance.now() - start) / 1000, text };
  };
  return {
    trace,
    time: async (tracer, tracerConfig) => (await trace({ tracer, tracerConfig, timeout: '120s' })).seconds,
    stop: () => node.stop(),
  };
}

/** undefined when anvil is not installed (node test/setup.mjs installs it). */
export async function anvilLoop(): Promise<NodeLoop | undefined> {
  return anvilAvailable() ? deployedLoop('anvil', await startAnvil()) : undefined;
}

/** geth --dev (its JS tracers run on goja); undefined when it is not built (node test/setup.mjs builds it with Go). */
export async function gethLoop(): Promise<NodeLoop | undefined> {
  return existsSync(gethBinary) ? deployedLoop('geth', await startGethDev()) : undefined;
}
