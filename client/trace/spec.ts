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

/** The file name of the tracer, for titles. */
export function tracerName(spec: Pick<TraceSpec, 'tracerUri'>): string {
  return decodeURIComponent(
    spec.tracerUri
      .replace(/[?#].*$/, '')
      .split('/')
      .pop() ?? spec.tracerUri,
  );
}
