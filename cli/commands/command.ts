/** One `evm-tracer` subcommand. `run` returns the process exit status (0 ok, 1 failure, 2 usage error). */
export interface Command {
  summary: string;
  run(argv: string[]): Promise<number>;
}
