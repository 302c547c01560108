// `evm-tracer replay FIXTURE.json --tracer FILE`: re-executes the transaction of a geth tracer-test fixture on
// the local runtime with a tracer and prints its result (the geth-serialised JSON).
import { fileLimits, readUserFile, whyUnreadable } from '../../core/user-file';

import { fixtureJob } from '../../runtime/trace/fixture-job';
import { parseGoDuration, timerDelay } from '../../core/trace/duration';
import { prepareTracer } from '../../core/trace/requests';
import { CONFIG_FILE_NAME } from '../../core/config-file';
import { runTraceJob } from '../../runtime/trace/run';
import { defineCommand, UsageError } from '../command-line';
import { commandEcmaLevel, ecmaOption } from '../ecma-option';
import { tracerArgument } from './tracer-argument';

function readText(file: string, what: string): string {
  try {
    return readUserFile(file, fileLimits.large);
  } catch (error) {
    throw new UsageError(`cannot read ${what} ${file}: ${whyUnreadable(error)}`);
  }
}

/** What `evm-tracer replay: MESSAGE` reports, exit status 1: the tracer or the fixture failed. */
function failed(message: string): number {
  process.stderr.write(`evm-tracer replay: ${message}\n`);
  return 1;
}

export const replayCommand = defineCommand({
  name: 'replay',
  summary: 're-execute a geth tracer-test fixture with a tracer',
  synopsis: ['FIXTURE.json --tracer FILE|NAME [--config JSON] [--timeout 60s] [--ecma 5|2017] [--config-file PATH]'],
  description: `Re-executes the transaction of a geth tracer-test fixture (genesis + context + input) with the tracer and
prints the tracer's result as JSON.`,
  options: {
    tracer: { type: 'string', value: 'FILE|NAME', help: "a tracer file or a built-in tracer's name (e.g. callTracer)" },
    config: { type: 'string', value: 'JSON', help: "the tracerConfig, passed to setup() as is (default: the fixture's tracerConfig)" },
    timeout: { type: 'string', value: 'DURATION', help: "the trace's time-out, as geth takes it (e.g. 60s)" },
    ecma: {
      ...ecmaOption,
      help: `the level the tracer is first checked at, as a node would take it; default:
lint.ecmaVersion in ./${CONFIG_FILE_NAME} (or --config-file PATH), else 5
(the providers' ES5.1; plain geth takes 2017)`,
    },
    'config-file': { type: 'string', value: 'PATH', help: `another config file than ./${CONFIG_FILE_NAME}` },
  },
  async run({ values, positionals }) {
    if (positionals.length !== 1) throw new UsageError(`give exactly one fixture file (got ${positionals.length})`);
    if (values.tracer === undefined) throw new UsageError('--tracer FILE|NAME is required');
    if (values.config !== undefined) {
      try {
        JSON.parse(values.config);
      } catch (error) {
        throw new UsageError(`--config is not valid JSON: ${(error as Error).message}`);
      }
    }
    const [file] = positionals;
    let fixture: unknown;
    try {
      fixture = JSON.parse(readText(file, 'fixture'));
    } catch (error) {
      throw error instanceof UsageError ? error : new UsageError(`${file} is not valid JSON: ${(error as Error).message}`);
    }
    let argument: ReturnType<typeof tracerArgument>;
    try {
      argument = tracerArgument(values.tracer);
    } catch (error) {
      return failed((error as Error).message);
    }
    const tracer = argument.kind === 'name' ? argument.name : readText(values.tracer, 'tracer');
    let timeoutMs: number | undefined;
    try {
      timeoutMs = values.timeout === undefined ? undefined : timerDelay(Math.max(0, parseGoDuration(values.timeout)));
    } catch (error) {
      throw new UsageError(`--timeout: ${(error as Error).message}`);
    }
    let job;
    try {
      // Refused as a node at that level would refuse it; the text as written runs (errors keep its positions).
      if (argument.kind === 'file') prepareTracer(tracer, values.tracer, commandEcmaLevel(values));
      job = fixtureJob(fixture, file, tracer, values.config);
    } catch (error) {
      if (error instanceof UsageError) throw error;
      return failed((error as Error).message);
    }
    if (timeoutMs !== undefined) job.timeoutMs = timeoutMs;
    const [outcome] = await runTraceJob(job);
    if ('error' in outcome) return failed(outcome.error);
    process.stdout.write(outcome.json + '\n');
    return 0;
  },
});
