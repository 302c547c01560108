// Messages between runTraceJob and the trace worker process.
import type { HookName } from '../tracer/host/tracer-host';
import type { TraceJob, WorkerOutcome } from './job';

export interface WorkerRequest {
  job: TraceJob;
}

export type WorkerMessage =
  /** A traced transaction starts: its time-out runs from here, through the tracer's construction and setup. */
  | { type: 'txStart'; index: number }
  /** The tracer expression is evaluated: where its hooks are, for time-out texts. */
  | { type: 'located'; hookLocations: Partial<Record<HookName, string>> }
  /** The tracer hook now running (sent when it changes), so a time-out can name it while the worker is stuck. */
  | { type: 'hook'; hook: HookName }
  /** One part of a long result's text, sent before its outcome (whose `jsonParts` is then empty) so that no
   * message holds the whole text. */
  | { type: 'outcomePart'; index: number; part: Uint8Array }
  | { type: 'outcome'; index: number; outcome: WorkerOutcome }
  | { type: 'done' }
  | { type: 'failed'; error: string };
