// `evm-tracer` command line: dispatches to one module per subcommand.
import { commands } from './commands';

const usage = `usage: evm-tracer <command> [options]

commands:
${Object.entries(commands)
  .map(([name, command]) => `  ${name.padEnd(10)} ${command.summary}`)
  .join('\n')}

Run 'evm-tracer <command> --help' for a command's options.`;

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h') {
    process.stdout.write(usage + '\n');
    return name === undefined ? 2 : 0;
  }
  const command = commands[name];
  if (!command) {
    process.stderr.write(`evm-tracer: unknown command '${name}'\n\n${usage}\n`);
    return 2;
  }
  return command.run(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`evm-tracer: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
