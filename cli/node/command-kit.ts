// What the node commands share: option parsing with usage errors, opening the selected node, and
// printing failures (classified, masked) on stderr with a non-zero exit status.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { createRpcClient, type RpcClient } from '../../core/rpc/client';
import { maskSecrets, type Endpoint } from '../../core/rpc/endpoint';
import { NodeError } from '../../core/rpc/errors';
import { parseDuration } from '../../core/trace/duration';
import { selectNode, type NodeOptionValues } from './select';

/** A mistake on the command line: printed with the usage, exit status 2. */
export class UsageError extends Error {}

export function parseCommandLine<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** Writes the failure to stderr: kind, message and explanation for node errors; always masked. */
export function reportFailure(error: unknown, usage: string, endpoint?: Endpoint): number {
  const mask = (text: string) => (endpoint ? maskSecrets(text, endpoint) : text);
  if (error instanceof UsageError) {
    process.stderr.write(`evm-tracer: ${mask(error.message)}\n\n${usage}\n`);
    return 2;
  }
  if (error instanceof NodeError) {
    process.stderr.write(`evm-tracer: ${error.kind}: ${mask(error.message)}\n  ${mask(error.explanation)}\n`);
    return 1;
  }
  process.stderr.write(`evm-tracer: ${mask(error instanceof Error ? error.message : String(error))}\n`);
  return 1;
}

export interface NodeSession {
  endpoint: Endpoint;
  /** A client for the C-Chain URL, or for `url` when given. */
  client(url?: string): RpcClient;
}

/**
 * Opens the selected node, runs `body`, and closes clients and any local node it started, whatever happens.
 * `timeout` (a duration) bounds each request.
 */
export async function withNode(values: NodeOptionValues & { timeout?: string }, usage: string, body: (session: NodeSession) => Promise<number>): Promise<number> {
  let endpoint: Endpoint | undefined;
  const clients: RpcClient[] = [];
  let release = async () => {};
  try {
    const timeoutMs = values.timeout === undefined ? undefined : parseDuration(values.timeout);
    const selected = await selectNode(values);
    endpoint = selected.endpoint;
    release = selected.release;
    const session: NodeSession = {
      endpoint,
      client: (url) => {
        const client = createRpcClient(selected.endpoint, { timeoutMs, ...selected.clientOptions, url });
        clients.push(client);
        return client;
      },
    };
    return await body(session);
  } catch (error) {
    return reportFailure(error, usage, endpoint);
  } finally {
    await Promise.all(clients.map((client) => client.close()));
    await release();
  }
}
