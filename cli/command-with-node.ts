// A command that talks to a node (check, trace, xchain): the node-selection options, opening the selected
// node, and printing failures (classified, masked) on stderr with a non-zero exit status.
import type { Command } from './commands/command';
import { defineCommand, UsageError, type CommandHelp, type CommandLine, type OptionSpec, type OptionSpecs } from './command-line';
import { createRpcClient, type RpcClient } from '../core/rpc/client';
import { maskSecrets, type Endpoint } from '../core/rpc/endpoint';
import { NodeError } from '../core/rpc/errors';
import { parseDuration } from '../core/trace/duration';
import { nodeSelection, selectNode, type LocalNodeSetup, type NodeOptionValues } from './node-selection';

/** Writes the failure to stderr: kind, message and explanation for node errors; always masked. */
function reportFailure(error: unknown, endpoint?: Endpoint): number {
  const mask = (text: string) => (endpoint ? maskSecrets(text, endpoint) : text);
  // Reported by the command, as every usage error is; masked here, where the endpoint is known.
  if (error instanceof UsageError) throw new UsageError(mask(error.message));
  if (error instanceof NodeError) {
    process.stderr.write(`evm-tracer: ${error.kind}: ${mask(error.message)}\n  ${mask(error.explanation)}\n`);
    return 1;
  }
  process.stderr.write(`evm-tracer: ${mask(error instanceof Error ? error.message : String(error))}\n`);
  return 1;
}

interface NodeSession {
  endpoint: Endpoint;
  /** The local node, started for this command. */
  local: boolean;
  /** The secret debug runs on this command's own local node carry. */
  debugSecret?: string;
  /** A client for the C-Chain URL, or for `url` when given. */
  client(url?: string): RpcClient;
}

/**
 * Opens the selected node, runs `body`, and closes clients and any local node it started, whatever happens.
 * `timeout` (a duration) bounds each request.
 */
async function withNode(
  values: NodeOptionValues & { timeout?: string },
  local: LocalNodeSetup,
  body: (session: NodeSession) => Promise<number>,
): Promise<number> {
  let endpoint: Endpoint | undefined;
  const clients: RpcClient[] = [];
  let release = async () => {};
  try {
    const timeoutMs = values.timeout === undefined ? undefined : parseDuration(values.timeout);
    const selected = await selectNode(values, local);
    endpoint = selected.endpoint;
    release = selected.release;
    const session: NodeSession = {
      endpoint,
      local: selected.local === true,
      debugSecret: selected.debugSecret,
      client: (url) => {
        const client = createRpcClient(selected.endpoint, { timeoutMs, ...selected.clientOptions, url });
        clients.push(client);
        return client;
      },
    };
    return await body(session);
  } catch (error) {
    return reportFailure(error, endpoint);
  } finally {
    await Promise.all(clients.map((client) => client.close()));
    await release();
  }
}

/** --timeout as check and xchain take it (trace says what its own bounds). */
export const requestTimeoutOption = {
  type: 'string',
  value: 'DURATION',
  help: 'per-request time-out, e.g. 30s',
} as const satisfies OptionSpec;

type NodeCommandLine<O extends OptionSpecs> = CommandLine<O & typeof nodeSelection.options>;

/**
 * A command that talks to a node: the node-selection options come with it; its own options include
 * --timeout (a duration bounding each request). `prepare` checks the command line before any node is
 * started (throw UsageError for a usage mistake); `run` gets the open node and what `prepare` returned.
 */
export function commandWithNode<O extends OptionSpecs & { timeout: OptionSpec }, P>(
  spec: Omit<CommandHelp, 'group'> & {
    summary: string;
    options: O;
    prepare(line: NodeCommandLine<O>): P;
    /** How the local node is started when no other node is selected (default: plain). */
    localNode?(prepared: P): LocalNodeSetup;
    run(session: NodeSession, prepared: P, line: NodeCommandLine<O>): Promise<number>;
  },
): Command {
  return defineCommand({
    ...spec,
    group: nodeSelection,
    async run(line) {
      const prepared = spec.prepare(line);
      const values = line.values as NodeOptionValues & { timeout?: string };
      return withNode(values, spec.localNode?.(prepared) ?? {}, (session) => spec.run(session, prepared, line));
    },
  });
}
