// Subcommands of `evm-tracer`. Each module exports a `Command`; add it here to expose it.
import type { Command } from './command';

export const commands: Record<string, Command> = {};
