// The `debug` member of a trace config, this node's own extension for debugging a tracer (a node started
// with --debug-traces only): `{"file": "/abs/x.tracer.js", "host": "127.0.0.1", "port": 9229}`. The request's
// `tracer` is then the file's text as is (never a flattened copy): it is compiled under the file's URL with
// the file's positions, and the trace worker opens the inspector at host:port and waits for a debugger.
import { isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { InspectAddress } from '../trace/protocol';
import { invalidParams } from './rpc-error';

export interface DebugRun {
  /** The tracer file's file:// URL. */
  tracerUrl: string;
  inspect: InspectAddress;
}

export function debugRun(value: unknown, index: number): DebugRun {
  const fail = (reason: string): never => {
    throw invalidParams(`invalid argument ${index}: "debug"${reason}`);
  };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail(' must be an object {file, host, port}');
  const { file, host, port } = value as Record<string, unknown>;
  if (typeof file !== 'string' || !isAbsolute(file)) return fail('.file must be the absolute path of the tracer file');
  if (host !== undefined && (typeof host !== 'string' || !/^[\w.:-]+$/.test(host))) return fail('.host must be a host name or IP address');
  if (!Number.isInteger(port) || (port as number) < 0 || (port as number) > 65535) return fail('.port must be an integer from 0 to 65535');
  return { tracerUrl: pathToFileURL(file).href, inspect: { host: (host as string | undefined) ?? '127.0.0.1', port: port as number } };
}
