// Subcommands of `evm-tracer`. Each module exports a `Command`; add it here to expose it.
import type { Command } from './command';
import { cacheCommand } from './cache-command';
import { checkCommand } from './check-command';
import { flattenCommand } from './flatten-command';
import { lintCommand } from './lint-command';
import { nodeCommand } from './node-command';
import { replayCommand } from './replay-command';
import { reportCommand } from './report-command';
import { traceCommand } from './trace-command';
import { workerCommand } from './worker-command';
import { xchainCommand } from './xchain-command';

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
  worker: workerCommand,
};
