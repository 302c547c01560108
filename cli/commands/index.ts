// Subcommands of `evm-tracer`. Each module exports a `Command`; add it here to expose it.
import type { Command } from './command';
import { flattenCommand } from './flatten';
import { lintCommand } from './lint';

export const commands: Record<string, Command> = {
  lint: lintCommand,
  flatten: flattenCommand,
};
