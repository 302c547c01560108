// Messages between runTraceJob and the trace worker.
import type { HookName } from '../host/tracer-host';
import type { TraceJob, TraceOutcome } from './job';

export interface WorkerRequest {
  job: TraceJob;
  /** Int32Array[1]: index in hookCodes of the hook running now (0: none yet). */
  hookSlot: SharedArrayBuffer;
}

export type WorkerMessage =
  | { type: 'txStart'; index: number; hookLocations: Partial<Record<HookName, string>> }
  | { type: 'outcome'; index: number; outcome: TraceOutcome }
  | { type: 'done' }
  | { type: 'failed'; error: string };

export const hookCodes: Array<HookName | 'none'> = ['none', 'step', 'fault', 'enter', 'exit', 'result'];
