// Messages between runTraceJob and the trace worker process.
import type { HookName } from '../tracer/host/tracer-host';
import type { UpstreamSnapshot } from '../state/upstream-snapshot';
import type { TraceJob, WorkerOutcome } from '../evm/job';
import type { DevOutcomes, DevWork } from '../evm/dev-work';

/** Where a debug run's worker opens the inspector. */
export interface InspectAddress {
  host: string;
  /** 0 picks a free port. */
  port: number;
}

export type WorkerRequest =
  | {
      job: TraceJob;
      /** A debug run: open the inspector here and wait for a debugger before the job starts. */
      inspect?: InspectAddress;
    }
  /** The dev chain's own EVM work (a call, an estimate, a mined transaction): answered with `worked` or `failed`. */
  | { work: DevWork };

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
  /** A debug run's inspector is open at `url`; the job starts once a debugger has attached and resumed. */
  | { type: 'listening'; url: string }
  /** A debugger attached and let the debug run start. */
  | { type: 'attached' }
  /** The debugger paused the worker (breakpoint, step, pause) or let it run again: the time-out stops meanwhile. */
  | { type: 'paused' }
  | { type: 'resumed' }
  /** Fork mode: upstream state the worker read lazily (sent before `done` or `failed`), for the disk cache. */
  | { type: 'fetched'; snapshot: UpstreamSnapshot }
  | { type: 'outcome'; index: number; outcome: WorkerOutcome }
  | { type: 'worked'; outcome: DevOutcomes[DevWork['kind']] }
  | { type: 'done' }
  | { type: 'failed'; error: string };
