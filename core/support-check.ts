// Does this node run custom JS tracers? Sends a tiny sample tracer and classifies the answer:
// supported (and whether ES2015 syntax is accepted), disabled (the node refuses: Hardhat), ignored (a
// default structLogs trace came back instead: ganache), unreachable or unauthorized. Also checks eth_chainId.
import type { RpcClient, RequestOptions } from './rpc/client';
import type { Endpoint } from './rpc/endpoint';
import { NodeError } from './rpc/errors';

type SupportStatus = 'supported' | 'disabled' | 'ignored' | 'unreachable' | 'unauthorized';

export interface SupportReport {
  status: SupportStatus;
  /** One sentence for people (masked). */
  detail: string;
  chainId?: number;
  /** False when the node's chain id differs from the endpoint's expected network. */
  chainIdMatches?: boolean;
  /** Whether the engine accepted ES2015 syntax (only when supported). */
  es2015?: boolean;
  /** Which request the verdict rests on. */
  method?: 'debug_traceCall' | 'debug_traceTransaction';
  warnings: string[];
}

const marker = 'evm-tracer-support-check';
/** ES5.1, flattened, single quotes: what every provider accepts. Counts steps to prove it ran. */
const sampleTracer = `{steps: 0, step: function(log, db) { this.steps++; }, fault: function(log, db) {}, result: function(ctx, db) { return {marker: '${marker}', steps: this.steps}; }}`;
/** The same with ES2015 syntax (arrow, let, template literal). */
const es2015Tracer = `{fault(log, db) {}, result(ctx, db) { let tag = () => \`${marker}\`; return {marker: tag()}; }}`;
/** A contract creation whose init code is PUSH1 1 PUSH1 0 MSTORE: a few steps, no account needed. */
const sampleCall = { from: '0x0000000000000000000000000000000000000000', gas: '0x30d40', data: '0x6001600052' };
const recentBlocks = 32;

function isSampleResult(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { marker?: unknown }).marker === marker;
}

function looksLikeStructLogs(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'structLogs' in value;
}

/** JSON-RPC errors meaning "no such method" (standard -32601, and how ganache and Hardhat say it). */
function isMissingMethod(error: unknown): boolean {
  if (!(error instanceof NodeError) || !error.rpc) return false;
  return error.rpc.code === -32601 || /does not exist|not available|not supported|method not found/i.test(error.rpc.message);
}

function accessFailure(error: unknown, warnings: string[], chainId?: number): SupportReport | undefined {
  if (!(error instanceof NodeError)) return undefined;
  const base = { chainId, warnings };
  if (error.kind === 'unauthorized' || error.kind === 'forbidden')
    return { ...base, status: 'unauthorized', detail: `${error.message}. ${error.explanation}` };
  if (error.kind === 'rpc') return undefined;
  // Rate limits, time-outs, TLS and transport failures: the check could not get an answer.
  return { ...base, status: 'unreachable', detail: `${error.message}. ${error.explanation}` };
}

/** A transaction hash from the most recent blocks, for nodes without debug_traceCall. */
async function recentTransaction(client: RpcClient, options: RequestOptions): Promise<string | undefined> {
  const latest = Number(BigInt(await client.request<string>('eth_blockNumber', [], options)));
  for (let number = latest; number >= 0 && number > latest - recentBlocks; number--) {
    const block = await client.request<{ transactions?: string[] } | null>(
      'eth_getBlockByNumber',
      [`0x${number.toString(16)}`, false],
      options,
    );
    if (block?.transactions?.length) return block.transactions[0];
  }
  return undefined;
}

export async function checkSupport(client: RpcClient, endpoint: Endpoint, options: RequestOptions = {}): Promise<SupportReport> {
  const warnings: string[] = [];
  let chainId: number | undefined;
  let chainIdMatches: boolean | undefined;
  try {
    chainId = Number(BigInt(await client.request<string>('eth_chainId', [], options)));
    if (endpoint.expectedChainId !== undefined) {
      chainIdMatches = chainId === endpoint.expectedChainId;
      if (!chainIdMatches)
        warnings.push(
          `the node reports chain id ${chainId}, but the endpoint expects ${endpoint.expectedChainId}: is this the right network?`,
        );
    }
  } catch (error) {
    const failure = accessFailure(error, warnings);
    if (failure) return failure;
    warnings.push(`eth_chainId failed: ${(error as Error).message}`);
  }
  const base = { chainId, chainIdMatches, warnings };

  const trace = async (tracer: string): Promise<{ method: SupportReport['method']; result: unknown }> => {
    try {
      const block = await client.request<string>('eth_blockNumber', [], options);
      return { method: 'debug_traceCall', result: await client.request('debug_traceCall', [sampleCall, block, { tracer }], options) };
    } catch (error) {
      if (!isMissingMethod(error)) throw error;
      const hash = await recentTransaction(client, options);
      if (!hash)
        throw new NodeError(
          'rpc',
          'debug_traceCall is not available and no recent transaction exists to trace instead',
          'The check needs debug_traceCall, or a transaction in the last blocks for debug_traceTransaction.',
        );
      return { method: 'debug_traceTransaction', result: await client.request('debug_traceTransaction', [hash, { tracer }], options) };
    }
  };

  let sample: Awaited<ReturnType<typeof trace>>;
  try {
    sample = await trace(sampleTracer);
  } catch (error) {
    const failure = accessFailure(error, warnings, chainId);
    if (failure) return { ...failure, chainIdMatches };
    return { ...base, status: 'disabled', detail: `the node refused the sample JS tracer: ${(error as Error).message}` };
  }
  if (!isSampleResult(sample.result)) {
    const what = looksLikeStructLogs(sample.result)
      ? 'a default structLogs trace'
      : `something else (${client.shown(String(JSON.stringify(sample.result)), 120)})`;
    return {
      ...base,
      method: sample.method,
      status: 'ignored',
      detail: `${sample.method} returned ${what} instead of the tracer's result: the node ignores custom JS tracers`,
    };
  }
  let es2015 = false;
  try {
    es2015 = isSampleResult((await trace(es2015Tracer)).result);
  } catch (error) {
    if (error instanceof NodeError && error.kind !== 'rpc') warnings.push(`the ES2015 probe failed: ${error.message}`);
  }
  const engine = es2015 ? 'ES2015 syntax is accepted too' : 'only ES5.1 syntax is accepted';
  return {
    ...base,
    method: sample.method,
    status: 'supported',
    es2015,
    detail: `custom JS tracers run (checked with ${sample.method}); ${engine}`,
  };
}
