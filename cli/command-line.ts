// How every `evm-tracer` command reads its command line and shows its help: Node's util.parseArgs (strict),
// one usage-error type, and one help shape generated from the options each command declares:
//
//   usage: evm-tracer CMD SYNOPSIS
//          evm-tracer CMD OTHER SYNOPSIS
//
//   What the command does.
//
//   options:
//     --name VALUE           what it does
//     -h, --help             print this help
//
// A usage error prints `evm-tracer CMD: MESSAGE`, the synopsis and where the help is, on stderr; exit 2.
import { parseArgs } from 'node:util';
import type { Command } from './commands/command';

/** A mistake on the command line: printed with the synopsis, exit status 2. */
export class UsageError extends Error {}

export interface OptionSpec {
  type: 'string' | 'boolean';
  /** Repeatable: the values come as an array. */
  multiple?: boolean;
  short?: string;
  /** The value's name in the help, e.g. FILE (string options). */
  value?: string;
  /** Help text; each further line is shown under the first. */
  help: string;
}

export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

/** The parsed values of `O`: absent when not given. */
export type OptionValues<O extends OptionSpecs> = {
  -readonly [K in keyof O]?: O[K]['type'] extends 'boolean' ? boolean : O[K]['multiple'] extends true ? string[] : string;
};

export interface CommandLine<O extends OptionSpecs> {
  values: OptionValues<O>;
  positionals: string[];
}

/** A titled group of options in the help (and on the command line), e.g. node selection. */
export interface OptionGroup<G extends OptionSpecs> {
  title: string;
  options: G;
}

export interface CommandHelp {
  /** The subcommand, e.g. `trace`. */
  name: string;
  /** One line per form, after `evm-tracer NAME `. */
  synopsis: string[];
  description: string;
  /** The command's own options (-h/--help is added). */
  options: OptionSpecs;
  group?: OptionGroup<OptionSpecs>;
  /** Titled text after the options, e.g. lint's rules. */
  notes?: { title: string; text: string };
}

const helpOption: OptionSpec = { type: 'boolean', short: 'h', help: 'print this help' };

const optionColumn = 25;

function optionLines(name: string, spec: OptionSpec): string[] {
  const flag = `${spec.short ? `-${spec.short}, ` : ''}--${name}${spec.type === 'string' ? ` ${spec.value ?? 'VALUE'}` : ''}`;
  const [first, ...more] = spec.help.split('\n');
  const indent = ' '.repeat(optionColumn);
  const head = `  ${flag}`;
  const lines = head.length < optionColumn - 1 ? [head.padEnd(optionColumn) + first] : [head, indent + first];
  return [...lines, ...more.map((line) => indent + line)];
}

/** `usage: evm-tracer NAME FORM`, one line per form; a form starting with a space continues the one before. */
function synopsisLines({ name, synopsis }: CommandHelp): string {
  const command = `evm-tracer ${name} `;
  return synopsis
    .map(
      (form, i) =>
        (i === 0 ? 'usage: ' + command : form.startsWith(' ') ? ' '.repeat(7 + command.length) : '       ' + command) + form.trimStart(),
    )
    .join('\n');
}

function optionBlock(title: string, options: OptionSpecs): string {
  return `${title}:\n${Object.entries(options)
    .flatMap(([name, spec]) => optionLines(name, spec))
    .join('\n')}`;
}

/** The full `--help` text. */
function helpText(help: CommandHelp): string {
  return [
    synopsisLines(help),
    help.description,
    optionBlock('options', { ...help.options, help: helpOption }),
    ...(help.group ? [optionBlock(help.group.title, help.group.options)] : []),
    ...(help.notes ? [`${help.notes.title}:\n${help.notes.text}`] : []),
  ].join('\n\n');
}

/** The closest option name to a mistyped one, if close enough to be what was meant. */
function closestOption(typed: string, names: string[]): string | undefined {
  const distance = (a: string, b: string): number => {
    let row = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const next = [i];
      for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      row = next;
    }
    return row[b.length];
  };
  const scored = names.map((name) => ({ name, score: distance(typed, name) })).sort((a, b) => a.score - b.score);
  return scored[0] && scored[0].score <= Math.max(1, Math.floor(typed.length / 4)) ? scored[0].name : undefined;
}

/** parseArgs' errors, said plainly; values are never repeated (one may be a secret). */
function parseArgsMessage(error: Error & { code?: string }, options: OptionSpecs): string {
  const option = /^(?:Unknown option|Option) '(-{1,2}[^' ]*)/.exec(error.message)?.[1];
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) {
    const meant = option.startsWith('--') ? closestOption(option.slice(2), Object.keys(options)) : undefined;
    return `Unknown option '${option}'${meant ? ` (did you mean --${meant}?)` : ''}`;
  }
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option && /ambiguous|missing/.test(error.message)) {
    return `option '${option}' needs a value (one that starts with '-' is written ${option}=-VALUE)`;
  }
  return error.message.split('\n')[0];
}

/** Parses `argv` against `options` (and -h/--help); any mistake is a UsageError naming it. */
function parseCommandLine<O extends OptionSpecs>(argv: string[], options: O): CommandLine<O> & { help: boolean } {
  const config = Object.fromEntries(
    Object.entries({ ...options, help: helpOption }).map(([name, { type, multiple = false, short }]) => [
      name,
      short ? { type, multiple, short } : { type, multiple },
    ]),
  );
  try {
    const { values, positionals } = parseArgs({ args: argv, options: config, allowPositionals: true, strict: true });
    const { help, ...rest } = values;
    return { values: rest as OptionValues<O>, positionals, help: help === true };
  } catch (error) {
    throw new UsageError(parseArgsMessage(error as Error & { code?: string }, options));
  }
}

/** Writes a usage error the one way every command does; returns its exit status. */
function reportUsageError(help: CommandHelp, error: UsageError): number {
  process.stderr.write(
    `evm-tracer ${help.name}: ${error.message}\n\n${synopsisLines(help)}\nRun 'evm-tracer ${help.name} --help' for its options.\n`,
  );
  return 2;
}

/** Throws a UsageError naming the first positional argument past the `count` expected. */
export function expectPositionals(positionals: string[], count: number): void {
  if (positionals.length > count) throw new UsageError(`unexpected argument '${positionals[count]}'`);
}

/**
 * A command: its help, options and what it does with a parsed command line. `-h`/`--help` prints the help;
 * a UsageError thrown by `run` (or by the parse) is reported as a usage error; other errors propagate.
 */
export function defineCommand<O extends OptionSpecs, G extends OptionSpecs = Record<never, OptionSpec>>(
  spec: CommandHelp & {
    summary: string;
    options: O;
    group?: OptionGroup<G>;
    run(line: CommandLine<O & G>): Promise<number>;
  },
): Command {
  const options = { ...spec.options, ...spec.group?.options } as O & G;
  return {
    summary: spec.summary,
    async run(argv) {
      try {
        const line = parseCommandLine(argv, options);
        if (line.help) {
          process.stdout.write(`${helpText(spec)}\n`);
          return 0;
        }
        return await spec.run(line);
      } catch (error) {
        if (error instanceof UsageError) return reportUsageError(spec, error);
        throw error;
      }
    },
  };
}
