// Messages between runTraceJob and the trace worker process.
import type { HookName } from '../host/tracer-host';
import type { TraceJob, TraceOutcome } from './job';

export interface WorkerRequest {
  job: TraceJob;
}

export type WorkerMessage =
  | { type: 'txStart'; index: number; hookLocations: Partial<Record<HookName, string>> }
  /** The tracer hook now running (sent when it changes), so a time-out can name it while the worker is stuck. */
  | { type: 'hook'; hook: HookName }
  | { type: 'outcome'; index: number; outcome: TraceOutcome }
  | { type: 'done' }
  | { type: 'failed'; error: string };
