// The storage loop deployed on a real anvil, for benches that put anvil's tracers beside ours in the same
// run: `time(tracer, config)` measures one debug_traceCall of the loop.
import { anvilAvailable, startAnvil } from '../test/support/nodes/anvil';
import { loop } from './storage-loop';

export interface AnvilLoop {
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
  const receipt = await rpc<{ contractAddress: string }>('eth_getTransactionReceipt', [hash]);
  const call = { from, to: receipt.contractAddress, gas: '0x1c9c380' };
  return {
    async time(tracer, tracerConfig) {
      const start = performance.now();
      await rpc('debug_traceCall', [call, 'latest', { tracer, tracerConfig }]);
      return (performance.now() - start) / 1000;
    },
    stop: () => anvil.stop(),
  };
}
