// `evm-tracer replay FIXTURE.json --tracer FILE`: re-executes the transaction of a geth tracer-test fixture on
// the local runtime with a tracer and prints its result (the geth-serialised JSON).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fixtureJob } from '../../runtime/chain/fixture-job';
import { parseGoDuration, timerDelay } from '../../core/trace/duration';
import { prepareTracer } from '../../core/trace/requests';
import { CONFIG_FILE_NAME } from '../../core/config-file';
import { runTraceJob } from '../../runtime/trace/run';
import { commandEcmaLevel } from '../node/ecma-level';
import type { Command } from './command';
import { tracerArgument } from './tracer-argument';

const usage = `usage: evm-tracer replay FIXTURE.json --tracer FILE|NAME [--config JSON] [--timeout 60s] [--ecma 5|2017] [--config-file PATH]

Re-executes the transaction of a geth tracer-test fixture (genesis + context + input) with the tracer and
prints the tracer's result as JSON. --tracer is a tracer file or a built-in tracer's name (e.g. callTracer).
--config is the tracerConfig, passed to setup() as is (default: the fixture's tracerConfig).
The tracer is first checked at its ECMAScript level, as a node would take it: --ecma, else lint.ecmaVersion
in ./${CONFIG_FILE_NAME} (or --config-file PATH), else 5 (the providers' ES5.1; plain geth takes 2017).`;

class UsageError extends Error {}

function parseCommandLine(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        tracer: { type: 'string' },
        config: { type: 'string' },
        timeout: { type: 'string' },
        ecma: { type: 'string' },
        'config-file': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function readText(file: string, what: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${what} ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

export const replayCommand: Command = {
  summary: 're-execute a geth tracer-test fixture with a tracer',
  async run(argv) {
    let job;
    try {
      const { values, positionals } = parseCommandLine(argv);
      if (values.help) {
        process.stdout.write(usage + '\n');
        return 0;
      }
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
        process.stderr.write(`evm-tracer replay: ${(error as Error).message}\n`);
        return 1;
      }
      const tracer = argument.kind === 'name' ? argument.name : readText(values.tracer, 'tracer');
      let timeoutMs: number | undefined;
      try {
        timeoutMs = values.timeout === undefined ? undefined : timerDelay(Math.max(0, parseGoDuration(values.timeout)));
      } catch (error) {
        throw new UsageError(`--timeout: ${(error as Error).message}`);
      }
      try {
        // Refused as a node at that level would refuse it; the text as written runs (errors keep its positions).
        if (argument.kind === 'file') prepareTracer(tracer, values.tracer, commandEcmaLevel(values, UsageError));
        job = fixtureJob(fixture, file, tracer, values.config);
      } catch (error) {
        if (error instanceof UsageError) throw error;
        process.stderr.write(`evm-tracer replay: ${(error as Error).message}\n`);
        return 1;
      }
      if (timeoutMs !== undefined) job.timeoutMs = timeoutMs;
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      process.stderr.write(`evm-tracer replay: ${error.message}\n\n${usage}\n`);
      return 2;
    }
    const [outcome] = await runTraceJob(job);
    if ('error' in outcome) {
      process.stderr.write(`evm-tracer replay: ${outcome.error}\n`);
      return 1;
    }
    process.stdout.write(outcome.json + '\n');
    return 0;
  },
};
