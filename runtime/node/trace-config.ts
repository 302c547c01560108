// geth's TraceConfig from a debug_trace* request: keys matched case-insensitively as Go's JSON decoder does,
// `tracerConfig` kept as its verbatim source text (setup() receives it raw), `timeout` in Go duration syntax.
// Without a tracer, geth's struct logger runs with the logger options of the config's top level.
import { rawMember } from './json-text';
import { parseGoDuration } from '../../core/trace/duration';
import { debugRun, type DebugRun } from './debug-run';
import { decodeBlockOverrides, type BlockOverrides } from './block-overrides';
import { goDecoded, goQuantity, type GoDecoder } from './go-decode';
import { decodeStateOverride } from './methods/state-overrides';
import type { StateOverride } from '../evm/state-override';
import { invalidParams, serverError } from './rpc-error';
import { structLoggerOptions, structLoggerTracer } from '../builtin/struct-logger';
import { traitsOf, type Target } from '../evm/target';
import { clientTargets, isClientTarget } from '../../core/client-targets';

export interface TraceOptions {
  /** JavaScript source or a built-in tracer's name; structLoggerTracer for the struct logger. */
  tracer: string;
  tracerConfig?: string;
  timeoutMs: number;
  /** This node's extension: a debug run (debug-run.ts). */
  debug?: DebugRun;
  /** This node's extension: whose tracers to reproduce for this trace (else the node's --target). */
  target?: Target;
}

const defaultTimeoutMs = 5000;
/** What --max-trace-timeout may be at most: Node's timers overflow beyond 2^31-1 ms (about 24.8 days). */
export const timerLimitMs = 2 ** 31 - 1;

/** Go's rule: an exact key match wins, else the first case-insensitive one. */
function member(object: Record<string, unknown>, name: string): string | undefined {
  if (Object.hasOwn(object, name)) return name;
  return Object.keys(object).find((key) => key.toLowerCase() === name.toLowerCase());
}

/** The struct logger's options from the config's top level, as JSON text; a value of the wrong type is refused. */
function loggerConfig(config: Record<string, unknown>, index: number): string {
  const options: Record<string, unknown> = {};
  for (const [name, type] of Object.entries(structLoggerOptions)) {
    const key = member(config, name);
    const value = key === undefined ? undefined : config[key];
    if (value === undefined || value === null) continue;
    if (type === 'bool' ? typeof value !== 'boolean' : !Number.isSafeInteger(value)) {
      throw invalidParams(`invalid argument ${index}: cannot unmarshal ${JSON.stringify(value)} into "${name}" of type ${type}`);
    }
    options[name] = value;
  }
  return JSON.stringify(options);
}

/** `maxTimeoutMs`: the node's cap (--max-trace-timeout); a longer `timeout` is clamped to it. */
export function traceOptions(value: unknown, index: number, maxTimeoutMs: number): TraceOptions {
  if (value !== undefined && value !== null && (typeof value !== 'object' || Array.isArray(value))) {
    throw invalidParams(`invalid argument ${index}: expected a trace config object`);
  }
  const config = (value ?? {}) as Record<string, unknown>;
  const tracerKey = member(config, 'tracer');
  const named = tracerKey === undefined ? undefined : config[tracerKey];
  if (named !== undefined && named !== null && typeof named !== 'string')
    throw invalidParams(`invalid argument ${index}: "tracer" must be a string`);
  // geth runs the struct logger only when there is no tracer at all; an empty one is a tracer that fails.
  if (named === '')
    throw invalidParams(`invalid argument ${index}: "tracer" is empty: leave it out for the struct logger, or name a tracer`);
  const tracer = named ?? structLoggerTracer;
  const configKey = member(config, 'tracerConfig');
  const rawConfig =
    tracer === structLoggerTracer ? loggerConfig(config, index) : configKey === undefined ? undefined : rawMember(config, configKey);
  const timeoutKey = member(config, 'timeout');
  const timeout = timeoutKey === undefined ? undefined : config[timeoutKey];
  let timeoutMs = defaultTimeoutMs;
  if (timeout !== undefined && timeout !== null) {
    if (typeof timeout !== 'string') throw invalidParams(`invalid argument ${index}: "timeout" must be a duration string like "5s"`);
    try {
      timeoutMs = Math.max(0, parseGoDuration(timeout));
    } catch (error) {
      throw serverError((error as Error).message);
    }
  }
  const debugKey = member(config, 'debug');
  return {
    tracer,
    tracerConfig: rawConfig,
    timeoutMs: Math.min(timeoutMs, maxTimeoutMs),
    debug: debugKey === undefined ? undefined : debugRun(config[debugKey], index),
    target: traceTarget(config, index),
  };
}

/** The config's `target`, if it names one. */
function traceTarget(config: Record<string, unknown>, index: number): Target | undefined {
  const key = member(config, 'target');
  const value = key === undefined ? undefined : config[key];
  if (value === undefined || value === null) return undefined;
  if (!isClientTarget(value))
    throw invalidParams(`invalid argument ${index}: "target" must be one of ${clientTargets.map((name) => `"${name}"`).join(', ')}`);
  return value;
}

/** debug_traceCall's TraceCallConfig: a TraceConfig plus what the call runs on. */
interface TraceCallOptions extends TraceOptions {
  stateOverrides?: StateOverride;
  blockOverrides?: BlockOverrides;
  /** Run the call after the block's first `txIndex` transactions (on the state before the rest), not after
   * the whole block: geth's int of the hexutil.Uint, so a value from 2^63 up is negative. */
  txIndex?: bigint;
}

type CallMembers = Pick<TraceCallOptions, 'stateOverrides' | 'blockOverrides' | 'txIndex'>;

/** The members geth decodes into typed fields, in the config's own order (the first failing one is the one
 * geth reports); `blockOverrides` with the fields of the target's client. */
function decodeCallMembers(config: Record<string, unknown>, decoder: GoDecoder, target: Target): CallMembers {
  const decoded: CallMembers = {};
  const keys = {
    stateOverrides: member(config, 'stateOverrides'),
    blockOverrides: member(config, 'blockOverrides'),
    txIndex: member(config, 'txIndex'),
  };
  for (const [key, value] of Object.entries(config)) {
    if (key === keys.stateOverrides) decoded.stateOverrides = decodeStateOverride(value, 'traceCall', decoder);
    else if (key === keys.blockOverrides) decoded.blockOverrides = decodeBlockOverrides(value, decoder, traitsOf(target).blockOverrides);
    else if (key === keys.txIndex && value !== null)
      decoded.txIndex = BigInt.asIntN(64, goQuantity(value, { struct: 'TraceCallConfig', path: 'TxIndex' }, 'hexutil.Uint'));
  }
  return decoded;
}

/** `nodeTarget`: the node's target, the trace's when its config names none. */
export function traceCallOptions(value: unknown, index: number, maxTimeoutMs: number, nodeTarget: Target): TraceCallOptions {
  const options = traceOptions(value, index, maxTimeoutMs);
  const config = (value ?? {}) as Record<string, unknown>;
  return { ...options, ...goDecoded(index, (decoder) => decodeCallMembers(config, decoder, options.target ?? nodeTarget)) };
}
