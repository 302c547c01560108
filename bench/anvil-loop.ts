// The storage loop deployed on a real anvil, for benches that put anvil's tracers beside ours in the same
// run: `trace(config)` times one debug_traceCall of the loop and keeps its answer's text, `time(tracer,
// config)` only times it.
import { waitForReceipt } from '../test/runtime/node-helpers';
import { anvilAvailable, startAnvil } from '../test/support/nodes/anvil';
import { loop } from './storage-loop';

export interface AnvilLoop {
  trace(config: object): Promise<{ seconds: number; text: string }>;
  time(tracer: string, tracerConfig?: object): Promise<number>;
  stop(): Promise<void>;
}

/** undefined when anvil is not installed (node test/setup.mjs installs it). */
export async function anvilLoop(): Promise<AnvilLoop | undefined> {
  if (!anvilAvailable()) return undefined;
  const anvil = await startAnvil();
  const rpc = async <T>(method: string, params: unknown[]): Promise<T> => {
    const response = await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    const reply = (await response.json()) as { result?: T; error?: { message: string } };
    if (reply.error) throw new Error(`anvil ${method}: ${reply.error.message}`);
    return reply.result as T;
  };
  const runtime = loop(true).slice(2);
  const size = (runtime.length / 2).toString(16).padStart(4, '0');
  const [from] = await rpc<string[]>('eth_accounts', []);
  // Init code: CODECOPY the runtime (after these 12 bytes) to memory 0 and return it.
  const hash = await rpc<string>('eth_sendTransaction', [{ from, data: `0x61${size}80600c6000396000f3${runtime}` }]);
  const receipt = await waitForReceipt(anvil.url, hash);
  if (receipt.status !== '0x1') throw new Error(`anvil: the loop's deployment ${hash} did not succeed (${JSON.stringify(receipt)})`);
  const call = { from, to: receipt.contractAddress, gas: '0x1c9c380' };
  const trace = async (config: object) => {
    const start = performance.now();
    const response = await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'debug_traceCall', params: [call, 'latest', config] }) });
    const text = await response.text();
    return { seconds: (performance.now() - start) / 1000, text };
  };
  return {
    trace,
    time: async (tracer, tracerConfig) => (await trace({ tracer, tracerConfig })).seconds,
    stop: () => anvil.stop(),
  };
}
