// What one trace run is: which tracer, which target (core's TraceTarget), which node. Plain data: it is kept
// in the result panel's state (restored after a restart) and in workspace state for "Run Last Trace Again".
import type { TraceTarget } from '../../core/trace/requests';

export interface TraceSpec {
  tracerUri: string;
  target: TraceTarget;
  /** Raw tracerConfig JSON text. */
  tracerConfig?: string;
  nodeName: string;
}

export const METHOD_NAMES: Record<TraceTarget['kind'], string> = {
  tx: 'debug_traceTransaction',
  call: 'debug_traceCall',
  block: 'debug_traceBlockByHash',
};

/** A short description of the target for headers and logs. */
export function describeTarget(target: TraceTarget): string {
  switch (target.kind) {
    case 'tx':
      return `transaction ${target.hash}`;
    case 'block':
      return `block ${target.hash}`;
    case 'call':
      return `call to ${target.call.to ?? '(contract creation)'} at block ${target.block}`;
  }
}

/** The file name of the tracer, for titles. */
export function tracerName(spec: TraceSpec): string {
  return decodeURIComponent(
    spec.tracerUri
      .replace(/[?#].*$/, '')
      .split('/')
      .pop() ?? spec.tracerUri,
  );
}
