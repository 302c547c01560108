// How `trace range` and `worker` trace a run's blocks alike: on the node itself (--on node, or the local node),
// or on one local fork node of a remote node started for the process (its fork cache and prefetching serve
// every block), each block asked again after failures that may pass, every text shown masked.
import type { ClientTarget } from '../core/client-targets';
import type { LocalNode } from '../core/local-node-launcher';
import { blockLines, type BlockLines } from '../core/range/block-lines';
import { blockRetry, withRetries } from '../core/range/retry';
import { createRpcClient, type RpcClient } from '../core/rpc/client';
import type { PaceLimits } from '../core/rpc/request-pacer';
import { credentialedUrl, endpointMasker, postUrl, type Endpoint } from '../core/rpc/endpoint';
import { tracerOptionsObject } from '../core/trace/requests';
import { parseSize } from './byte-size';
import { UsageError } from './command-line';

/** geth's default tracing time-out per transaction. */
export const defaultTimeoutMs = 5000;

/** A whole number from 1 to `most` (--chunk-size, --jobs). */
export function count(text: string | undefined, what: string, fallback: number, most: number): number {
  if (text === undefined) return fallback;
  const value = /^\d+$/.test(text.trim()) ? Number(text) : NaN;
  if (!(value >= 1 && value <= most)) throw new UsageError(`${what}: '${text}' is not a whole number from 1 to ${most}`);
  return value;
}

/** What a local fork node prints, as the command shows it. */
interface ForkOutput {
  /** A line it printed (its upstream's rules), masked. */
  note(line: string): void;
  /** Its count of requests to the upstream so far (asked for only with this). */
  onRoundTrips?(count: number): void;
}

const toStderr: ForkOutput = { note: (line) => process.stderr.write(`${line}\n`) };

/** A local fork node of `endpoint`: the URL and its credentials go in its environment, never its command line;
 * what it prints is passed on masked, line by line, but for its count of upstream requests. */
async function localFork(endpoint: Endpoint, timeout: string | undefined, pace: PaceLimits, output: ForkOutput): Promise<LocalNode> {
  const { launchLocalNode, forkUrlVariable, forkProgressPrefix, forkProgressVariable } = await import('../core/local-node-launcher');
  const mask = endpointMasker(endpoint);
  let partial = '';
  return launchLocalNode({
    cliPath: process.argv[1],
    args: [
      ...['--fork-url-env', forkUrlVariable, '--accounts', '0'],
      ...(timeout ? ['--max-trace-timeout', timeout] : []),
      ...(pace.perSecond ? ['--fork-max-requests-per-second', String(pace.perSecond)] : []),
      ...(pace.concurrent ? ['--fork-max-concurrent-requests', String(pace.concurrent)] : []),
    ],
    // Fork mode POSTs: a WebSocket node is read over its HTTP(S) side.
    env: {
      [forkUrlVariable]: credentialedUrl(postUrl(endpoint.url), endpoint.auth),
      ...(output.onRoundTrips && { [forkProgressVariable]: 'lines' }),
    },
    onStderr: (text) => {
      const lines = (partial + text).split('\n');
      partial = lines.pop()!;
      for (const line of lines) {
        // "fork: fetched 12 accounts, 300 slots in 4 round trips" (runtime/state/upstream.ts, trafficText).
        const fetched = line.startsWith(forkProgressPrefix) && / in (\d+) round trips?$/.exec(line);
        if (fetched) output.onRoundTrips?.(Number(fetched[1]));
        else output.note(mask(line));
      }
    },
  }).catch((error: unknown) => {
    throw new Error(mask(error instanceof Error ? error.message : String(error)));
  });
}

interface BlockTracingOptions {
  endpoint: Endpoint;
  /** The node itself (the local node, or --on node); else a local fork of it is started. */
  onNode: boolean;
  node: RpcClient;
  tracer: string;
  config: unknown;
  target: string | null;
  /** --timeout as typed, and in milliseconds. */
  timeout: string | undefined;
  perTransactionMs: number;
  /** --max-response as typed. */
  maxResponse: string | undefined;
  /** Where requests for the node go instead of `endpoint` itself: a fleet worker's gate (request-gate.ts). */
  gate?: Endpoint;
  /** The local fork node's own limits on its upstream requests. */
  pace?: PaceLimits;
  /** What the local fork node prints; else its lines go to stderr. */
  forkOutput?: ForkOutput;
}

interface BlockTracing {
  traceBlock(number: number, signal: AbortSignal): Promise<BlockLines>;
  close(): Promise<void>;
}

export async function openBlockTracing(options: BlockTracingOptions): Promise<BlockTracing> {
  const mask = endpointMasker(options.endpoint);
  let fork: LocalNode | undefined;
  let client: RpcClient | undefined;
  const maxResponseBytes = options.maxResponse === undefined ? undefined : parseSize(options.maxResponse, '--max-response');
  if (!options.onNode) {
    fork = await localFork(options.gate ?? options.endpoint, options.timeout, options.pace ?? {}, options.forkOutput ?? toStderr);
    client = createRpcClient({ name: 'local fork', url: fork.url, auth: { kind: 'none' } }, { maxResponseBytes });
  } else if (options.gate) client = createRpcClient(options.gate, { maxResponseBytes });
  const tracing = client ?? options.node;
  const traceConfig = tracerOptionsObject({
    tracer: options.tracer,
    tracerConfig: options.config ?? undefined,
    timeout: options.timeout,
    client: (options.target ?? undefined) as ClientTarget | undefined,
  });
  const blockOptions = { traceConfig, perTransactionMs: options.perTransactionMs, holdsSecret: (text: string) => mask(text) !== text };
  return {
    traceBlock: (number, signal) => withRetries(() => blockLines(tracing, number, { ...blockOptions, signal }), { ...blockRetry, signal }),
    close: async () => {
      await client?.close();
      await fork?.stop();
    },
  };
}
