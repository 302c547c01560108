// Subcommands of `evm-tracer`. Each module exports a `Command`; add it here to expose it.
import type { Command } from './command';
import { cacheCommand } from './cache';
import { checkCommand } from './check';
import { flattenCommand } from './flatten';
import { lintCommand } from './lint';
import { nodeCommand } from './node';
import { replayCommand } from './replay';
import { reportCommand } from './report';
import { traceCommand } from './trace';
import { xchainCommand } from './xchain';

export const commands: Record<string, Command> = {
  lint: lintCommand,
  flatten: flattenCommand,
  trace: traceCommand,
  check: checkCommand,
  xchain: xchainCommand,
  node: nodeCommand,
  replay: replayCommand,
  report: reportCommand,
  cache: cacheCommand,
};
