// What the node commands share: option parsing with usage errors, opening the selected node, and
// printing failures (classified, masked) on stderr with a non-zero exit status.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Command } from '../commands/command';
import { createRpcClient, type RpcClient } from '../../core/rpc/client';
import { maskSecrets, type Endpoint } from '../../core/rpc/endpoint';
import { NodeError } from '../../core/rpc/errors';
import { parseDuration } from '../../core/trace/duration';
import { nodeOptions, nodeOptionsHelp, selectNode, type LocalNodeSetup, type NodeOptionValues } from './select';

/** A mistake on the command line: printed with the usage, exit status 2. */
export class UsageError extends Error {}

function parseCommandLine<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** Writes the failure to stderr: kind, message and explanation for node errors; always masked. */
function reportFailure(error: unknown, usage: string, endpoint?: Endpoint): number {
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

interface NodeSession {
  endpoint: Endpoint;
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
  usage: string,
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
      debugSecret: selected.debugSecret,
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

const commonOptions = { ...nodeOptions, timeout: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;

/** A parsed command line; `V` names the command's own options (string or boolean values). */
export interface CommandLine<V> {
  values: V & NodeOptionValues & { timeout?: string; help?: boolean };
  positionals: string[];
}

/**
 * A command that talks to a node: node-selection options, --timeout and --help come with it. `prepare`
 * checks the command line before any node is started (throw UsageError for a usage mistake); `run` gets
 * the open node and what `prepare` returned.
 */
export function nodeCommand<V, P>(spec: {
  summary: string;
  /** Usage text; the node-selection options are appended. */
  usage: string;
  /** parseArgs options for the fields of `V`. */
  options: NonNullable<ParseArgsConfig['options']>;
  prepare(line: CommandLine<V>): P;
  /** How the local node is started when no other node is selected (default: plain). */
  localNode?(prepared: P): LocalNodeSetup;
  run(session: NodeSession, prepared: P, line: CommandLine<V>): Promise<number>;
}): Command {
  const usage = `${spec.usage}\n\n${nodeOptionsHelp}`;
  const options = { ...commonOptions, ...spec.options };
  return {
    summary: spec.summary,
    async run(argv) {
      let line: CommandLine<V>;
      let prepared: P;
      try {
        line = parseCommandLine(argv, options) as CommandLine<V>;
        if (line.values.help) {
          process.stdout.write(`${usage}\n`);
          return 0;
        }
        prepared = spec.prepare(line);
      } catch (error) {
        return reportFailure(error, usage);
      }
      return withNode(line.values, usage, spec.localNode?.(prepared) ?? {}, (session) => spec.run(session, prepared, line));
    },
  };
}
