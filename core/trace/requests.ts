// debug_traceTransaction / debug_traceCall / debug_traceBlockByHash|Number: the tracer flattened at the target
// node's ECMAScript level (one line, single quotes, no comments), the params in the node's order, and node
// errors mapped to the tracer file.
import { DEFAULT_LEVEL, levelName, type EcmaLevel } from '../ecma-level';
import type { RequestOptions, RpcClient } from '../rpc/client';
import type { ClientTarget } from '../client-targets';
import { flattenTracer, type FlattenResult } from '../tracer/flatten';
import type { TracerDiagnostic } from '../tracer/diagnostic';
import { resolveBlock } from './block';
import type { BlockOverrides, CallObject } from './call';
import { parseDuration } from './duration';
import { locateTracerError } from './node-positions';

export type TraceTarget =
  | { kind: 'tx'; hash: string }
  | { kind: 'call'; call: CallObject; block: string; context?: CallContext }
  | { kind: 'block'; hash: string }
  /** A block by number or tag (`latest` is sent as its number). */
  | { kind: 'block'; number: string };

/** What debug_traceCall runs the call on besides its block: geth's TraceCallConfig members. */
export interface CallContext {
  blockOverrides?: BlockOverrides;
  /** geth's state override set, as given (the node checks it). */
  stateOverrides?: Record<string, unknown>;
  /** 0x hex: the call runs after the block's first txIndex transactions instead of after the whole block. */
  txIndex?: string;
}

interface TracerOptions {
  /** The flattened tracer. */
  tracer: string;
  /** Reaches the tracer's `setup(config)`. */
  tracerConfig?: unknown;
  /** geth duration, e.g. "5s". */
  timeout?: string;
  /** A debug run on this project's local node (started with --debug-traces). */
  debug?: DebugTarget;
  /** The client whose tracers this project's local node reproduces for the trace (other nodes ignore it). */
  client?: ClientTarget;
}

/** Where a debug run's trace worker opens the inspector, and the tracer file it debugs. */
export interface DebugTarget {
  /** The tracer file's absolute path: the node compiles the tracer under its URL. */
  file: string;
  /** A loopback address: the node refuses any other. */
  host: string;
  port: number;
  /** The node's debug secret, which only the program that launched it has (LocalNode.debugSecret). */
  secret: string;
}

/** The JSON-RPC method of each kind of target (a block by its hash; by number: methodOf). */
export const METHOD_NAMES = { tx: 'debug_traceTransaction', call: 'debug_traceCall', block: 'debug_traceBlockByHash' } as const;

/** The JSON-RPC method that traces `target`. */
export function methodOf(target: TraceTarget): string {
  return target.kind === 'block' && 'number' in target ? 'debug_traceBlockByNumber' : METHOD_NAMES[target.kind];
}

/** A short description of the target for headers, logs and reports. */
export function describeTarget(target: TraceTarget): string {
  switch (target.kind) {
    case 'tx':
      return `transaction ${target.hash}`;
    case 'block':
      return `block ${'hash' in target ? target.hash : target.number}`;
    case 'call':
      return `call to ${target.call.to ?? '(contract creation)'} at block ${target.block}`;
  }
}

export function checkHash(hash: string, what: string): string {
  if (!/^0x[0-9a-fA-F]{64}$/.test(hash)) throw new Error(`${what} '${hash}' is not a 0x-prefixed 32-byte hash`);
  return hash;
}

/** A trace without a tracer: the node's struct logger, its options (disableStack, limit, …) at the top level of
 * the trace config, as geth reads them. */
interface StructLogOptions {
  loggerOptions: Record<string, unknown>;
  timeout?: string;
  client?: ClientTarget;
}

/** The tracer options object, members in a fixed order: tracer, tracerConfig, timeout (and this project's
 * debug and target). */
export function tracerOptionsObject(options: TracerOptions | StructLogOptions): Record<string, unknown> {
  const client = options.client !== undefined ? { target: options.client } : {};
  if ('loggerOptions' in options)
    return { ...options.loggerOptions, ...(options.timeout !== undefined ? { timeout: options.timeout } : {}), ...client };
  return {
    tracer: options.tracer,
    ...(options.tracerConfig !== undefined ? { tracerConfig: options.tracerConfig } : {}),
    ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
    ...(options.debug !== undefined ? { debug: options.debug } : {}),
    ...client,
  };
}

/** Method and params for a target whose block parameter is already what the node gets. */
export function traceRequest(target: TraceTarget, options: TracerOptions | StructLogOptions): { method: string; params: unknown[] } {
  const tracerOptions = tracerOptionsObject(options);
  const method = methodOf(target);
  switch (target.kind) {
    case 'tx':
      return { method, params: [checkHash(target.hash, 'transaction hash'), tracerOptions] };
    case 'block':
      return { method, params: ['hash' in target ? checkHash(target.hash, 'block hash') : target.number, tracerOptions] };
    case 'call':
      return { method, params: [target.call, target.block, { ...tracerOptions, ...target.context }] };
  }
}

/** The tracer file could not be flattened at the target node's level: its syntax errors, with positions. */
export class TracerSourceError extends Error {
  constructor(
    readonly fileName: string,
    readonly diagnostics: TracerDiagnostic[],
    readonly level: EcmaLevel = DEFAULT_LEVEL,
  ) {
    const lines = diagnostics.map((d) => `${fileName}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${d.message}`);
    super(`the tracer cannot be flattened at ${levelName(level.ecmaVersion)} (${level.source}):\n${lines.join('\n')}`);
    this.name = 'TracerSourceError';
  }
}

/** A tracer ready to send: flattened at the node's level, with the way back to positions in its file. */
export interface SendableTracer {
  fileName: string;
  code: string;
  toSourcePosition: Extract<FlattenResult, { ok: true }>['toSourcePosition'];
}

/** Flattens `tracerSource` at `level` (default ES5.1, which every node takes); throws TracerSourceError. */
export function prepareTracer(tracerSource: string, fileName = 'tracer.js', level: EcmaLevel = DEFAULT_LEVEL): SendableTracer {
  const flat = flattenTracer(tracerSource, { ecmaVersion: level.ecmaVersion });
  if (!flat.ok) throw new TracerSourceError(fileName, flat.diagnostics, level);
  return { fileName, code: flat.code, toSourcePosition: flat.toSourcePosition };
}

interface SendTraceOptions {
  tracerConfig?: unknown;
  timeout?: string;
  signal?: AbortSignal;
  client?: ClientTarget;
}

export interface RunTraceOptions extends SendTraceOptions {
  /** Shown in mapped error positions. */
  fileName?: string;
  /** The target node's level (default ES5.1). */
  level?: EcmaLevel;
}

/** Extra wait beyond the node's own `timeout`, so the node's time-out error arrives before ours. */
const graceMs = 15_000;

/** Sends the trace and returns the tracer's result (errors located in the file). */
export async function sendTrace(
  client: RpcClient,
  target: TraceTarget,
  tracer: SendableTracer,
  options: SendTraceOptions = {},
): Promise<unknown> {
  const config = { tracer: tracer.code, tracerConfig: options.tracerConfig, timeout: options.timeout, client: options.client };
  return requestTrace(client, target, config, options, (error) => locateTracerError(error, tracer.toSourcePosition, tracer.fileName));
}

/** Sends a trace without a tracer and returns the node's struct log. */
export async function sendStructLogTrace(
  client: RpcClient,
  target: TraceTarget,
  loggerOptions: Record<string, unknown>,
  options: SendTraceOptions = {},
): Promise<unknown> {
  return requestTrace(client, target, { loggerOptions, timeout: options.timeout, client: options.client }, options, (error) => error);
}

/** `target` with its block as the node gets it: `latest` as the current number (core/trace/block.ts). */
async function resolvedTarget(client: RpcClient, target: TraceTarget, request: RequestOptions): Promise<TraceTarget> {
  if (target.kind === 'call') return { ...target, block: await resolveBlock(client, target.block, request) };
  if (target.kind === 'block' && 'number' in target) return { ...target, number: await resolveBlock(client, target.number, request) };
  return target;
}

async function requestTrace(
  client: RpcClient,
  target: TraceTarget,
  config: TracerOptions | StructLogOptions,
  options: SendTraceOptions,
  failure: (error: unknown) => unknown,
): Promise<unknown> {
  const timeoutMs = options.timeout === undefined ? undefined : parseDuration(options.timeout) + graceMs;
  const request = { signal: options.signal, ...(timeoutMs === undefined ? {} : { timeoutMs }) };
  const { method, params } = traceRequest(await resolvedTarget(client, target, request), config);
  try {
    return await client.request<unknown>(method, params, request);
  } catch (error) {
    throw failure(error);
  }
}

/** A debugger may hold a debug run paused for as long as it likes: its request waits without limit
 * (Node's timers allow at most 2^31-1 ms). */
const debugRequestTimeoutMs = 2 ** 31 - 1;

/** Sends a debug run: the file's own text (never a flattened copy, so that the debugger shows the file), on
 * the local node, which opens the inspector at `debug.host:port` and waits for a debugger. Error positions
 * are the file's own already. */
export async function sendDebugTrace(
  client: RpcClient,
  target: TraceTarget,
  tracerSource: string,
  debug: DebugTarget,
  options: SendTraceOptions = {},
): Promise<unknown> {
  const request = { signal: options.signal, timeoutMs: debugRequestTimeoutMs };
  const { method, params } = traceRequest(await resolvedTarget(client, target, request), {
    tracer: tracerSource,
    tracerConfig: options.tracerConfig,
    timeout: options.timeout,
    debug,
    client: options.client,
  });
  return client.request<unknown>(method, params, request);
}

/** Flattens `tracerSource` at the node's level, sends the trace, and returns the tracer's result. */
export async function runTrace(
  client: RpcClient,
  target: TraceTarget,
  tracerSource: string,
  options: RunTraceOptions = {},
): Promise<unknown> {
  return sendTrace(client, target, prepareTracer(tracerSource, options.fileName, options.level), options);
}
