// Debug Trace Transaction, Debug Trace Call and Debug Trace Block: the trace commands, gathering their target
// the same way, run as a debug run with VS Code's debugger attached (../trace/debug-run.ts).
import type { CommandFactory } from './command';
import { traceBlock, traceCall, traceTransaction, type TraceArgs } from './trace';

const debugging =
  (command: CommandFactory): CommandFactory =>
  (ctx) =>
  (args?: TraceArgs) =>
    command(ctx)({ ...args, debug: true });

export const debugTraceTransaction = debugging(traceTransaction);
export const debugTraceCall = debugging(traceCall);
export const debugTraceBlock = debugging(traceBlock);
