// A short-lived JSON-RPC client for the prompts' own reads (accounts, latest transactions, the seed): small
// answers only, quick time-outs, so a slow or hostile node cannot stall or flood a picker.
import type { RpcClient } from '../core/rpc/client';
import type { Ctx } from './ctx';
import type { NodeSettings } from './config';

const promptLimits = { timeoutMs: 15_000, maxResponseBytes: 8 * 1024 * 1024 };

export async function withNodeClient<T>(ctx: Ctx, node: NodeSettings, use: (client: RpcClient) => Promise<T>): Promise<T> {
  const endpoint = await ctx.nodes.endpoint(node);
  const { createRpcClient } = await import('../core/rpc/client');
  const client = createRpcClient(endpoint, { ...promptLimits, log: (line) => ctx.log.trace(line) });
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}
