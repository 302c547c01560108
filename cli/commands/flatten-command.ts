// `evm-tracer flatten`: the tracer as the one line a provider accepts.
import { flattenTracer } from '../../core/tracer/flatten';
import { CONFIG_FILE_NAME } from '../../core/config-file';
import { defineCommand, UsageError } from '../command-line';
import { commandEcmaLevel, ecmaOption } from '../ecma-option';
import { formatDiagnostic, readTracerFile } from './lint-command';

export const flattenCommand = defineCommand({
  name: 'flatten',
  summary: 'print a tracer as one line a provider accepts',
  synopsis: ['[--json] [--ecma 5|2017 | --endpoint NAME] [--config-file FILE] FILE'],
  description: `Prints the tracer as one line: no comments, no double quotes, no line breaks, '{' ... '}', at the level of
the node it is meant for. On syntax errors nothing is printed on stdout, the diagnostics go to stderr, and
the exit status is 1.`,
  options: {
    json: { type: 'boolean', help: 'print it as a JSON string literal' },
    ecma: ecmaOption,
    endpoint: { type: 'string', value: 'NAME', help: 'the node (in the config file) whose ecmaVersion to flatten at' },
    'config-file': { type: 'string', value: 'FILE', help: `the config file (default ./${CONFIG_FILE_NAME} if present)` },
  },
  async run({ values, positionals }) {
    if (positionals.length !== 1) throw new UsageError(`give exactly one tracer file (got ${positionals.length})`);
    const [file] = positionals;
    const { ecmaVersion } = commandEcmaLevel(values);
    const result = flattenTracer(readTracerFile(file), { ecmaVersion });
    if (!result.ok) {
      for (const d of result.diagnostics) process.stderr.write(formatDiagnostic(file, d) + '\n');
      return 1;
    }
    process.stdout.write((values.json ? JSON.stringify(result.code) : result.code) + '\n');
    return 0;
  },
});
