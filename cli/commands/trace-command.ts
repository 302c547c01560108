// `evm-tracer trace tx|call|block`: runs a tracer file on a node and prints the tracer's result as JSON.
import { basename, resolve } from 'node:path';
import { displayUrl, maskSecrets } from '../../core/rpc/endpoint';
import type { ReportSource } from '../../report/data';
import { toBlockOverrides, toCallObject, toQuantity } from '../../core/trace/call';
import { parseBlockTag } from '../../core/trace/block';
import { isHash } from '../../core/chain/shapes';
import {
  checkHash,
  describeTarget,
  methodOf,
  sendDebugTrace,
  sendStructLogTrace,
  sendTrace,
  type CallContext,
  type DebugTarget,
  type SendableTracer,
  type TraceTarget,
} from '../../core/trace/requests';
import { UsageError } from '../command-line';
import type { ClientTarget } from '../../core/client-targets';
import { commandEcmaLevel, ecmaOption } from '../ecma-option';
import { commandWithNode } from '../command-with-node';
import { checkTargetOption, jsonArgument, readTracer, targetOption, tracerOption } from '../trace-options';
import { writeReport } from './report-command';
import { traceRangeCommand } from './trace-range-command';
import type { Command } from './command';

/** `[HOST:]PORT` as Node's --inspect takes it (an IPv6 host in brackets). */
function inspectAddress(text: string): { host: string; port: number } {
  const match = /^(?:(\[[0-9a-fA-F:.]+\]|[\w.-]+):)?(\d{1,5})$/.exec(text);
  if (!match || Number(match[2]) > 65535) throw new UsageError(`--inspect: '${text}' is not [HOST:]PORT (e.g. 9229 or 127.0.0.1:9229)`);
  const host = match[1]?.replace(/^\[|\]$/g, '') ?? '127.0.0.1';
  // Whoever reaches the inspector controls the trace worker, and through it this user's account.
  if (!['127.0.0.1', '::1', 'localhost'].includes(host.toLowerCase())) {
    throw new UsageError(`--inspect: the inspector listens on loopback only (127.0.0.1, ::1 or localhost), not '${host}'`);
  }
  return { host, port: Number(match[2]) };
}

type TargetValues = { call?: string; block?: string; 'tx-index'?: string; 'block-overrides'?: string; 'state-overrides'?: string };

/** --tx-index, --block-overrides, --state-overrides: geth's TraceCallConfig members, checked here. */
function callContext(values: TargetValues): CallContext | undefined {
  const context: CallContext = {};
  if (values['tx-index'] !== undefined) context.txIndex = toQuantity(values['tx-index'], '--tx-index');
  if (values['block-overrides'] !== undefined)
    context.blockOverrides = toBlockOverrides(jsonArgument(values['block-overrides'], '--block-overrides'), '--block-overrides');
  if (values['state-overrides'] !== undefined) {
    const overrides = jsonArgument(values['state-overrides'], '--state-overrides');
    if (typeof overrides !== 'object' || overrides === null || Array.isArray(overrides)) {
      throw new Error('--state-overrides: expected a JSON object like {"0xADDRESS": {"balance": "0x…", "code": "0x…"}}');
    }
    context.stateOverrides = overrides as Record<string, unknown>;
  }
  return Object.keys(context).length > 0 ? context : undefined;
}

const callOnly = ['tx-index', 'block-overrides', 'state-overrides'] as const;

function target(kind: string | undefined, positionals: string[], values: TargetValues): TraceTarget {
  const [argument, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError(`unexpected argument '${extra[0]}'`);
  if (kind !== 'call') {
    const given = callOnly.find((name) => values[name] !== undefined);
    if (given) throw new UsageError(`--${given} is for trace call only`);
  }
  switch (kind) {
    case 'tx':
      if (!argument) throw new UsageError('trace tx needs a transaction hash');
      return { kind, hash: checkHash(argument, 'transaction hash') };
    case 'block': {
      if (!argument) throw new UsageError('trace block needs a block hash, a block number or latest');
      // A hash cut short is not taken for a (huge) block number.
      if (/^0x[0-9a-f]{17,}$/i.test(argument.trim()) && !isHash(argument.trim()))
        throw new Error(`block '${argument}' is neither a 0x-prefixed 32-byte hash nor a block number`);
      const block = parseBlockTag(argument);
      return isHash(block) ? { kind, hash: block } : { kind, number: block };
    }
    case 'call': {
      if (argument) throw new UsageError(`trace call takes no positional argument (got '${argument}'); use --call`);
      if (!values.call) throw new UsageError('trace call needs --call FILE_OR_JSON');
      const call = toCallObject(jsonArgument(values.call, '--call'), '--call');
      return { kind, call, block: parseBlockTag(values.block ?? 'latest'), context: callContext(values) };
    }
    default:
      if (kind === 'range') throw new UsageError('write range first, before any option: evm-tracer trace range FROM..TO …');
      throw new UsageError(kind ? `unknown trace kind '${kind}' (use tx, call, block or range)` : 'trace needs tx, call, block or range');
  }
}

interface Prepared {
  target: TraceTarget;
  /** undefined: the struct logger, with `tracerConfig` as its options. */
  tracer: SendableTracer | undefined;
  tracerConfig: unknown;
  /** --inspect: a debug run of the file's own text. */
  debug?: { target: Omit<DebugTarget, 'secret'>; source: string };
}

/** --struct-logs: the logger's options are sent at the top level of the trace config, so they must be an object. */
function loggerOptions(config: unknown): Record<string, unknown> {
  if (config === undefined) return {};
  if (typeof config !== 'object' || config === null || Array.isArray(config))
    throw new UsageError('--config with --struct-logs must be a JSON object of logger options');
  return config as Record<string, unknown>;
}

const traceTargetCommand = commandWithNode({
  name: 'trace',
  summary: 'run a tracer file on a node: trace tx|call|block (result JSON on stdout), trace range (into a folder)',
  synopsis: [
    'tx HASH --tracer FILE|NAME [options]',
    'call --call FILE_OR_JSON [--block TAG] [--tx-index N] [--block-overrides FILE_OR_JSON]',
    '     [--state-overrides FILE_OR_JSON] --tracer FILE|NAME [options]',
    'block HASH|NUMBER|latest --tracer FILE|NAME [options]',
    'tx|call|block ... --struct-logs [--config JSON] [options]',
    'range FROM..TO --out DIR --tracer FILE|NAME [options]   (see trace range --help)',
  ],
  description: `Prints the tracer's result as JSON on stdout. The tracer is sent flattened (one line, single quotes) at
the node's ECMAScript level; syntax beyond it is refused before anything is sent.`,
  options: {
    tracer: tracerOption,
    ecma: ecmaOption,
    config: {
      type: 'string',
      value: 'JSON',
      help: `tracerConfig passed to setup(config): JSON text or a JSON file; with --struct-logs,
the logger's options: {"disableStack", "disableStorage", "enableMemory",
"enableReturnData", "limit"}`,
    },
    'struct-logs': { type: 'boolean', help: "no tracer: the node's struct logger (geth's default trace), one entry per opcode" },
    timeout: { type: 'string', value: 'DURATION', help: "the node's tracing time-out, e.g. 5s (the request waits a little longer)" },
    target: targetOption,
    call: {
      type: 'string',
      value: 'FILE_OR_JSON',
      help: 'call object {from, to, gas, gasPrice | maxFeePerGas, value, data}: JSON text or a file',
    },
    block: { type: 'string', value: 'TAG', help: 'block for trace call: latest (default, sent as its number), a number, or a hash' },
    'tx-index': {
      type: 'string',
      value: 'N',
      help: 'trace call on the state inside the block, after its first N transactions (geth ≥ 1.16)',
    },
    'block-overrides': {
      type: 'string',
      value: 'FILE_OR_JSON',
      help: `header fields the call sees instead of the block's: {number, time, gasLimit,
feeRecipient, prevRandao, baseFeePerGas, blobBaseFee, difficulty} (geth ≥ 1.16 and the
local node); coreth names two of them coinbase and baseFee and has no prevRandao`,
    },
    'state-overrides': {
      type: 'string',
      value: 'FILE_OR_JSON',
      help: `accounts changed for the call: {"0xADDRESS": {balance, nonce, code, state | stateDiff,
movePrecompileToAddress}}`,
    },
    inspect: {
      type: 'string',
      value: '[HOST:]PORT',
      help: `debug the tracer (local node only): the trace waits for a debugger (Chrome DevTools,
VS Code, any CDP client) at ws://HOST:PORT (HOST: 127.0.0.1, the default, ::1 or
localhost: the inspector listens on loopback only; port 0 picks one),
printed on stderr; the file itself is debugged, and the time-out stops while paused`,
    },
    html: { type: 'string', value: 'FILE', help: 'also write the result as a self-contained HTML report (see evm-tracer report)' },
    'abi-dir': {
      type: 'string',
      multiple: true,
      value: 'DIR',
      help: 'with --html: a folder to scan for ABIs to name calls and events; repeatable',
    },
  },
  prepare({ values, positionals }): Prepared {
    const [kind, ...rest] = positionals;
    const traceTarget = target(kind, rest, values);
    if (kind !== 'call' && values.block !== undefined) throw new UsageError('--block is for trace call only');
    checkTargetOption(values.target);
    if (values['abi-dir'] && !values.html) throw new UsageError('--abi-dir goes with --html');
    if (values.inspect !== undefined && (values.node !== undefined || values.endpoint !== undefined)) {
      throw new UsageError(
        '--inspect debugs on the local node only (it opens the inspector in its own trace worker): drop --node/--endpoint',
      );
    }
    const inspect = values.inspect === undefined ? undefined : inspectAddress(values.inspect);
    if (values['struct-logs']) {
      if (values.tracer) throw new UsageError('--struct-logs runs no tracer: leave out --tracer');
      if (inspect) throw new UsageError('--inspect debugs a tracer file: the struct logger has none');
      const config = values.config === undefined ? undefined : jsonArgument(values.config, '--config');
      return { target: traceTarget, tracer: undefined, tracerConfig: loggerOptions(config) };
    }
    if (!values.tracer) throw new UsageError('--tracer FILE|NAME is required');
    const tracerConfig = values.config === undefined ? undefined : jsonArgument(values.config, '--config');
    const chosen = readTracer(values.tracer, () => commandEcmaLevel(values));
    if (chosen.kind === 'name') {
      if (inspect) throw new UsageError(`--inspect debugs a tracer file: ${chosen.name} is built in`);
      return { target: traceTarget, tracer: chosen.tracer, tracerConfig };
    }
    const debug = inspect && { target: { file: resolve(values.tracer), ...inspect }, source: chosen.source };
    return { target: traceTarget, tracer: chosen.tracer, tracerConfig, debug };
  },
  // A debug run's node prints the inspector's URL (and any warning) on its stderr: passed on as is.
  localNode: ({ debug }) => (debug ? { debugTraces: true, onStderr: (text) => process.stderr.write(text) } : {}),
  async run(session, { target: traceTarget, tracer, tracerConfig, debug }, { values }) {
    const client = values.target as ClientTarget | undefined;
    const options = { tracerConfig, timeout: values.timeout, client };
    const result = debug
      ? await sendDebugTrace(session.client(), traceTarget, debug.source, { ...debug.target, secret: session.debugSecret! }, options)
      : tracer
        ? await sendTrace(session.client(), traceTarget, tracer, options)
        : await sendStructLogTrace(session.client(), traceTarget, tracerConfig as Record<string, unknown>, {
            timeout: values.timeout,
            client,
          });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    if (values.html) {
      const tracerLabel = values.tracer ? basename(values.tracer) : 'struct logs';
      const { endpoint } = session;
      // As a report saved from VS Code names it; the URL masked (reportData also drops its query).
      const source: ReportSource = {
        method: methodOf(traceTarget),
        tracer: tracerLabel,
        node: maskSecrets(endpoint.name, endpoint),
        maskedUrl: displayUrl(endpoint),
        target: describeTarget(traceTarget),
      };
      await writeReport(values.html, { title: `${tracerLabel} · trace ${traceTarget.kind}`, result, source }, values['abi-dir'] ?? []);
      process.stderr.write(`evm-tracer: report written to ${values.html}\n`);
    }
    return 0;
  },
});

/** `trace range …` has options of its own (trace-range-command.ts); `trace tx|call|block …` the ones above. */
export const traceCommand: Command = {
  summary: traceTargetCommand.summary,
  run: (argv) => (argv[0] === 'range' ? traceRangeCommand.run(argv.slice(1)) : traceTargetCommand.run(argv)),
};
