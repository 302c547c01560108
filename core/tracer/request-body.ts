// The JSON-RPC request body that runs a tracer file on a node: the tracer flattened into the options of a
// debug_trace* call (params built by core/trace/requests.ts).
import { traceRequest, type TraceTarget } from '../trace/requests';
import type { EcmaVersion, TracerDiagnostic } from './diagnostic';
import { flattenTracer } from './flatten';

interface RequestBodyOptions {
  id?: number;
  ecmaVersion?: EcmaVersion;
  tracerConfig?: unknown;
  timeout?: string;
}

export function traceRequestBody(
  source: string,
  target: TraceTarget,
  options: RequestBodyOptions = {},
): { ok: true; body: string } | { ok: false; diagnostics: TracerDiagnostic[] } {
  const flat = flattenTracer(source, { ecmaVersion: options.ecmaVersion });
  if (!flat.ok) return flat;
  const { method, params } = traceRequest(target, { tracer: flat.code, tracerConfig: options.tracerConfig, timeout: options.timeout });
  return { ok: true, body: JSON.stringify({ jsonrpc: '2.0', id: options.id ?? 1, method, params }) };
}
