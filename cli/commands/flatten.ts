// `evm-tracer flatten`: the tracer as the one line a provider accepts.
import { parseArgs } from 'node:util';
import { flattenTracer } from '../../core/tracer/flatten';
import { commandEcmaLevel, ecmaOptionHelp } from '../node/ecma-level';
import type { Command } from './command';
import { formatDiagnostic, isUsageError, readTracerFile, UsageError } from './lint';

const usage = `usage: evm-tracer flatten [--json] [--ecma 5|2017 | --endpoint NAME] [--config-file FILE] FILE

Prints the tracer as one line: no comments, no double quotes, no line breaks, '{' ... '}', at the level of
the node it is meant for.
  --json                 print it as a JSON string literal
${ecmaOptionHelp}
  --endpoint NAME        the node (in the config file) whose ecmaVersion to flatten at
  --config-file FILE     the config file (default ./evm-tracer.config.json if present)
On syntax errors nothing is printed on stdout, the diagnostics go to stderr, and the exit status is 1.`;

export const flattenCommand: Command = {
  summary: 'print a tracer as one line a provider accepts',
  async run(argv) {
    try {
      const { values, positionals } = parseArgs({
        args: argv,
        allowPositionals: true,
        options: {
          json: { type: 'boolean' },
          ecma: { type: 'string' },
          endpoint: { type: 'string' },
          'config-file': { type: 'string' },
          help: { type: 'boolean', short: 'h' },
        },
      });
      if (values.help) {
        process.stdout.write(usage + '\n');
        return 0;
      }
      if (positionals.length !== 1) throw new UsageError(`give exactly one tracer file (got ${positionals.length})`);
      const [file] = positionals;
      const { ecmaVersion } = commandEcmaLevel(values, UsageError);
      const result = flattenTracer(readTracerFile(file), { ecmaVersion });
      if (!result.ok) {
        for (const d of result.diagnostics) process.stderr.write(formatDiagnostic(file, d) + '\n');
        return 1;
      }
      process.stdout.write((values.json ? JSON.stringify(result.code) : result.code) + '\n');
      return 0;
    } catch (error) {
      if (!isUsageError(error)) throw error;
      process.stderr.write(`evm-tracer flatten: ${error.message}\nRun 'evm-tracer flatten --help' for usage.\n`);
      return 2;
    }
  },
};
