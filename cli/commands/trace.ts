// `evm-tracer trace tx|call|block`: runs a tracer file on a node and prints the tracer's result as JSON.
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { toCallObject } from '../../core/trace/call';
import { parseBlockTag } from '../../core/trace/block';
import { checkHash, prepareTracer, sendTrace, type SendableTracer, type TraceTarget } from '../../core/trace/requests';
import { nodeCommand, UsageError } from '../node/command-kit';
import { commandEcmaLevel, ecmaOptionHelp } from '../node/ecma-level';
import { writeReport } from './report';

const usage = `usage:
  evm-tracer trace tx HASH --tracer FILE [options]
  evm-tracer trace call --call FILE_OR_JSON [--block TAG] --tracer FILE [options]
  evm-tracer trace block HASH --tracer FILE [options]

Prints the tracer's result as JSON on stdout. The tracer is sent flattened (one line, single quotes) at
the node's ECMAScript level; syntax beyond it is refused before anything is sent.

trace options:
  --tracer FILE          the tracer (*.tracer.js)
${ecmaOptionHelp}
  --config JSON          tracerConfig passed to setup(config): JSON text or a JSON file
  --timeout DURATION     the node's tracing time-out, e.g. 5s (the request waits a little longer)
  --call FILE_OR_JSON    call object {from, to, gas, gasPrice | maxFeePerGas, value, data}: JSON text or a file
  --block TAG            block for trace call: latest (default, sent as its number), a number, or a hash
  --html FILE            also write the result as a self-contained HTML report (see evm-tracer report)
  --abi-dir DIR          with --html: a folder to scan for ABIs to name calls and events; repeatable`;

/** JSON given inline or as the path of a JSON file. */
function jsonArgument(text: string, what: string): unknown {
  const fromFile = !/^\s*[[{"]/.test(text) && existsSync(text);
  const source = fromFile ? readFileSync(text, 'utf8') : text;
  try {
    return JSON.parse(source);
  } catch (error) {
    throw new UsageError(`${what}: ${fromFile ? `${text} is` : 'the value is'} not valid JSON (${(error as Error).message})`);
  }
}

function target(kind: string | undefined, positionals: string[], values: { call?: string; block?: string }): TraceTarget {
  const [argument, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError(`unexpected argument '${extra[0]}'`);
  switch (kind) {
    case 'tx':
    case 'block': {
      if (!argument) throw new UsageError(`trace ${kind} needs a ${kind === 'tx' ? 'transaction' : 'block'} hash`);
      const hash = checkHash(argument, kind === 'tx' ? 'transaction hash' : 'block hash');
      return { kind, hash };
    }
    case 'call': {
      if (argument) throw new UsageError(`trace call takes no positional argument (got '${argument}'); use --call`);
      if (!values.call) throw new UsageError('trace call needs --call FILE_OR_JSON');
      return { kind, call: toCallObject(jsonArgument(values.call, '--call'), '--call'), block: parseBlockTag(values.block ?? 'latest') };
    }
    default:
      throw new UsageError(kind ? `unknown trace kind '${kind}' (use tx, call or block)` : 'trace needs tx, call or block');
  }
}

interface Prepared {
  target: TraceTarget;
  tracer: SendableTracer;
  tracerConfig: unknown;
}

export const traceCommand = nodeCommand<{ tracer?: string; ecma?: string; config?: string; call?: string; block?: string; html?: string; 'abi-dir'?: string[] }, Prepared>({
  summary: 'run a tracer file on a node: trace tx|call|block (result JSON on stdout)',
  usage,
  options: {
    tracer: { type: 'string' },
    ecma: { type: 'string' },
    config: { type: 'string' },
    call: { type: 'string' },
    block: { type: 'string' },
    html: { type: 'string' },
    'abi-dir': { type: 'string', multiple: true },
  },
  prepare({ values, positionals }) {
    const [kind, ...rest] = positionals;
    const traceTarget = target(kind, rest, values);
    if (!values.tracer) throw new UsageError('--tracer FILE is required');
    if (kind !== 'call' && values.block !== undefined) throw new UsageError('--block is for trace call only');
    if (values['abi-dir'] && !values.html) throw new UsageError('--abi-dir goes with --html');
    let tracerSource: string;
    try {
      tracerSource = readFileSync(values.tracer, 'utf8');
    } catch (error) {
      throw new Error(`cannot read the tracer ${values.tracer}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
    const tracerConfig = values.config === undefined ? undefined : jsonArgument(values.config, '--config');
    // Flattened here, so a tracer beyond the node's level is refused before any node is started.
    const tracer = prepareTracer(tracerSource, values.tracer, commandEcmaLevel(values, UsageError));
    return { target: traceTarget, tracer, tracerConfig };
  },
  async run(session, { target: traceTarget, tracer, tracerConfig }, { values }) {
    const result = await sendTrace(session.client(), traceTarget, tracer, { tracerConfig, timeout: values.timeout });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    if (values.html) {
      await writeReport(values.html, { title: `${basename(values.tracer as string)} · trace ${traceTarget.kind}`, result }, values['abi-dir'] ?? []);
      process.stderr.write(`evm-tracer: report written to ${values.html}\n`);
    }
    return 0;
  },
});
