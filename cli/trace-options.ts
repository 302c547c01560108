// What `trace` and `trace range` read alike: the tracer (a file or a built-in name), JSON given inline or as a
// file, and the client a local node's trace reproduces.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { checkClientTarget, clientTargets } from '../core/client-targets';
import type { TracerIdentity } from '../core/range/manifest';
import type { EcmaLevel } from '../core/ecma-level';
import { namedTracer } from '../core/trace/named-tracer';
import { prepareTracer, type SendableTracer } from '../core/trace/requests';
import { fileLimits, readUserFile, whyUnreadable } from '../core/user-file';
import { UsageError, type OptionSpec } from './command-line';
import { tracerArgument } from './commands/tracer-argument';

export const tracerOption = {
  type: 'string',
  value: 'FILE|NAME',
  help: "the tracer (*.tracer.js), or a built-in tracer's name (e.g. callTracer)",
} as const satisfies OptionSpec;

export const targetOption = {
  type: 'string',
  value: clientTargets.join('|'),
  help: `on this project's local node: run the tracer as this client does (the trace config's
"target"; default: the node's choice, coreth on the C-Chain); other nodes ignore it`,
} as const satisfies OptionSpec;

/** --target checked: a usage error names the client targets. */
export function checkTargetOption(value: string | undefined): void {
  try {
    checkClientTarget(value, '--target');
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** JSON given inline or as the path of a JSON file. */
export function jsonArgument(text: string, what: string): unknown {
  const fromFile = !/^\s*[[{"]/.test(text) && existsSync(text);
  let source = text;
  try {
    if (fromFile) source = readUserFile(text, fileLimits.small);
  } catch (error) {
    throw new UsageError(`${what}: cannot read ${text}: ${whyUnreadable(error)}`);
  }
  try {
    return JSON.parse(source);
  } catch (error) {
    throw new UsageError(`${what}: ${fromFile ? `${text} is` : 'the value is'} not valid JSON (${(error as Error).message})`);
  }
}

/** --tracer: a built-in tracer by name, or a file read and flattened at `level` (so a tracer beyond the node's
 * level is refused before any node is started). */
type TracerChoice = { kind: 'name'; name: string; tracer: SendableTracer } | { kind: 'file'; source: string; tracer: SendableTracer };

export function readTracer(value: string, level: () => EcmaLevel): TracerChoice {
  const argument = tracerArgument(value);
  if (argument.kind === 'name') return { kind: 'name', name: argument.name, tracer: namedTracer(argument.name) };
  let source: string;
  try {
    source = readUserFile(value, fileLimits.small);
  } catch (error) {
    throw new Error(`cannot read the tracer ${value}: ${whyUnreadable(error)}`);
  }
  return { kind: 'file', source, tracer: prepareTracer(source, value, level()) };
}

/** How a range run's manifest names the tracer: by its name, or by its file's name and text's sha256. */
export function tracerIdentity(choice: TracerChoice, path: string): TracerIdentity {
  return choice.kind === 'name'
    ? { name: choice.name }
    : { file: basename(path), sha256: createHash('sha256').update(choice.source).digest('hex') };
}
